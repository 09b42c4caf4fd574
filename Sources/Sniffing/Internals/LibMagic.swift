internal import CMagic
import Synchronization

/// Every libmagic call of the package, in one place.
///
/// A libmagic handle (`magic_t`) must not be used by two threads at once, and loading one costs
/// a few milliseconds, so handles live in a small pool: a caller takes an idle handle (or opens
/// a new one), uses it alone, and gives it back. At most `maximumIdleHandles` stay open; extra
/// handles opened under contention are closed when returned. Every failure carries the
/// operation and the message `magic_error` gave.
final class LibMagic: Sendable {
  /// What a failed call said.
  struct Failure: Error, Sendable {
    var operation: String
    var message: String
  }

  /// libmagic's handles, kept as bit patterns so the pool is plain `Sendable` data; each
  /// pattern is only turned back into a pointer by the one caller that took it out.
  private let idle = Mutex<[UInt]>([])
  private let maximumIdleHandles: Int
  private let flags: Int32

  /// The version of the linked libmagic, such as 544 for 5.44.
  static var version: Int { Int(magic_version()) }

  /// Creates an empty pool; handles open on first use.
  init(maximumIdleHandles: Int) {
    self.maximumIdleHandles = max(1, maximumIdleHandles)
    // MIME types only; MAGIC_ERROR turns soft failures into reported errors.
    self.flags = MAGIC_MIME_TYPE | MAGIC_ERROR
  }

  deinit {
    for pattern in idle.withLock({ $0 }) {
      if let handle = OpaquePointer(bitPattern: pattern) { magic_close(handle) }
    }
  }

  /// Opens and loads one handle now, so that the first `mimeType(of:)` does not pay for it.
  func warmUp() throws(Failure) {
    let handle = try take()
    give(back: handle)
  }

  /// The MIME type libmagic gives for these bytes, such as `image/x-xcf`.
  func mimeType(of bytes: [UInt8]) throws(Failure) -> String {
    let handle = try take()
    defer { give(back: handle) }
    let result = bytes.withUnsafeBytes { buffer in
      magic_buffer(handle, buffer.baseAddress, buffer.count)
    }
    guard let result else {
      throw Failure(operation: "magic_buffer", message: Self.lastError(of: handle))
    }
    return String(cString: result)
  }

  private func take() throws(Failure) -> OpaquePointer {
    let pattern = idle.withLock { $0.popLast() }
    if let pattern, let handle = OpaquePointer(bitPattern: pattern) { return handle }
    guard let handle = magic_open(flags) else {
      throw Failure(operation: "magic_open", message: "out of memory")
    }
    guard magic_load(handle, nil) == 0 else {
      let message = Self.lastError(of: handle)
      magic_close(handle)
      throw Failure(operation: "magic_load", message: message)
    }
    return handle
  }

  private func give(back handle: OpaquePointer) {
    let pattern = UInt(bitPattern: handle)
    let kept = idle.withLock { handles in
      guard handles.count < maximumIdleHandles else { return false }
      handles.append(pattern)
      return true
    }
    if !kept { magic_close(handle) }
  }

  private static func lastError(of handle: OpaquePointer) -> String {
    guard let message = magic_error(handle) else { return "no message from libmagic" }
    return String(cString: message)
  }
}
