#if canImport(Testing)
  import Testing

  /// Runs each test of a suite (or one test) in `withIOExecutor`: on a worker of an I/O
  /// executor of the tests' own, as the package's own entry points run on theirs, with the
  /// executor check asserting for it. A suite whose fixtures call the synchronous, blocking
  /// initialisers (`GroupDirectory(path:)`, `Library(path:)`) or system calls from its tests
  /// keeps the concurrency model with `@Suite(.onIOExecutor)`, the form every suite is meant
  /// to have.
  public struct IOExecutorTrait: SuiteTrait, TestTrait, TestScoping {
    /// Applied to every test of the suite, and of its nested suites.
    public var isRecursive: Bool { true }

    /// Runs `function` (the test) in `withIOExecutor`.
    public func provideScope(
      for test: Test, testCase: Test.Case?,
      performing function: @Sendable () async throws -> Void
    ) async throws {
      try await withIOExecutor { try await function() }
    }
  }

  extension Trait where Self == IOExecutorTrait {
    /// Runs the tests on the I/O executor with the executor check asserting (`IOExecutorTrait`).
    public static var onIOExecutor: Self { Self() }
  }
#endif
