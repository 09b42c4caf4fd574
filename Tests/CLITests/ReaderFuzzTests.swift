import Foundation
import Ingest
import TestSupport
import Testing
import TypeMatrix

@testable import ingest_cli

/// Seeded fuzzing of what a team feeds the command line (issue 36's classes): malformed JSON
/// for every reader, huge and odd numbers, control characters in values. Every input is either
/// read or refused with an error that names where, holds no character that acts on a
/// terminal, and stays short; nothing traps.
@Suite("Reader fuzzing: malformed JSON, numbers and control characters never crash or leak")
struct ReaderFuzzTests {
  static let seedDocuments: [String] = [
    #"""
    {"schemaVersion": 1, "title": "t", "contract": {"maximumFileSize": 1000, \#
    "unsupported": "skipAttachment"}, "rows": [{"name": "a", "source": "notes-text", \#
    "deadline": 5, "expect": {"outcome": "accepted", "records": [{"kind": "text", \#
    "type": "public.plain-text", "text": "x"}]}}]}
    """#,
    #"""
    {"acceptedTypes": ["public.image", "public.url"], "maximumAttachmentCount": 3, \#
    "maximumTextLength": 10, "urlSchemes": ["https"], "acceptsEmptyFiles": true}
    """#,
    #"""
    {"schemaVersion": 2, "id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", \#
    "receivedAt": "2026-09-21T14:13:20Z", "source": "notes", "items": [{"kind": "text", \#
    "typeIdentifier": "public.plain-text", "text": "hi"}, {"kind": "url", \#
    "typeIdentifier": "public.url", "url": "https://example.com/"}]}
    """#,
    #"""
    {"schemaVersion": 1, "id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", \#
    "receivedAt": "2026-09-21T14:13:20Z", "text": "週六去公園嗎？"}
    """#,
  ]

  /// Interesting replacements spliced in at random: huge numbers, controls, odd values.
  static let splices: [String] = [
    "1e308", "-1", "1e-300", "NaN", "\"\\u001b[2J\"", "\"\\n\"", "\"\\u202e\"", "null", "[]", "{}",
    "\"reject\"", "9223372036854775808", "\"x\": 1", "0.5",
    "\"" + String(repeating: "y", count: 5000) + "\"",
  ]

  static func isSafe(_ message: String) -> Bool {
    !message.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{9B}" }
      && !message.contains("DecodingError") && !message.contains("Dictionary<")
  }

  @Test("Mutated matrices, contracts, manifests and profiles are read or refused cleanly")
  func mutatedDocuments() {
    var generator = SplitMix64(seed: 36)
    var refused = 0
    for round in 0..<4000 {
      let seed = Self.seedDocuments[round % Self.seedDocuments.count]
      var bytes = Array(seed.utf8)
      if generator.next() % 2 == 0 {
        let splice = Self.splices[Int(generator.next() % UInt64(Self.splices.count))]
        let at = Int(generator.next() % UInt64(bytes.count))
        let length = Int(generator.next() % 6)
        bytes.replaceSubrange(at..<min(bytes.count, at + length), with: Array(splice.utf8))
      } else {
        bytes = ByteMutation.mutate(bytes, &generator)
      }
      let data = Data(bytes)
      var messages: [String] = []
      do { _ = try TypeMatrixFile(data: data, path: "m.json") } catch {
        messages.append("\(error)")
      }
      do { _ = try JSONInput.decode(InputContract.self, from: data) } catch {
        messages.append("\(error)")
      }
      do { _ = try ShareManifest.decode(data, path: "m.json") } catch {
        messages.append("\(error)")
      }
      do { _ = try JSONInput.decode(SourceProfile.self, from: data) } catch {
        messages.append("\(error)")
      }
      refused += messages.count
      for message in messages {
        #expect(Self.isSafe(message), "round \(round): \(message.prefix(300))")
        #expect(message.count < 2000, "round \(round): \(message.count) characters")
      }
    }
    #expect(refused > 4000, "most mutations are refused: \(refused)")
  }

  @Test("Numbers for options: anything is a duration in range or a usage error")
  func numbers() {
    var generator = SplitMix64(seed: 3636)
    let pieces = [
      "1e308", "inf", "-", "nan", "0x1p3", "1e-300", "9", ".", "e", "+", " ", "9999999999",
    ]
    for _ in 0..<5000 {
      let text = (0..<Int(generator.next() % 4 + 1)).map { _ in
        pieces[Int(generator.next() % UInt64(pieces.count))]
      }.joined()
      do {
        let duration = try Seconds.parse(text, named: "--deadline", range: Seconds.usualRange)
          .duration
        #expect(duration >= .milliseconds(1) && duration <= .seconds(86_400), "\(text)")
      } catch {
        #expect(error.status == .usage)
        #expect(Self.isSafe(error.message))
      }
      do {
        let duration = try DurationArgument.parse(text + "d", named: "--older-than").duration
        #expect(duration >= .zero)
      } catch {
        #expect(error.status == .usage)
      }
    }
  }

  @Test("A seeded campaign of command lines: no signal, no raw control character, short errors")
  func commandLines() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/g"
    var generator = SplitMix64(seed: 22_400)
    let values = [
      "1e308", "inf", "-1", "1e-300", "0", "\u{1B}[2Jx\nfake", "\u{202E}gnp.exe", "", ",",
      String(repeating: "9", count: 3000), "public.imge", "nan", "30",
    ]
    let templates: [[String]] = [
      ["share", "--group-dir", group, "--deadline", "V", "--text", "x"],
      ["share", "--group-dir", group, "--accept", "V", "--text", "x"],
      ["share", "--group-dir", group, "--text", "V"],
      ["share", "--group-dir", group, "--url", "V"],
      ["inbox", "sweep", "--group-dir", group, "--older-than", "V"],
      ["inbox", "show", "--group-dir", group, "V"],
      ["uti", "V"], ["types", "V"], ["rule", "check", "V", "--attachment", "public.image"],
      ["library", "summary", "--library", directory.path + "/l.sqlite", "--locale", "V"],
      ["matrix", "run", "--jobs", "V", "examples/ReadLater/matrix.json"],
    ]
    for _ in 0..<80 {
      let template = templates[Int(generator.next() % UInt64(templates.count))]
      let value = values[Int(generator.next() % UInt64(values.count))]
      let arguments = template.map { $0 == "V" ? value : $0 }
      let result = try await CLI.run(arguments)
      #expect([0, 1, 64, 65, 66, 73, 74].contains(result.status), "\(arguments): \(result.status)")
      #expect(
        Self.isSafe(result.standardError), "\(arguments): \(result.standardError.prefix(200))")
      #expect(result.standardError.count < 4000, "\(arguments)")
    }
  }
}
