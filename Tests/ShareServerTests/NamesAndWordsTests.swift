import Foundation
import Ingest
import Testing

@testable import ShareServer
@testable import ShareWebApp

/// The pieces behind what a person reads: file names a client gave, sizes, kinds and refusals
/// in words, and the pairing key kept across restarts.
@Suite("Names and words of the web app")
struct NamesAndWordsTests {
  /// A name a client gave, and what is shown of it.
  struct NameCase: Sendable, CustomTestStringConvertible {
    var raw: String
    var shown: String?
    var testDescription: String { raw.debugDescription }
  }

  @Test(
    "A client's file name is shown as its last component, without control characters",
    arguments: [
      NameCase(raw: "Q3 report.pdf", shown: "Q3 report.pdf"),
      NameCase(raw: "C:\\Users\\me\\IMG_0412.HEIC", shown: "IMG_0412.HEIC"),
      NameCase(raw: "../../etc/passwd", shown: "passwd"),
      NameCase(raw: "a\u{0}b\r\nc\u{1B}[31m.txt", shown: "abc[31m.txt"),
      NameCase(raw: "  spaced.txt ", shown: "spaced.txt"),
      NameCase(raw: "..", shown: nil),
      NameCase(raw: "/", shown: nil),
      NameCase(raw: "", shown: nil),
    ])
  func displayName(_ example: NameCase) {
    #expect(DisplayName(example.raw)?.text == example.shown)
  }

  @Test("A very long name is cut to 255 bytes between characters")
  func longName() throws {
    let name = try #require(DisplayName(String(repeating: "é", count: 10_000)))
    #expect(name.text.utf8.count <= 255)
    #expect(name.text.allSatisfy { $0 == "é" })
  }

  /// A `Content-Disposition` header and the name it gives.
  struct DispositionCase: Sendable, CustomTestStringConvertible {
    var header: String
    var name: String?
    var testDescription: String { header }
  }

  @Test(
    "Content-Disposition: filename* before filename, quoted strings unescaped",
    arguments: [
      DispositionCase(header: "attachment; filename=\"IMG_0412.HEIC\"", name: "IMG_0412.HEIC"),
      DispositionCase(header: "attachment; filename=plain.jpg", name: "plain.jpg"),
      DispositionCase(
        header: "attachment; filename=\"fallback.pdf\"; filename*=UTF-8''Q3%20r%C3%A9sum%C3%A9.pdf",
        name: "Q3 résumé.pdf"),
      DispositionCase(
        header: "form-data; name=\"f\"; filename=\"a \\\"b\\\".txt\"", name: "a \"b\".txt"),
      DispositionCase(header: "attachment; filename*=ISO-8859-1''x.txt", name: nil),
      DispositionCase(header: "attachment; filename*=UTF-8''%FF.txt", name: nil),
      DispositionCase(header: "inline", name: nil),
      DispositionCase(header: "attachment; filename=\"a%0Ab\"", name: "a%0Ab"),
    ])
  func contentDisposition(_ example: DispositionCase) {
    #expect(DisplayName(contentDisposition: example.header)?.text == example.name)
  }

  @Test("Sizes read as ingest-cli prints them")
  func sizes() {
    #expect(ByteCount(999).description == "999 B")
    #expect(ByteCount(53_900).description == "53.9 KB")
    #expect(ByteCount(1_100_000_000).description == "1.1 GB")
  }

  @Test("A refusal names the attachment as a person knows it, and kinds in words")
  func refusalInWords() throws {
    #expect(RefusalText.kindText("public.jpeg") == "a JPEG (JFIF/Exif) image")
    let share = try LocalShare(webShareFiles: [], text: "hello")
    let subject = RefusalText.subject(.init(item: 1, attachment: 1), in: share)
    #expect(subject == "the text")
    let unsupported = RefusalText.sentence(
      .unsupportedType(offered: ["com.adobe.pdf"], accepted: ["public.image", "public.movie"]),
      subject: "“Q3 report.pdf”")
    #expect(
      unsupported
        == "“Q3 report.pdf” is a Portable Document Format (PDF) file, which this server does"
        + " not take; it takes an image of any format or a time-based media with picture or"
        + " sound.")
    #expect(!unsupported.contains("com.adobe.pdf"))
    let large = RefusalText.sentence(
      .fileTooLarge(byteCount: 1_100_000_000, maximum: 536_870_912), subject: "the file")
    #expect(large == "The file is 1100.0 MB or more; this server takes files of up to 536.9 MB.")
  }

  @Test("The pairing key is made 0600 once and read back; an unfit key file is not used")
  func pairingKey() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pairing-key-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let group = try GroupDirectory(path: directory.path)
    let first = PairingKey(group: group)
    #expect(first.isPersisted, "\(first.problem ?? "")")
    let path = directory.path + "/" + PairingKey.fileName
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    #expect(PairingKey(group: group).bytes == first.bytes)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let unfit = PairingKey(group: group)
    #expect(!unfit.isPersisted)
    #expect(unfit.bytes != first.bytes)
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/etc/hostname")
    #expect(!PairingKey(group: group).isPersisted, "a link is never followed")
  }
}
