import Foundation
import Sniffing
import TestSupport
import Testing
import UTI

/// The project's samples of the formats people share that have Apple types, judged on content
/// alone (their names never reach the sniffer): each must be named by the package's own checks,
/// not by libmagic, as `corpus/expected.json` names it.
@Suite("Sniffing shared formats by content alone")
struct SharedFormatCorpusTests {
  struct Sample: CustomTestStringConvertible, Sendable {
    var file: String
    var format: String
    var testDescription: String { "\(format) (\(file))" }
  }

  static let samples: [Sample] = [
    Sample(file: "form.fdf", format: "FDF"),
    Sample(file: "photo-apple.dng", format: "DNG with a long IFD0"),
    Sample(file: "photo.pef", format: "Pentax PEF"),
    Sample(file: "budget-09.numbers", format: "iWork '09 Numbers"),
    Sample(file: "letter-09.pages", format: "iWork '09 Pages"),
    Sample(file: "event.vcs", format: "vCalendar 1.0"),
    Sample(file: "event.ics", format: "iCalendar 2.0"),
    Sample(file: "licensed.xml", format: "XML, long comment before the root"),
    Sample(file: "entities.xml", format: "XML, doctype with an internal subset"),
    Sample(file: "message.eml", format: "e-mail"),
    Sample(file: "message-html.eml", format: "e-mail with an HTML body"),
    Sample(file: "table.csv", format: "CSV"),
    Sample(file: "table.tsv", format: "TSV"),
    Sample(file: "style.css", format: "CSS"),
    Sample(file: "app.js", format: "JavaScript"),
    Sample(file: "certificate.pem", format: "PEM certificate"),
    Sample(file: "private-key.pem", format: "PEM key"),
    Sample(file: "certificate.der", format: "DER certificate (X.509)"),
    Sample(file: "private-key.p8", format: "DER key (PKCS #8)"),
    Sample(file: "identity.p12", format: "PKCS #12"),
    Sample(file: "sample.mobileprovision", format: "provisioning profile (CMS)"),
    Sample(file: "hello.elf", format: "ELF"),
    Sample(file: "hello-arm64", format: "Mach-O"),
    Sample(file: "universal.dylib", format: "universal Mach-O"),
    Sample(file: "archive.xar", format: "XAR"),
    Sample(file: "installer.pkg", format: "installer package (XAR)"),
    Sample(file: "fonts.ttc", format: "TrueType collection"),
    Sample(file: "app.war", format: "WAR"),
    Sample(file: "page.webarchive", format: "Safari web archive"),
    Sample(file: "model.stl", format: "binary STL"),
    Sample(file: "picture.pict", format: "PICT"),
    Sample(file: "image.exr", format: "OpenEXR"),
    Sample(file: "notes.flat-rtfd", format: "flat RTFD"),
    Sample(file: "writer.sxw", format: "OpenOffice 1.x Writer"),
    Sample(file: "calc-no-mimetype.sxc", format: "OpenOffice 1.x Calc without mimetype"),
    Sample(file: "impress-content-only.sxi", format: "OpenOffice 1.x Impress, content only"),
    Sample(file: "book-compressed-mimetype.epub", format: "EPUB, mimetype compressed"),
    Sample(file: "book-late-mimetype.epub", format: "EPUB, mimetype not first"),
    Sample(file: "book-no-mimetype.epub", format: "EPUB without mimetype"),
    Sample(file: "talk-folder.zip", format: "Keynote package zipped as a folder"),
    Sample(file: "app.apk", format: "APK without classes.dex"),
    Sample(file: "model.3mf", format: "3MF by content type"),
    Sample(file: "signed.asice", format: "ASiC-E"),
    Sample(file: "signed.asics", format: "ASiC-S"),
    Sample(file: "drawing.vsdx", format: "Visio drawing"),
    Sample(file: "stencil.vssx", format: "Visio stencil"),
    // Traps: text that must stay plain.
    Sample(file: "letter-commas.txt", format: "prose with commas (not CSV)"),
    Sample(file: "control.txt", format: "Debian control file (not mail)"),
  ]

  static let sniffer = ContentSniffer(configuration: .init(usesFilename: false))

  @Test("Each sample is named by the package's own checks, from content alone", arguments: samples)
  func namedFromContent(_ sample: Sample) throws {
    let expected = try #require(CorpusSniffingTests.expected[sample.file])
    let url = CorpusSniffingTests.directory.appendingPathComponent(sample.file)
    let result = try Self.sniffer.sniff(fileAt: url)
    #expect(result.type.identifier.lowercased() == expected.lowercased(), "\(result.explanation)")
    #expect(result.evidence == .signature, "\(result.explanation)")
    #expect(result.bytesRead <= result.byteCount)
  }

  @Test("Mutated samples (seeded) never trap, and the sniffer never reads more than the file")
  func mutatedSamples() throws {
    // Without libmagic: the package's own checks are under test, and fast enough for 9,600
    // inputs in a debug build.
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false, usesLibmagic: false))
    var generator = SplitMix64(seed: 0x5EED_0035)
    var named = 0
    for sample in Self.samples {
      let url = CorpusSniffingTests.directory.appendingPathComponent(sample.file)
      let original = [UInt8](try Data(contentsOf: url))
      for _ in 0..<200 {
        let bytes = ByteMutation.mutate(original, &generator)
        let result = try sniffer.sniff(data: Data(bytes))
        #expect(result.byteCount == bytes.count)
        #expect(result.bytesRead <= bytes.count)
        if result.evidence == .signature { named += 1 }
      }
    }
    // Most mutations leave a format recognizable; none may crash the checks.
    #expect(named > Self.samples.count * 100)
  }

  @Test("The table names corpus files, each once")
  func tableCoversTheSamples() {
    #expect(Set(Self.samples.map(\.file)).isSubset(of: Set(CorpusSniffingTests.expected.keys)))
    #expect(Self.samples.count == Set(Self.samples.map(\.file)).count)
  }
}
