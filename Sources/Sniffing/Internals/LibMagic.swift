internal import CMagic
import Foundation
import Synchronization
import SystemCalls

/// Every libmagic call of the package, in one place.
///
/// libmagic is loaded the first time a handle opens (`SharedLibrary`): a process whose files
/// the package's own signatures recognize never maps it. A library that cannot be loaded is a
/// failure of the operation `load`, with a message naming the library and its package.
///
/// A libmagic handle (`magic_t`) must not be used by two threads at once, and loading one costs
/// a few milliseconds, so handles live in a small pool: a caller takes an idle handle (or opens
/// a new one), uses it alone, and gives it back. At most one per processor stays open; extra
/// handles opened under contention are closed when returned. Every failure carries the
/// operation and the message `magic_error` gave.
final class LibMagic: Sendable {
  /// What a failed call said.
  struct Failure: Error, Sendable {
    var operation: String
    var message: String
  }

  /// An open libmagic handle (`magic_t`), closed when the last reference goes.
  ///
  /// The pointer sits in a `Mutex`, which is what makes the handle `Sendable` without an
  /// unchecked promise: every use of it is under that lock. The pool hands a handle to one
  /// caller at a time, so the lock is never contended; it costs an atomic pair per call.
  private final class Handle: Sendable {
    private let pointer: Mutex<OpaquePointer>

    init(_ pointer: consuming sending OpaquePointer) {
      self.pointer = Mutex(pointer)
    }

    deinit {
      // A handle exists only once the library loaded.
      guard case .success(let magic) = Library.loaded.result else { return }
      pointer.withLock { magic.magic_close($0) }
    }

    /// Runs `body` with the pointer; nothing of it may escape `body`.
    func with<R: Sendable, E: Error>(
      _ body: (OpaquePointer) throws(E) -> R
    ) throws(E) -> R {
      try pointer.withLock { (handle) throws(E) -> R in try body(handle) }
    }
  }

  /// The idle handles.
  private let idle = Mutex<[Handle]>([])
  private let flags: Int32

  /// Creates an empty pool; handles open on first use.
  init() {
    // MIME types only; MAGIC_ERROR turns soft failures into reported errors.
    self.flags = MAGIC_MIME_TYPE | MAGIC_ERROR
  }

  /// Opens and loads one handle now, so that the first `mimeType(of:)` does not pay for it.
  func warmUp() throws(Failure) {
    give(back: try take())
  }

  /// The MIME type libmagic gives for these bytes, such as `image/x-xcf`.
  func mimeType(of bytes: [UInt8]) throws(Failure) -> String {
    let handle = try take()
    defer { give(back: handle) }
    let magic = try Self.functions()
    return try handle.with { (handle) throws(Failure) -> String in
      let result = bytes.withUnsafeBytes { buffer in
        magic.magic_buffer(handle, buffer.baseAddress, buffer.count)
      }
      guard let result else {
        throw Failure(operation: "magic_buffer", message: Self.lastError(of: handle, magic))
      }
      return String(cString: result)
    }
  }

  private func take() throws(Failure) -> Handle {
    if let handle = idle.withLock({ $0.popLast() }) { return handle }
    let magic = try Self.functions()
    guard let pointer = magic.magic_open(flags) else {
      throw Failure(operation: "magic_open", message: "out of memory")
    }
    let handle = Handle(pointer)
    let loaded = handle.with {
      magic.magic_load($0, nil) == 0 ? nil : Self.lastError(of: $0, magic)
    }
    if let message = loaded {
      throw Failure(operation: "magic_load", message: message)
    }
    return handle
  }

  /// Returns `handle` to the pool; one beyond what the pool keeps is closed as it goes.
  private func give(back handle: Handle) {
    idle.withLock { handles in
      guard handles.count < Self.maximumIdleHandles else { return }
      handles.append(handle)
    }
  }

  private static func lastError(of handle: OpaquePointer, _ magic: cmagic_api) -> String {
    guard let message = magic.magic_error(handle) else { return "no message from libmagic" }
    return String(cString: message)
  }

  /// How many idle handles are kept: one per processor the process may use, counted the first
  /// time a handle is given back (counting reads the cgroup's quota: nothing a process that
  /// never needs libmagic should pay for).
  private static let maximumIdleHandles = max(1, ProcessInfo.processInfo.activeProcessorCount)

  /// libmagic's functions, loading the library on first use.
  private static func functions() throws(Failure) -> cmagic_api {
    switch Library.loaded.result {
    case .success(let functions): return functions
    case .failure(let error): throw Failure(operation: "load", message: "\(error)")
    }
  }

  /// libmagic, loaded the first time a handle opens.
  private enum Library {
    static let loaded = LoadedLibrary<cmagic_api>(.libmagic) { handle in
      var missing: UnsafePointer<CChar>?
      let functions = cmagic_resolve(handle, &missing)
      return (functions?.pointee, missing.map { String(cString: $0) })
    }
  }
}
