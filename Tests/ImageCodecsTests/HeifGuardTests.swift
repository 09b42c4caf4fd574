import CHeifGuard
import CHeifGuardThrowing
import Testing

/// libheif lets C++ exceptions out of its C API (`std::bad_alloc` under an address-space
/// limit, `std::system_error` when `std::async` cannot start a thread). One that unwinds into
/// Swift terminates the process, so every libheif call that can throw runs through CHeifGuard:
/// these call the guard with stand-ins for libheif's functions that throw, and expect an error
/// back and the process alive.
@Suite("CHeifGuard: no C++ exception from libheif reaches Swift")
struct HeifGuardTests {
  /// libheif's `heif_error_Memory_allocation_error`, the code the guard gives a caught exception.
  static let memoryAllocationError: Int32 = 6

  static func message(_ error: cheif_guard_error) -> String {
    error.message.map { String(cString: $0) } ?? ""
  }

  @Test(
    "Reading: bad_alloc, system_error and a thrown int are each an error",
    arguments: [
      (cheif_guard_throws_bad_alloc, "libheif ran out of memory"),
      (cheif_guard_throws_system_error, "libheif failed with an exception"),
      (cheif_guard_throws_integer, "libheif failed with an exception"),
    ])
  func reading(_ thrown: cheif_guard_thrown, _ expected: String) {
    var context = 0
    let error = withUnsafeMutablePointer(to: &context) { pointer in
      cheif_guard_read_from_memory_without_copy(
        cheif_guard_throwing_read(thrown), pointer, nil, 0)
    }
    #expect(error.code == Self.memoryAllocationError)
    #expect(Self.message(error) == expected)
  }

  @Test("The primary handle and decoding: the exception is an error, no handle or image")
  func handleAndDecoding() {
    var context = 0
    var handle: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(bitPattern: 0x1)
    let handleError = withUnsafeMutablePointer(to: &context) { pointer in
      cheif_guard_get_primary_image_handle(cheif_guard_throwing_primary_handle(), pointer, &handle)
    }
    #expect(handleError.code == Self.memoryAllocationError)
    #expect(Self.message(handleError) == "libheif ran out of memory")

    var image: UnsafeMutableRawPointer?
    let decodeError = withUnsafePointer(to: &context) { pointer in
      cheif_guard_decode_image(cheif_guard_throwing_decode(), pointer, &image, 0, 0)
    }
    #expect(decodeError.code == Self.memoryAllocationError)
    #expect(Self.message(decodeError) == "libheif failed with an exception")
    #expect(image == nil)
  }
}
