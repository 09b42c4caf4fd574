import ActivationRules
import Foundation
import Ingest
import TestSupport
import Testing
import TypeMatrix

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Type matrix: rows end to end, compared field by field", .onIOExecutor)
struct TypeMatrixTests {
  static let rule = ProjectPaths.testFixtures.appendingPathComponent("rules/images-or-pdf-or.plist")

  static func matrix(_ rows: String, extra: String = "") throws -> TypeMatrixFile {
    try TypeMatrixFile(
      data: Data(#"{"schemaVersion": 1\#(extra), "rows": [\#(rows)]}"#.utf8), path: "test.json")
  }

  static func runner(_ matrix: TypeMatrixFile) throws -> MatrixRunner {
    MatrixRunner(
      rule: try ActivationRule(contentsOf: rule), matrix: matrix,
      matrixDirectory: ProjectPaths.corpus, corpus: ProjectPaths.corpus)
  }

  @Test("Profile rows pass when the pipeline does what they expect, and say why when not")
  func profileRows() async throws {
    let matrix = try Self.matrix(
      """
      {"name": "Photos: one photo", "source": "photos-photo",
       "expect": {"activation": "shown", "taken": [{"attachment": "1.1", "type": "public.heic", \
      "readAs": "file"}],
                  "outcome": "accepted", "records": [{"kind": "file", "type": "public.heic", \
      "byteCount": 528}]}},
      {"name": "Safari page, wrongly expected as a file", "source": "safari-page",
       "expect": {"activation": "shown", "outcome": "accepted", "records": [{"kind": "file", \
      "type": "public.url"}]}}
      """)
    let results = try await Self.runner(matrix).run()
    #expect(
      results.map(\.name) == ["Photos: one photo", "Safari page, wrongly expected as a file"])
    #expect(results[0].passed, "\(results[0].failureMessage)")
    #expect(!results[1].passed)
    let fields = results[1].differences.map(\.field)
    #expect(fields.contains("activation"))
    #expect(fields.contains("records[0].kind"))
    #expect(results[1].failureMessage.contains("records[0].kind: expected file, got url"))
  }

  @Test("Scripted failures: a failing source rolls back, keep-partial keeps the rest")
  func scriptedRows() async throws {
    let matrix = try Self.matrix(
      """
      {"name": "three photos, the second fails", "source": "photos-three-photos",
       "script": [{"attachment": "1.2", "behavior": "fail", "errorDomain": "Test", "errorCode": 9}],
       "expect": {"outcome": "failed", "reason": "loadFailed"}},
      {"name": "keep what loaded", "source": "photos-three-photos", "keepPartial": true,
       "script": [{"attachment": "1.3", "behavior": "vanish"}],
       "expect": {"outcome": "accepted", "reason": "partial"}},
      {"name": "never answers", "source": "photos-photo", "deadline": 0.5,
       "script": [{"attachment": "1.1", "behavior": "neverAnswer"}],
       "expect": {"outcome": "failed", "reason": "deadline"}},
      {"name": "deleted after the callback", "source": "photos-photo",
       "script": [{"attachment": "1.1", "behavior": "deleteAfterCallback"}],
       "expect": {"outcome": "accepted"}}
      """)
    let results = try await Self.runner(matrix).run()
    for result in results { #expect(result.passed, "\(result.failureMessage)") }
    #expect(results[1].actual.records.count == 2)
  }

  @Test("A row's JavaScript results, inline or from a file, are what the extension receives")
  func javaScriptResults() async throws {
    let inline = #"{"url": "https://example.com/a", "pageTitle": "A"}"#
    let fromFile = #"{"readingTime": 7}"#
    let directory = try TemporaryDirectory(prefix: "TypeMatrixTests")
    defer { directory.remove() }
    _ = try directory.file("results.json", contents: Data(fromFile.utf8))
    // The committed property list's size tells which results travelled (when they hold no
    // page URL; with one, the page is recorded as a URL).
    func size(_ json: String) throws -> Int {
      let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
      return try PropertyListSerialization.data(
        fromPropertyList: ["NSExtensionJavaScriptPreprocessingResultsKey": value],
        format: .binary, options: 0
      ).count
    }
    let matrix = try Self.matrix(
      """
      {"name": "inline", "source": "safari-page-javascript", "javaScriptResults": \(inline),
       "expect": {"outcome": "accepted", "records": [{"kind": "url", "type": "public.url", "url": \
      "https://example.com/a"}]}},
      {"name": "file", "source": "safari-page-javascript", "javaScriptResults": "results.json",
       "expect": {"outcome": "accepted", "records": [{"kind": "file", "type": \
      "com.apple.property-list", "byteCount": \(try size(fromFile))}]}},
      {"name": "no results to replace", "source": "safari-page", "javaScriptResults": {"a": 1},
       "expect": {"outcome": "accepted"}}
      """, extra: #", "contract": {"acceptedTypes": ["com.apple.property-list", "public.url"]}"#)
    let runner = MatrixRunner(
      rule: nil, matrix: matrix, matrixDirectory: directory.url, corpus: ProjectPaths.corpus)
    let results = await runner.run()
    #expect(results[0].passed, "\(results[0].failureMessage)")
    #expect(results[1].passed, "\(results[1].failureMessage)")
    #expect(!results[2].passed)
    #expect(results[2].error?.contains("carries no JavaScript preprocessing result") == true)
    // A result with a page URL is read as the page; one without stays the property list.
    #expect(try size(fromFile) > 0)
  }

  @Test("Rule and contract contradictions are flagged whatever the row expects")
  func contradictions() async throws {
    // A rule that shows for PDFs, and a contract that takes only images: the extension shows,
    // then turns the share down.
    let matrix = try Self.matrix(
      """
      {"name": "a PDF from Files", "source": "files-pdf", "expect": {"outcome": "rejected"}}
      """, extra: #", "contract": {"acceptedTypes": ["public.image"]}"#)
    let results = try await Self.runner(matrix).run()
    #expect(results[0].passed)
    #expect(results[0].contradictions.first?.contains("tells the user it cannot read") == true)
  }

  @Test("Errors in a matrix file name the row and the field")
  func locatedErrors() throws {
    let cases: [(String, String)] = [
      (
        #"{"name": "a", "source": "photos-photo", "expect": {"outcome": "maybe"}}"#,
        #"row 1 "a", expect.outcome"#
      ),
      (#"{"name": "b", "source": "photos-photo"}"#, #"row 1 "b", expect: missing"#),
      (
        #"""
        {"name": "c", "source": "photos-photo", "script": [{"attachment": "x", "behavior": \#
        "fail"}], "expect": {"outcome": "failed"}}
        """#,
        #"row 1 "c", script[0].attachment: 'x' is not item.attachment"#
      ),
    ]
    for (row, located) in cases {
      let error = #expect(throws: MatrixFileError.self) { try Self.matrix(row) }
      #expect(error.map { "\($0)" }?.contains(located) == true, "\(String(describing: error))")
    }
    let duplicate = #expect(throws: MatrixFileError.self) {
      try Self.matrix(
        #"""
        {"name": "d", "source": "photos-photo", "expect": {"outcome": "accepted"}}, {"name": "d", \#
        "source": "photos-photo", "expect": {"outcome": "accepted"}}
        """#
      )
    }
    #expect(duplicate?.row == 1)
    let version = #expect(throws: MatrixFileError.self) {
      try TypeMatrixFile(data: Data(#"{"schemaVersion": 2, "rows": []}"#.utf8), path: "m.json")
    }
    #expect(version?.field == "schemaVersion")
  }

  @Test("JUnit output is well-formed XML with a failure per failing row")
  func junit() async throws {
    let matrix = try Self.matrix(
      """
      {"name": "ok <&>", "source": "photos-photo", "expect": {"outcome": "accepted"}},
      {"name": "wrong", "source": "photos-photo", "expect": {"outcome": "rejected"}}
      """)
    let results = try await Self.runner(matrix).run()
    let xml = JUnitReport.xml(results, suiteName: "Photo Share")
    let document = try XMLDocument(data: Data(xml.utf8))
    #expect(try document.nodes(forXPath: "//testcase").count == 2)
    #expect(try document.nodes(forXPath: "//testcase/failure").count == 1)
    #expect(xml.contains(#"name="ok &lt;&amp;&gt;""#))
  }

  @Test("A starting matrix from the shipped profiles passes against itself", arguments: [0])
  func starter(_: Int) async throws {
    let rule = try ActivationRule(contentsOf: Self.rule)
    let (matrix, _) = try await MatrixStarter.matrix(
      title: "starter", rule: rule, contract: .default, corpus: ProjectPaths.corpus)
    #expect(matrix.rows.count == SourceProfile.shippedNames.count)
    let reread = try TypeMatrixFile(data: try matrix.jsonData(), path: "starter.json")
    let runner = MatrixRunner(
      rule: rule, matrix: reread, matrixDirectory: ProjectPaths.corpus,
      corpus: ProjectPaths.corpus)
    let results = await runner.run()
    for result in results { #expect(result.passed, "\(result.failureMessage)") }
  }
}
