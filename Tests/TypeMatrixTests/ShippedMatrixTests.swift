import ActivationRules
import Foundation
import Ingest
import TestSupport
import Testing
import TypeMatrix

/// The example apps' matrices, run as a team would run its own: one parameterized test case per
/// row, named after it, failing with the fields that differ.
@Suite("The shipped example matrices pass, row by row", .onIOExecutor)
struct ShippedMatrixTests {
  static let examples = ProjectPaths.packageRoot.appendingPathComponent("examples")

  static func runner(_ app: String) throws -> MatrixRunner {
    let directory = examples.appendingPathComponent(app)
    let matrix = try TypeMatrixFile(contentsOf: directory.appendingPathComponent("matrix.json"))
    let rule = try ActivationRule(contentsOf: directory.appendingPathComponent("Info.plist"))
    let runner = MatrixRunner(
      rule: rule, matrix: matrix, matrixDirectory: directory, corpus: ProjectPaths.corpus)
    return runner
  }

  static func rows(_ app: String) -> [MatrixRow] {
    (try? runner(app).rows) ?? []
  }

  @Test("Photo Share", arguments: rows("PhotoShare"))
  func photoShare(_ row: MatrixRow) async throws {
    let result = try await Self.runner("PhotoShare").run(row)
    #expect(result.passed, "\(result.failureMessage)")
  }

  @Test("Read Later", arguments: rows("ReadLater"))
  func readLater(_ row: MatrixRow) async throws {
    let result = try await Self.runner("ReadLater").run(row)
    #expect(result.passed, "\(result.failureMessage)")
  }

  @Test("Each matrix covers every shipped profile and has failure rows")
  func coverage() throws {
    for app in ["PhotoShare", "ReadLater"] {
      let rows = try Self.runner(app).rows
      let profiles = Set(
        rows.compactMap { row -> String? in
          if case .profile(let name) = row.source { return name }
          return nil
        })
      #expect(profiles == Set(SourceProfile.shippedNames), "\(app)")
      #expect(rows.contains { !$0.script.isEmpty }, "\(app) has no failure rows")
    }
  }
}
