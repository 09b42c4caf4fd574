/// Transactions and savepoints, each opened and ended in one place: `BEGIN` … `COMMIT` around
/// a body, `ROLLBACK` when it throws (as `SQLiteConnection.writeTransaction` does, and GRDB's
/// `inTransaction` and `inSavepoint`).
///
/// A transaction that outlives one call (a claim's, held until its shares are settled) opens
/// and ends with `beginTransaction`, `commitTransaction` and `rollbackTransaction`.
///
/// The bodies throw whatever they throw (a payload that cannot be read, a schema refused), so
/// these throw untyped errors: the body's own, or a `PostgresError` from `BEGIN`, `COMMIT` or
/// `RELEASE`.
extension PGConnection {
  /// Runs `body` in a transaction (`BEGIN` … `COMMIT`) and returns what it returns.
  ///
  /// When `body` throws, the transaction is rolled back (unless the connection is lost: the
  /// server then rolled it back) and the error is thrown on. A transaction that `body` left
  /// failed without throwing (it caught a statement's error) is rolled back too, and that is
  /// an error: `COMMIT` would have rolled it back without saying so.
  ///
  /// - Parameter operation: What the transaction does, for errors.
  /// - Throws: `PostgresError` when a transaction is already open on the connection (nest
  ///   with `withSavepoint`), or when `BEGIN` or `COMMIT` fails; whatever `body` throws. A
  ///   `COMMIT` lost with its connection leaves the outcome unknown: the error is then a
  ///   connection failure.
  func withTransaction<R>(operation: String, _ body: () throws -> R) throws -> R {
    guard !isInTransaction else {
      throw PostgresError(
        operation: operation, target: url.redacted, sqlState: nil,
        message: "a transaction is already open on the connection (a savepoint nests)")
    }
    try beginTransaction(operation: operation)
    do {
      let result = try body()
      if isInFailedTransaction {
        throw PostgresError(
          operation: operation, target: url.redacted, sqlState: "25P02",
          message: "a statement of the transaction failed; it was rolled back")
      }
      try commitTransaction(operation: operation)
      return result
    } catch {
      if !isBroken, isInTransaction { try? rollbackTransaction(operation: operation) }
      throw error
    }
  }

  /// Runs `body` under the savepoint `name` in the transaction open on the connection, and
  /// releases it; when `body` throws, rolls back to the savepoint (undoing only what `body`
  /// did, the transaction going on as it was before) and throws the error on.
  ///
  /// - Parameters:
  ///   - name: The savepoint, a plain SQL identifier (`share_ingest_group`); a fixed name may
  ///     be reused by nested calls, the innermost one hiding the others until released.
  ///   - operation: What the work does, for errors.
  /// - Throws: `PostgresError` when no transaction is open (SQLSTATE `25P01`), or the
  ///   savepoint cannot be taken or released; whatever `body` throws.
  func withSavepoint<R>(_ name: String, operation: String, _ body: () throws -> R) throws -> R {
    try execute("SAVEPOINT \(Self.identifier(name))", operation: operation)
    do {
      let result = try body()
      try execute("RELEASE SAVEPOINT \(name)", operation: operation)
      return result
    } catch {
      if !isBroken, isInTransaction { try? rollback(toSavepoint: name, operation: operation) }
      throw error
    }
  }

  /// Runs `statements` under the savepoint `name`, sent in one pipeline with the savepoint and
  /// its release (one round trip), in the transaction open on the connection.
  ///
  /// When a statement fails, the server skips the rest; the transaction is then rolled back to
  /// the savepoint (two more round trips), as it was before the call, and the first failure
  /// is returned.
  ///
  /// - Returns: Each statement's rows, in order, when all of them succeeded; else the first
  ///   failure.
  /// - Throws: `PostgresError` when the pipeline cannot be sent, the connection is lost, or
  ///   rolling back to the savepoint fails (the transaction is then failed).
  func pipeline(_ statements: [PGStatement], inSavepoint name: String, operation: String)
    throws(PostgresError) -> Result<[PGRows], PostgresError>
  {
    let outcomes = try pipeline(
      [PGStatement("SAVEPOINT \(Self.identifier(name))")] + statements
        + [PGStatement("RELEASE SAVEPOINT \(name)")], operation: operation)
    var rows: [PGRows] = []
    rows.reserveCapacity(outcomes.count)
    for outcome in outcomes {
      switch outcome {
      case .success(let result): rows.append(result)
      case .failure(let failure):
        try rollback(toSavepoint: name, operation: operation)
        return .failure(failure)
      }
    }
    return .success(Array(rows.dropFirst().dropLast()))
  }

  /// Opens a transaction (`BEGIN`) that the caller ends with `commitTransaction` or
  /// `rollbackTransaction`, for one that outlives a call; else use `withTransaction`.
  func beginTransaction(operation: String) throws(PostgresError) {
    try execute("BEGIN", operation: operation)
  }

  /// Commits the transaction open on the connection (`COMMIT`).
  func commitTransaction(operation: String) throws(PostgresError) {
    try execute("COMMIT", operation: operation)
  }

  /// Rolls back the transaction open on the connection (`ROLLBACK`).
  func rollbackTransaction(operation: String) throws(PostgresError) {
    try execute("ROLLBACK", operation: operation)
  }

  /// Rolls back to the savepoint `name` and releases it: the transaction goes on (no longer
  /// failed) as it was when the savepoint was taken.
  private func rollback(toSavepoint name: String, operation: String) throws(PostgresError) {
    try execute("ROLLBACK TO SAVEPOINT \(name)", operation: operation)
    try execute("RELEASE SAVEPOINT \(name)", operation: operation)
  }

  /// `name`, checked to be a plain SQL identifier (it is spliced into the statement): a
  /// savepoint's name is fixed in the code, never input.
  private static func identifier(_ name: String) -> String {
    precondition(
      name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
        && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) },
      "a savepoint's name is a plain SQL identifier")
    return name
  }
}
