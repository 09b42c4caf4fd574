import ActivationRules
import Foundation
import Ingest

/// A starting matrix for an app: one row per shipped source-app profile, expecting what the
/// pipeline does today with the app's rule and contract, for a person to review and commit.
public enum MatrixStarter {
  /// The starting matrix, and the rows whose outcome contradicts the rule (for the reviewer).
  ///
  /// - Parameters:
  ///   - title: The matrix's title, if any.
  ///   - rule: The app's activation rule; without one the rows expect no verdict.
  ///   - contract: The app's input contract.
  ///   - corpus: Where shipped profiles' sample files are (the repository's `corpus/`).
  ///   - semantics: How a dictionary rule's open keys are read.
  ///   - deadline: Each row's share deadline (see ``MatrixRunner/defaultDeadline``).
  ///   - profiles: The team's own source-app profiles (`ingest-cli matrix init --sources DIR`),
  ///     in place of the shipped ones: each becomes an inline row (its app and items), since
  ///     rows name only shipped profiles by name; nil for the shipped profiles.
  ///   - contentDirectory: Where those profiles' files are (the folder above their
  ///     `sources/`), as the matrix's inline rows read them while the starter runs; the caller
  ///     records it in the matrix, relative to where it is written.
  ///   - acknowledgedReasons: Contradictions the team accepts (see
  ///     ``MatrixRunner/acknowledgedReasons``): reported apart, not as contradictions.
  public static func matrix(
    title: String?, rule: ActivationRule?, contract: InputContract, corpus: URL?,
    semantics: ActivationRule.Semantics = .default, deadline: Duration = .seconds(30),
    profiles: [SourceProfile]? = nil, contentDirectory: URL? = nil,
    acknowledgedReasons: Set<String> = []
  ) async throws -> (matrix: TypeMatrixFile, results: [RowResult]) {
    let rows: [MatrixRow]
    if let profiles {
      rows = profiles.map { profile in
        MatrixRow(
          name: profile.title, source: .inline(app: profile.app, items: profile.items),
          expect: MatrixExpectation(outcome: .accepted))
      }
    } else {
      rows = try SourceProfile.shipped().map { profile in
        MatrixRow(
          name: profile.title, source: .profile(profile.name),
          expect: MatrixExpectation(outcome: .accepted))
      }
    }
    let draft = TypeMatrixFile(
      title: title, contract: contract, contentDirectory: contentDirectory?.path, rows: rows)
    var runner = MatrixRunner(
      rule: rule, matrix: draft, matrixDirectory: URL(fileURLWithPath: "."), corpus: corpus,
      semantics: semantics)
    runner.defaultDeadline = deadline
    runner.acknowledgedReasons = acknowledgedReasons
    let results = await runner.run()
    var matrix = draft
    for (index, result) in results.enumerated() where result.error == nil {
      matrix.rows[index].expect = MatrixExpectation(
        activation: result.actual.activation, taken: result.actual.taken,
        outcome: result.actual.outcome, reason: result.actual.reason,
        records: result.actual.outcome == .accepted ? result.actual.records : nil)
    }
    return (matrix, results)
  }
}

extension TypeMatrixFile {
  /// The matrix as JSON for people: indented, every object's keys sorted, so the same matrix
  /// is the same bytes in every run (JSONEncoder keeps no field order of its own, and a
  /// dictionary's order changes from process to process).
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(FileForm(self))
  }

  private struct FileForm: Encodable {
    var schemaVersion: Int
    var title: String?
    var contract: InputContract?
    var contentDirectory: String?
    var rows: [MatrixRow]

    init(_ file: TypeMatrixFile) {
      schemaVersion = file.schemaVersion
      title = file.title
      contract = file.contract
      contentDirectory = file.contentDirectory
      rows = file.rows
    }
  }
}

extension MatrixRow: CustomStringConvertible {
  /// The row's name, as parameterized tests show it.
  public var description: String { name }
}

extension RowResult {
  /// Why the row failed, field by field, for a test's failure message.
  public var failureMessage: String {
    if let error { return "\(name): \(error)" }
    return "\(name): " + differences.map(\.description).joined(separator: "; ")
  }
}
