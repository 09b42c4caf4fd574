import ActivationRules
import Foundation
import Ingest
import TestSupport
import Testing

@testable import TypeMatrix

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What the TypeMatrices article shows a team, run as written (issue 44, items 8 and 14).
@Suite("The TypeMatrices article's examples, as a team copies them", .onIOExecutor)
struct DocumentedExampleTests {
  /// The article's `directory`: here the photo app's example folder.
  static let directory = ProjectPaths.packageRoot.appendingPathComponent("examples/PhotoShare")

  /// The article's `matrixRunner()`, unchanged: no `corpus:` argument.
  static func matrixRunner() throws -> MatrixRunner {
    MatrixRunner(
      rule: try ActivationRule(contentsOf: directory.appendingPathComponent("Info.plist")),
      matrix: try TypeMatrixFile(contentsOf: directory.appendingPathComponent("matrix.json")),
      matrixDirectory: directory)
  }

  @Test("Shipped profile rows find their sample files without a corpus argument")
  func shippedRowsFindTheirCorpus() async throws {
    let runner = try Self.matrixRunner()
    #expect(runner.corpus != nil, "the package's own corpus/ is the default")
    let profileRows = runner.rows.filter {
      if case .profile = $0.source { return true }
      return false
    }
    try #require(profileRows.count >= 10)
    for row in profileRows {
      let result = await runner.run(row)
      #expect(result.passed, "\(result.failureMessage)")
      #expect(result.error?.contains("does not exist") != true)
    }
  }

  @Test(
    "A size limit the rule cannot express is reported once acknowledged, not as a contradiction")
  func acknowledgedSizeLimit() async throws {
    var contract = InputContract.default
    contract.maximumFileSize = 16
    let row = MatrixRow(
      name: "Photos: one photo", source: .profile("photos-photo"),
      expect: MatrixExpectation(outcome: .rejected))
    var runner = MatrixRunner(
      rule: try ActivationRule(contentsOf: Self.directory.appendingPathComponent("Info.plist")),
      matrix: TypeMatrixFile(rows: [row]), matrixDirectory: Self.directory, contract: contract)
    let plain = await runner.run(row)
    #expect(plain.actual.reason == "fileTooLarge")
    #expect(plain.contradictions.count == 1)
    #expect(plain.acknowledgedContradictions.isEmpty)
    runner.acknowledgedReasons = MatrixRunner.sizeLimitReasons
    let acknowledged = await runner.run(row)
    #expect(acknowledged.contradictions.isEmpty)
    #expect(acknowledged.acknowledgedContradictions.count == 1)
    // Another reason is not acknowledged by a size limit's.
    runner.acknowledgedReasons = ["unsupportedType"]
    #expect(await runner.run(row).contradictions.count == 1)
  }

  @Test("The JUnit report carries the rule's warnings as properties and system-err")
  func junitWarnings() throws {
    let result = RowResult(
      name: "row", actual: RowResult.Actual(taken: [], outcome: .accepted, records: []),
      differences: [], contradictions: [], error: nil, duration: .zero)
    let xml = JUnitReport.xml(
      [result], suiteName: "s",
      warnings: ["'NSExtensionActivationSupportsImagesWithMaxCount' is not a key <Apple> reads"])
    let document = try XMLDocument(data: Data(xml.utf8))
    let properties = try document.nodes(forXPath: "//testsuite/properties/property")
    #expect(properties.count == 1)
    #expect(
      (properties.first as? XMLElement)?.attribute(forName: "value")?.stringValue?
        .contains("ImagesWithMaxCount") == true)
    let systemError = try document.nodes(forXPath: "//testsuite/system-err").first?.stringValue
    #expect(systemError?.hasPrefix("warning: ") == true)
    #expect(!JUnitReport.xml([result], suiteName: "s").contains("<properties>"))
  }
}

/// A profile in a parameterized test shows its name, not its whole structure (item 15).
@Suite("SourceProfile describes itself concisely", .onIOExecutor)
struct SourceProfileDescriptionTests {
  @Test("A shipped profile prints as its name and title")
  func concise() throws {
    let profile = try #require(try SourceProfile.shipped(named: "photos-photo"))
    #expect(String(describing: profile) == "photos-photo (\(profile.title))")
    #expect(!String(describing: profile).contains("provenance"))
  }
}
