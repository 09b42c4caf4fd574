import Foundation
import TestSupport
import Testing

@testable import Ingest

/// The strict check every reader of JSON others write goes through (`JSONInput.decode`): what
/// RFC 8259 forbids or leaves ambiguous and Foundation accepts is refused, located by line,
/// column and key path.
@Suite("Strict JSON: duplicate keys, trailing commas, numbers out of range, depth", .onIOExecutor)
struct JSONStructureTests {
  struct Refusal: CustomTestStringConvertible, Sendable {
    var label: String
    var json: String
    /// The key path the error names.
    var field: String
    /// Words the problem must hold, its line and column among them.
    var words: [String]
    var testDescription: String { label }
  }

  static let refusals: [Refusal] = [
    Refusal(
      label: "two file keys in one item",
      json: "{\"items\": [\n {\"file\": \"a\",\n  \"file\": \"b\"}]}",
      field: "items[0].file",
      words: ["given twice", "line 3, column 3", "first at line 2, column 3"]),
    Refusal(
      label: "a key written once plainly and once with an escape",
      json: #"{"file": 1, "\u0066ile": 2}"#, field: "file", words: ["given twice", "line 1"]),
    Refusal(
      label: "duplicates deep inside lists", json: #"[[1], [2, {"a": {"b": 1, "b": 2}}]]"#,
      field: "[1][1].a.b", words: ["given twice"]),
    Refusal(
      label: "a trailing comma in a list", json: "{\"rows\": [1, 2,\n]}",
      field: "rows", words: ["trailing comma", "line 1, column 15"]),
    Refusal(
      label: "a trailing comma in an object", json: #"{"a": {"b": 1,}}"#, field: "a",
      words: ["trailing comma", "column 14"]),
    Refusal(
      label: "a number no Double holds", json: "{\"schemaVersion\": 1e400}",
      field: "schemaVersion", words: ["number out of range", "line 1, column 19"]),
    Refusal(
      label: "an integer of 400 digits", json: "[" + String(repeating: "9", count: 400) + "]",
      field: "[0]", words: ["number out of range"]),
    Refusal(
      label: "a leading zero", json: #"{"a": 01}"#, field: "a",
      words: ["not a number JSON allows"]),
    Refusal(
      label: "a leading plus", json: #"{"a": +1}"#, field: "a", words: ["expected a value"]),
    Refusal(
      label: "a bare word", json: #"{"a": nul}"#, field: "a", words: ["expected a value"]),
    Refusal(
      label: "a raw control character in a string", json: "{\"a\": \"x\ny\"}", field: "a",
      words: ["control character"]),
    Refusal(
      label: "an unknown escape", json: #"{"a": "\q"}"#, field: "a", words: ["escape"]),
    Refusal(
      label: "a second document after the first", json: "{} {}", field: "",
      words: ["more after the end", "column 4"]),
    Refusal(
      label: "a document that stops inside a list", json: #"{"a": [1, 2"#, field: "a[1]",
      words: ["ends inside a list"]),
    Refusal(
      label: "nesting deeper than the limit",
      json: String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
      field: "", words: ["nested deeper than 512"]),
  ]

  @Test("Refused with the key path, line and column", arguments: refusals)
  func refused(_ refusal: Refusal) {
    #expect(throws: JSONInputError.self) { try JSONStructure.check(Data(refusal.json.utf8)) }
    do {
      _ = try JSONInput.decode(JSONValue.self, from: Data(refusal.json.utf8))
      Issue.record("\(refusal.label) was read")
    } catch {
      if refusal.field.isEmpty {
        #expect(error.field.isEmpty || error.field.hasPrefix("["), "\(error)")
      } else {
        #expect(error.field == refusal.field, "\(error)")
      }
      for word in refusal.words {
        #expect(error.problem.contains(word), "\(word) in \(error)")
      }
    }
  }

  @Test("Documents strict JSON allows pass unchanged")
  func accepted() throws {
    let documents = [
      #"{"a": [1, -0.5, 2e10, 1E-3, true, false, null, "\u00e9\ud83d\ude00\"\\\/\b\f\n\r\t"]}"#,
      "\u{FEFF}{\"bom\": 1}", "  []  ", "\"text\"", "0", #"{"a": {}, "b": [], "c": [{}]}"#,
      #"{"a": 1, "A": 2, "a ": 3}"#, #"[{"a": 1}, {"a": 2}]"#,
    ]
    for document in documents {
      let data = Data(document.utf8)
      try JSONStructure.check(data)
      _ = try JSONInput.decode(JSONValue.self, from: data)
    }
  }

  /// The pattern, not the cases: over seeded byte mutations of a valid document, whatever the
  /// strict check passes Foundation can parse, and whatever it refuses carries a line and
  /// column. (Foundation may accept what the check refuses: that is the point.)
  @Test("Over mutated documents the check never passes what Foundation cannot parse")
  func agreesWithFoundation() {
    let seed = Array(
      #"""
      {"schemaVersion": 2, "items": [{"kind": "file", "byteCount": 1834112, "sha256": "ab", \#
      "file": "Incoming/x.heic"}, {"kind": "text", "text": "a\nb \u00e9"}], "n": [1.5e3, -2, \#
      true, null]}
      """#
      .utf8)
    var generator = SplitMix64(seed: 4205)
    var refused = 0
    for round in 0..<20_000 {
      let bytes = ByteMutation.mutate(seed, &generator)
      let data = Data(bytes)
      do {
        try JSONStructure.check(data)
        #expect(
          (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil,
          "round \(round): \(String(decoding: bytes, as: UTF8.self))")
      } catch {
        refused += 1
        #expect(error.problem.contains("at line "), "round \(round): \(error)")
      }
    }
    #expect(refused > 5000, "\(refused)")
  }
}
