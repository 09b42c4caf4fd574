import SystemCalls

extension GroupDirectory {
  /// Opens (creating where missing) the group directory at `path`, as `init(path:)` does, on
  /// a worker of the I/O executor: the form for `async` code, which must not block Swift's
  /// cooperative pool with the directory's system calls (see <doc:ThreadsAndTheIOExecutor>).
  ///
  /// - Throws: `IOError` naming the operation and the path that failed.
  public static func open(path: String) async throws(IOError) -> GroupDirectory {
    try await IOExecutor.shared.run { () throws(IOError) -> GroupDirectory in
      try GroupDirectory(path: path)
    }
  }
}
