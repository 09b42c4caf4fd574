import Foundation
import Sniffing
import TestSupport
import Testing
import UTI

/// PDFs whose header is damaged or missing are PDFs by their structure, as PDF readers repair
/// them; text that merely talks about PDF syntax is not.
@Suite("Sniffing PDFs with damaged headers")
struct DamagedPDFTests {
  /// A one-page PDF body (objects, cross-reference table, trailer) after `header`.
  static func pdf(header: String) -> [UInt8] {
    var out = Array(header.utf8)
    var offsets: [Int] = []
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>",
    ]
    for (index, object) in objects.enumerated() {
      offsets.append(out.count)
      out += Array("\(index + 1) 0 obj\n\(object)\nendobj\n".utf8)
    }
    let xref = out.count
    out += Array("xref\n0 4\n0000000000 65535 f \n".utf8)
    for offset in offsets { out += Array(String(format: "%010d 00000 n \n", offset).utf8) }
    out += Array("trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return out
  }

  struct Sample: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var isPDF: Bool
    var testDescription: String { "\(name): \(isPDF ? "PDF" : "not PDF")" }
  }

  static let binaryMarker: [UInt8] = [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A]

  static let samples: [Sample] = [
    Sample(name: "%PDF1.4", bytes: pdf(header: "%PDF1.4\n"), isPDF: true),
    Sample(name: "%PDF.1.4", bytes: pdf(header: "%PDF.1.4\n"), isPDF: true),
    Sample(name: "%1.4", bytes: pdf(header: "%1.4\n"), isPDF: true),
    Sample(name: "%PDF without a version", bytes: pdf(header: "%PDF\n"), isPDF: true),
    Sample(name: "no header at all", bytes: pdf(header: ""), isPDF: true),
    Sample(
      name: "%PDF1.7 and the binary marker line",
      bytes: Array("%PDF1.7\n".utf8) + binaryMarker + pdf(header: ""), isPDF: true),
    Sample(
      name: "prose mentioning obj and %%EOF",
      bytes: Array(
        "Each object starts with 1 0 obj and ends with endobj; a file ends with %%EOF.\n".utf8),
      isPDF: false),
    Sample(
      name: "prose showing an object and a trailer",
      bytes: Array(
        ("How a PDF ends\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"
          + "then startxref, an offset and %%EOF:\nstartxref\n116\n%%EOF\n").utf8),
      isPDF: false),
    Sample(
      name: "a TeX comment, then prose with PDF syntax",
      bytes: Array(
        "% notes.tex\n\\section{PDF}\n1 0 obj << >> endobj\nstartxref\n9\n%%EOF\n".utf8),
      isPDF: false),
    Sample(
      name: "%PDF followed by prose",
      bytes: Array("%PDF is how a PDF file starts.\nThen 1 0 obj << >> endobj\n%%EOF\n".utf8),
      isPDF: false),
    Sample(
      name: "objects but no trailer",
      bytes: Array("%PDF1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".utf8), isPDF: false),
    Sample(
      name: "an object without a dictionary",
      bytes: Array("1 0 obj\n42\nendobj\nstartxref\n0\n%%EOF\n".utf8), isPDF: false),
  ]

  @Test("Structure decides, text mentioning PDF syntax is not a PDF", arguments: samples)
  func structure(_ sample: Sample) throws {
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    let result = try sniffer.sniff(data: Data(sample.bytes))
    #expect(
      (result.type == .pdf) == sample.isPDF, "\(result.type.identifier): \(result.explanation)")
  }

  @Test("A 1 GiB PDF with a damaged header costs the prefix and its last 1 KiB")
  func boundedRead() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let size = 1 << 30
    let whole = Self.pdf(header: "%PDF1.5\n")
    let trailerStart = try #require(
      whole.indices.first { Array(whole[$0...].prefix(4)) == Array("xref".utf8) })
    let trailer = Array(whole[trailerStart...])
    let url = try directory.sparseFile(
      "scan.pdf", size: size,
      pieces: [(0, Array(whole[..<trailerStart])), (size - trailer.count, trailer)])
    let result = try ContentSniffer().sniff(fileAt: url)
    #expect(result.type == .pdf, "\(result.explanation)")
    #expect(result.bytesRead <= 64 * 1024 + 1024)
  }

  @Test("A large file that starts like a PDF body but has no trailer reads no more")
  func boundedReadWithoutTrailer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.sparseFile(
      "notes.txt", size: 1 << 30,
      pieces: [(0, Array("1 0 obj\n<< /Type /Catalog >>\nendobj\n".utf8))])
    let result = try ContentSniffer(configuration: .init(usesFilename: false)).sniff(fileAt: url)
    #expect(result.type != .pdf)
    #expect(result.bytesRead <= 64 * 1024 + 1024)
  }
}
