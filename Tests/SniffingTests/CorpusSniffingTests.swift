import Foundation
import Sniffing
import TestSupport
import Testing
import UTI

/// The project's own sample files (`corpus/files`, made by `corpus/make-corpus.sh`) against
/// `corpus/expected.json`. A `dyn.` identifier there stands for a MIME type the catalogue does
/// not declare (Ogg, Matroska), as Apple would give it.
@Suite("Sniffing the project's corpus")
struct CorpusSniffingTests {
  static let directory = ProjectPaths.corpus.appendingPathComponent("files")

  static let expected: [String: String] = {
    let url = ProjectPaths.corpus.appendingPathComponent("expected.json")
    guard let data = try? Data(contentsOf: url),
      let map = try? JSONDecoder().decode([String: String].self, from: data)
    else { return [:] }
    return map
  }()

  static let sniffer = ContentSniffer()

  @Test("expected.json lists every corpus file and nothing else")
  func expectationsCoverTheCorpus() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
    #expect(Self.expected.count >= 60)
    #expect(Set(files) == Set(Self.expected.keys))
  }

  @Test("Each corpus file sniffs as expected", arguments: expected.keys.sorted())
  func sniffsAsExpected(name: String) throws {
    let expected = try #require(Self.expected[name])
    let result = try Self.sniffer.sniff(fileAt: Self.directory.appendingPathComponent(name))
    #expect(
      result.type.identifier.lowercased() == expected.lowercased(),
      "\(name): got \(result.type.identifier) (\(result.explanation))")
  }

  @Test("Every corpus file sniffs as a kind of data, never as a package type")
  func everyResultIsData() throws {
    for name in Self.expected.keys.sorted() {
      let result = try Self.sniffer.sniff(fileAt: Self.directory.appendingPathComponent(name))
      #expect(result.type.conforms(to: .data), "\(name): \(result.type.identifier)")
    }
  }

  @Test(
    "Sniffing bytes in memory gives what sniffing the file gives", arguments: expected.keys.sorted()
  )
  func dataMatchesFile(name: String) throws {
    let url = Self.directory.appendingPathComponent(name)
    let fromFile = try Self.sniffer.sniff(fileAt: url)
    let fromData = try Self.sniffer.sniff(data: Data(contentsOf: url), filename: name)
    #expect(fromFile.type == fromData.type)
    #expect(fromFile.isMismatch == fromData.isMismatch)
    #expect(fromFile.evidence == fromData.evidence)
  }

  /// The traps: what the result says beyond the type.
  struct Trap: CustomStringConvertible, Sendable {
    var file: String
    var evidence: SniffResult.Evidence
    var isMismatch: Bool
    var nameType: String?
    var explanationContains: String?
    var description: String { file }
  }

  static let traps: [Trap] = [
    Trap(file: "heic-named.jpg", evidence: .signature, isMismatch: true, nameType: "public.jpeg"),
    Trap(
      file: "document.bin", evidence: .signature, isMismatch: true,
      nameType: "com.apple.macbinary-archive"),
    Trap(file: "not-really.jpg", evidence: .signature, isMismatch: true, nameType: "public.jpeg"),
    Trap(
      file: "junk-before.pdf", evidence: .signature, isMismatch: false, nameType: "com.adobe.pdf",
      explanationContains: "after 300 bytes of junk"),
    Trap(
      file: "pdf-header-nodash.pdf", evidence: .signature, isMismatch: false,
      nameType: "com.adobe.pdf", explanationContains: "damaged header '%PDF1.4'"),
    Trap(
      file: "pdf-no-header.pdf", evidence: .signature, isMismatch: false,
      nameType: "com.adobe.pdf", explanationContains: "without a header"),
    Trap(
      file: "pdf-talk.txt", evidence: .signature, isMismatch: false,
      nameType: "public.plain-text"),
    Trap(
      file: "empty.txt", evidence: .extension, isMismatch: false, nameType: "public.plain-text",
      explanationContains: "empty file"),
    Trap(file: "photo", evidence: .signature, isMismatch: false, nameType: nil),
    Trap(file: "truncated.png", evidence: .signature, isMismatch: false, nameType: "public.png"),
    Trap(file: "utf16.txt", evidence: .signature, isMismatch: false, nameType: "public.plain-text"),
    Trap(file: "image.heif", evidence: .signature, isMismatch: false, nameType: "public.heif"),
    Trap(
      file: "audio-isom.m4a", evidence: .signature, isMismatch: false,
      nameType: "com.apple.m4a-audio", explanationContains: "sound tracks only"),
    Trap(
      file: "audio-cover-stream.m4a", evidence: .signature, isMismatch: false,
      nameType: "com.apple.m4a-audio", explanationContains: "cover art"),
    Trap(
      file: "cover-art.mp3", evidence: .signature, isMismatch: false, nameType: "public.mp3",
      explanationContains: "then MPEG audio frames"),
  ]

  @Test("Traps: mismatches are reported and evidence is named", arguments: traps)
  func trap(_ trap: Trap) throws {
    let result = try Self.sniffer.sniff(fileAt: Self.directory.appendingPathComponent(trap.file))
    #expect(result.evidence == trap.evidence)
    #expect(result.isMismatch == trap.isMismatch)
    #expect(result.nameType?.identifier == trap.nameType)
    if let fragment = trap.explanationContains {
      #expect(result.explanation.contains(fragment), "\(result.explanation)")
    }
  }

  @Test("Judged on content alone, an empty file is unidentified data")
  func emptyContentOnly() throws {
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    let result = try sniffer.sniff(fileAt: Self.directory.appendingPathComponent("empty.txt"))
    #expect(result.type == .data)
    #expect(result.evidence == .unidentified)
    #expect(result.nameType == nil)
    #expect(result.byteCount == 0)
  }

  @Test("A generic content type is made specific by the name, never the reverse")
  func nameRefinesGenericContent() throws {
    let text = Data("just some words\n".utf8)
    let csv = try Self.sniffer.sniff(data: text, filename: "table.csv")
    #expect(csv.type.identifier == "public.comma-separated-values-text")
    #expect(csv.evidence == .extension)
    #expect(csv.contentType?.identifier == "public.utf8-plain-text")
    #expect(!csv.isMismatch)
    let plain = try Self.sniffer.sniff(data: text, filename: "notes.txt")
    #expect(plain.type.identifier == "public.utf8-plain-text")
    #expect(plain.evidence == .signature)
  }
}
