import SystemCalls

extension Library {
  /// Opens the library at `path` as `init(path:create:)` does (creating it, migrating its
  /// schema, waiting out another process's lock), on a worker of the I/O executor: the form
  /// for `async` code, which must not block Swift's cooperative pool with SQLite and the
  /// library's system calls.
  ///
  /// - Throws: `LibraryError`, as `init(path:create:)`.
  public static func open(path: String, create: Bool = true) async throws(LibraryError)
    -> Library
  {
    try await IOExecutor.shared.run { () throws(LibraryError) -> Library in
      try Library(path: path, create: create)
    }
  }
}
