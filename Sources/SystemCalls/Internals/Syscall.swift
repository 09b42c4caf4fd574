#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Runs one system call: consults the fault injector, retries on `EINTR`, and turns a failure
/// into its `Errno` (swift-system's `valueOrErrno` and `retryOnInterrupt` in one place).
///
/// An injected `EINTR` goes through the same retry loop as a real one, so a test that injects it
/// proves the retry. In debug builds it first checks that no task calls it from Swift's
/// cooperative pool (`ExecutorCheck`); release builds compile no check.
@inline(__always)
func syscall<T: FixedWidthInteger>(
  _ call: SystemCall, _ path: String, retryOnInterrupt: Bool = true, _ body: () -> T
) -> Result<T, Errno> {
  #if DEBUG
    ExecutorCheck.shared.check(call, path)
  #endif
  while true {
    let result: T
    let code: Errno
    if let injected = FaultInjector.shared.fault(for: call, path: path) {
      result = -1
      code = injected
    } else {
      result = body()
      if result >= 0 { return .success(result) }
      code = Errno.current
    }
    if retryOnInterrupt && code == .interrupted { continue }
    return .failure(code)
  }
}

/// The same for calls that return a pointer, nil on failure (`opendir`, `mkdtemp`).
@inline(__always)
func syscall<T>(_ call: SystemCall, _ path: String, _ body: () -> T?) -> Result<T, Errno> {
  #if DEBUG
    ExecutorCheck.shared.check(call, path)
  #endif
  while true {
    let code: Errno
    if let injected = FaultInjector.shared.fault(for: call, path: path) {
      code = injected
    } else {
      if let value = body() { return .success(value) }
      code = Errno.current
    }
    if code == .interrupted { continue }
    return .failure(code)
  }
}

extension Result where Failure == Errno {
  /// The value, or an `IOError` for `operation` on `path`.
  @inline(__always)
  func orThrow(_ operation: SystemCall, _ path: String) throws(IOError) -> Success {
    try orThrow(as: IOError.Operation(operation), path)
  }

  /// The value, or an `IOError` for `operation` on `path` (an `open` that reads or writes).
  @inline(__always)
  func orThrow(as operation: IOError.Operation, _ path: String) throws(IOError) -> Success {
    switch self {
    case .success(let value): return value
    case .failure(let errno):
      throw IOError(operation: operation, path: path, errno: errno)
    }
  }
}
