/// One versioned step of a schema: the statements that bring a database of the version before
/// to `version`.
package struct SchemaStep: Sendable, Hashable {
  /// The version the step brings the database to.
  package var version: Int
  /// Its statements.
  package var sql: String

  /// A step.
  package init(version: Int, sql: String) {
    self.version = version
    self.sql = sql
  }
}

/// What an engine (the SQLite library, the PostgreSQL database) gives `SchemaMigrator`: where
/// its version is kept, how it runs a step, and the transaction that serializes migrators.
package protocol SchemaStore {
  /// The version the database is at (0 for one without our tables).
  ///
  /// Called once without a transaction (a quick look, so an up-to-date database is opened
  /// without a write lock) and again in each step's transaction, where it reads what the last
  /// migrator left. It also refuses a database that is not ours (the engine's own error).
  func version() throws -> Int

  /// Runs `body` in one write transaction that also holds the lock serializing migrators of
  /// this database, committing when it returns and rolling back when it throws.
  func inMigrationTransaction<R>(_ body: () throws -> R) throws -> R

  /// Runs `step`'s statements, in the transaction open.
  func apply(_ step: SchemaStep) throws

  /// Records `version` as the database's, in the transaction open.
  func record(version: Int) throws

  /// The error for a database at `version`, newer than the `supported` one this program
  /// knows.
  func newer(version: Int, supported: Int) -> any Error
}

/// The one migration runner of the package, for SQLite and PostgreSQL alike (as GRDB's
/// `DatabaseMigrator`): versioned steps applied in order from the database's version, each
/// step in a transaction of its own together with the version it brings the database to.
///
/// So a migration that stops midway (a crash, a lost connection, a refused statement) leaves
/// the database at one version or the next, never between. Two migrators at once take turns:
/// each step re-reads the version under the store's lock and skips a step another applied. A
/// step once shipped is never edited: a new version appends one.
package struct SchemaMigrator: Sendable {
  /// The steps, in version order, from 1 without gaps.
  package let steps: [SchemaStep]

  /// A migrator of `steps`, which must be numbered 1, 2, 3... in order.
  package init(_ steps: [SchemaStep]) {
    precondition(
      steps.enumerated().allSatisfy { $0.element.version == $0.offset + 1 },
      "schema steps are numbered 1, 2, 3... in order")
    self.steps = steps
  }

  /// The version the last step brings a database to.
  package var currentVersion: Int { steps.last?.version ?? 0 }

  /// Brings `store`'s database to `currentVersion`.
  ///
  /// - Returns: The version this migrator found when it first held the lock (another migrator
  ///   may have moved it since the quick look) and the version it is at now.
  /// - Throws: `store.newer(version:supported:)` for a database a newer program migrated;
  ///   what the store throws (its database not ours, a refused statement), that step rolled
  ///   back and the steps before it kept.
  @discardableResult
  package func migrate(_ store: some SchemaStore) throws -> (from: Int, to: Int) {
    let found = try store.version()
    if found > currentVersion {
      throw store.newer(version: found, supported: currentVersion)
    }
    var from: Int?
    for step in steps where step.version > found {
      try store.inMigrationTransaction {
        let now = try store.version()
        if from == nil { from = now }
        if now > currentVersion { throw store.newer(version: now, supported: currentVersion) }
        // Another migrator applied it meanwhile.
        guard now < step.version else { return }
        try store.apply(step)
        try store.record(version: step.version)
      }
    }
    return (from ?? found, currentVersion)
  }
}
