internal import CPostgres

/// One statement of a pipeline: SQL and its parameters, bound in order to `$1`, `$2`...
struct PGStatement: Sendable {
  /// The statement.
  var sql: String
  /// Its parameters.
  var parameters: [PGValue]

  init(_ sql: String, _ parameters: [PGValue] = []) {
    self.sql = sql
    self.parameters = parameters
  }
}

/// libpq's pipeline mode (PostgreSQL 14 and later): many statements sent at once, one round
/// trip on the socket for them all.
extension PGConnection {
  /// Whether this libpq has pipeline mode (libpq 14 and later).
  var hasPipelineMode: Bool {
    pq.enterPipelineMode != nil && pq.exitPipelineMode != nil && pq.pipelineSync != nil
  }

  /// Runs `statements` in order, sent together in pipeline mode with one synchronisation
  /// point after the last, and returns each one's outcome in order.
  ///
  /// The server stops at the first statement that fails: every statement after it is not run
  /// and its outcome says so. Inside a transaction the failure leaves the transaction failed
  /// (roll back to a savepoint taken before the pipeline to go on). Without pipeline mode
  /// (an older libpq) the statements are run one at a time, stopping the same way.
  ///
  /// The statements are queued in non-blocking mode and sent, reading the server's replies
  /// meanwhile, every wait bounded by the answer timeout (one deadline for the whole
  /// pipeline, `PGConnection+Deadline`).
  ///
  /// - Throws: `PostgresError` when the pipeline cannot be sent, the connection is lost, or
  ///   the server did not answer in time; statements' own failures are in the outcomes.
  func pipeline(_ statements: [PGStatement], operation: String) throws(PostgresError)
    -> [Result<PGRows, PostgresError>]
  {
    guard let enter = pq.enterPipelineMode, let exit = pq.exitPipelineMode,
      let sync = pq.pipelineSync
    else { return try oneByOne(statements, operation: operation) }
    guard enter(handle) == 1 else { throw failure(operation) }
    let deadline = answerDeadline()
    var sent = 0
    try sendWithoutBlocking(operation: operation, until: deadline) { () throws(PostgresError) in
      for statement in statements {
        let accepted = PGParameters.with(statement.parameters) {
          count, types, values, lengths, formats in
          pq.sendQueryParams(handle, statement.sql, count, types, values, lengths, formats, 0)
        }
        guard accepted == 1 else { break }
        sent += 1
      }
      guard sync(handle) == 1 else {
        let error = failure(operation)
        _ = exit(handle)
        throw error
      }
    }
    var outcomes: [Result<PGRows, PostgresError>] = []
    outcomes.reserveCapacity(statements.count)
    for _ in 0..<sent {
      // A statement's results end with a null result.
      var outcome: Result<PGRows, PostgresError>?
      while true {
        try awaitResult(operation: operation, until: deadline)
        guard let result = pq.getResult(handle) else { break }
        if outcome == nil {
          outcome = Result { () throws(PostgresError) in try rows(of: result, operation: operation)
          }
        } else {
          pq.clear(result)
        }
      }
      guard let outcome else { throw failure(operation) }
      outcomes.append(outcome)
    }
    // The synchronisation point's own result.
    try awaitResult(operation: operation, until: deadline)
    guard let synced = pq.getResult(handle) else { throw failure(operation) }
    let status = pq.resultStatus(synced)
    pq.clear(synced)
    guard status == PGRES_PIPELINE_SYNC, exit(handle) == 1 else { throw failure(operation) }
    if sent < statements.count {
      // libpq refused to queue a statement (out of memory): the rest were not sent.
      let refused = failure(operation)
      outcomes += Array(repeating: .failure(refused), count: statements.count - sent)
    }
    return outcomes
  }

  /// `pipeline(_:operation:)` without pipeline mode: one statement at a time.
  private func oneByOne(_ statements: [PGStatement], operation: String) throws(PostgresError)
    -> [Result<PGRows, PostgresError>]
  {
    var outcomes: [Result<PGRows, PostgresError>] = []
    var failed = false
    for statement in statements {
      guard !failed else {
        outcomes.append(
          .failure(
            PostgresError(
              operation: operation, target: url.redacted, sqlState: nil,
              message: "not run: an earlier statement of the pipeline failed")))
        continue
      }
      do {
        outcomes.append(
          .success(try query(statement.sql, statement.parameters, operation: operation)))
      } catch {
        if error.isConnectionFailure { throw error }
        outcomes.append(.failure(error))
        failed = true
      }
    }
    return outcomes
  }

  /// The connection's error, for a libpq call that failed.
  func failure(_ operation: String) -> PostgresError {
    PostgresError(
      operation: operation, target: url.redacted, sqlState: nil,
      message: Self.text(pq.errorMessage(handle)), isConnectionFailure: isBroken)
  }
}
