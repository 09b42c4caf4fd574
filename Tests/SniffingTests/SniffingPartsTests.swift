import Foundation
import Testing

@testable import Sniffing

/// The sniffer's internal parts, on inputs built here: DEFLATE, JSON syntax, MPEG frame headers,
/// text encodings, the PDF header search.
@Suite("Sniffing parts")
struct SniffingPartsTests {
  // Raw DEFLATE streams made with Python's zlib (wbits -15).
  static let fixedBlock: [UInt8] = [203, 72, 205, 201, 201, 87, 200, 64, 144, 0]
  static let storedBlock: [UInt8] = [
    1, 13, 0, 242, 255, 115, 116, 111, 114, 101, 100, 32, 98, 108, 111, 99, 107, 33,
  ]
  /// Twelve `<Override .../>` lines for slides 0 to 11, 1562 bytes, in a dynamic-Huffman block.
  static let dynamicBlock: [UInt8] = [
    205, 212, 75, 10, 2, 49, 12, 6, 224, 171, 12, 179, 21, 91, 223, 15, 24, 221, 184, 87, 23, 94,
    160, 180, 25, 40, 180, 77, 104, 227, 160, 183, 183, 142, 23, 112, 35, 113, 21, 8, 127, 194,
    183, 250, 187, 203, 0, 57, 123, 7, 205, 213, 100, 62, 155, 8, 135, 86, 19, 177, 46, 161, 46,
    203, 103, 204, 212, 35, 134, 182, 57, 97, 98, 72, 124, 123, 82, 13, 25, 162, 224, 173, 97, 143,
    73, 15, 201, 41, 36, 72, 53, 213, 99, 142, 134, 203, 20, 251, 222, 91, 112, 104, 239, 177,
    158, 40, 202, 80, 234, 28, 227, 49, 168, 241, 235, 228, 253, 84, 31, 187, 111, 4, 115, 113,
    193, 66, 92, 176, 20, 23, 172, 196, 5, 107, 113, 193, 70, 92, 176, 21, 23, 236, 196, 5, 123,
    249, 70, 250, 131, 82, 252, 105, 43, 190, 0,
  ]
  static let dynamicText = (0..<12).map {
    "<Override PartName=\"/ppt/slides/slide\($0).xml\" ContentType=\"application/vnd."
      + "openxmlformats-officedocument.presentationml.slide+xml\"/>"
  }.joined()

  @Test("Inflate decodes fixed, stored and dynamic blocks")
  func inflate() throws {
    #expect(try Inflate.decompress(Self.fixedBlock, limit: 1000) == Array("hello hello hello".utf8))
    #expect(try Inflate.decompress(Self.storedBlock, limit: 1000) == Array("stored block!".utf8))
    let text = try Inflate.decompress(Self.dynamicBlock, limit: 4096)
    #expect(String(decoding: text, as: UTF8.self) == Self.dynamicText)
  }

  @Test("Inflate handles a stored block after a Huffman block, as sync-flushed streams end")
  func inflateSyncFlush() throws {
    // zlib: compress("hello hello hello", Z_FIXED) then Z_SYNC_FLUSH, then Z_FINISH.
    let stream: [UInt8] = [202, 72, 205, 201, 201, 87, 200, 64, 144, 0, 0, 0, 0, 255, 255, 3, 0]
    #expect(try Inflate.decompress(stream, limit: 100) == Array("hello hello hello".utf8))
  }

  @Test("Inflate stops at its limit and returns a prefix of cut input")
  func inflateBounds() throws {
    let limited = try Inflate.decompress(Self.dynamicBlock, limit: 100)
    #expect(limited == Array(Self.dynamicText.utf8.prefix(100)))
    let cut = try Inflate.decompress(Array(Self.dynamicBlock.prefix(80)), limit: 4096)
    #expect(!cut.isEmpty)
    #expect(Array(Self.dynamicText.utf8).starts(with: cut))
  }

  @Test("Inflate rejects an invalid block type")
  func inflateRejects() {
    #expect(throws: Inflate.Failure.self) { try Inflate.decompress([0x07, 0, 0], limit: 10) }
  }

  struct JSONCase: CustomStringConvertible, Sendable {
    var text: String
    var isComplete: Bool
    var isDocument: Bool
    var description: String { "\(text) complete=\(isComplete)" }
  }

  @Test(
    "JSON syntax: documents, cut-off prefixes, and things that are not JSON",
    arguments: [
      JSONCase(text: #"{"a": [1, 2.5e3, true, null, "x\"y"]}"#, isComplete: true, isDocument: true),
      JSONCase(text: "[]", isComplete: true, isDocument: true),
      JSONCase(text: #"{"a": [1, 2, "unfinished"#, isComplete: false, isDocument: true),
      JSONCase(text: #"{"a": [1, 2, "unfinished"#, isComplete: true, isDocument: false),
      JSONCase(text: #"{"a" 1}"#, isComplete: true, isDocument: false),
      JSONCase(text: "{a: 1}", isComplete: true, isDocument: false),
      JSONCase(text: "[1, 2] trailing", isComplete: true, isDocument: false),
      JSONCase(text: "\"just a string\"", isComplete: true, isDocument: false),
      JSONCase(text: "{\\rtf1 not json}", isComplete: true, isDocument: false),
    ])
  func json(_ testCase: JSONCase) {
    #expect(
      JSONSyntax.isDocument(Array(testCase.text.utf8), isComplete: testCase.isComplete)
        == testCase.isDocument)
  }

  @Test("MPEG audio frame headers: layer, length, and ADTS")
  func mpegHeaders() throws {
    // MPEG-1 layer III, 128 kbit/s, 44.1 kHz, no padding: 417 bytes.
    let layer3 = try #require(MPEGAudioFrames.header([0xFF, 0xFB, 0x90, 0x64, 0, 0, 0], at: 0))
    #expect(layer3.0 == .mpegAudio(layer: 3))
    #expect(layer3.1 == 417)
    // ADTS with a frame length of 0x200 bytes.
    let adts = try #require(
      MPEGAudioFrames.header([0xFF, 0xF1, 0x50, 0x80, 0x40, 0x1F, 0xFC], at: 0))
    #expect(adts.0 == .adts)
    #expect(adts.1 == 512)
    // A UTF-16 byte-order mark followed by text is no frame the sniffer accepts.
    let utf16 = Array("\u{FEFF}hello".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    #expect(MPEGAudioFrames.frames(in: utf16, at: 0, fileSize: utf16.count) == nil)
  }

  @Test("Text encodings: BOMs, UTF-8, 8-bit text, and binary")
  func encodings() throws {
    let utf8 = try #require(TextEncodingSniffer.decode(Array("héllo\n".utf8), isCut: false))
    #expect(utf8.0 == .utf8(hasBOM: false))
    let bom = try #require(TextEncodingSniffer.decode([0xEF, 0xBB, 0xBF, 0x41], isCut: false))
    #expect(bom.0 == .utf8(hasBOM: true))
    #expect(bom.1 == [0x41])
    let utf16BE = try #require(
      TextEncodingSniffer.decode([0xFE, 0xFF, 0, 0x41, 0, 0x42], isCut: false))
    #expect(utf16BE.0 == .utf16(bigEndian: true))
    #expect(utf16BE.1 == Array("AB".utf8))
    let latin1 = try #require(
      TextEncodingSniffer.decode([0x63, 0x61, 0x66, 0xE9, 0x0A], isCut: false))
    #expect(latin1.0 == .eightBit)
    #expect(TextEncodingSniffer.decode([0x41, 0x00, 0x42], isCut: false) == nil)
    #expect(TextEncodingSniffer.decode([0x41, 0x01, 0x42], isCut: false) == nil)
    // A multi-byte sequence cut by the end of a sample is forgiven only when the sample is cut.
    #expect(TextEncodingSniffer.isUTF8Text([0x41, 0xC3], isCut: true))
    #expect(!TextEncodingSniffer.isUTF8Text([0x41, 0xC3], isCut: false))
  }

  @Test("A PDF header counts at the start or after junk within 1024 bytes, not later")
  func pdfWindow() {
    let header = Array("%PDF-1.7\n".utf8)
    #expect(SignatureScanner.pdf(header) != nil)
    #expect(SignatureScanner.pdf([UInt8](repeating: 0xAA, count: 1000) + header) != nil)
    #expect(SignatureScanner.pdf([UInt8](repeating: 0xAA, count: 1100) + header) == nil)
    #expect(SignatureScanner.pdf(Array("%PDF-x".utf8)) == nil)
  }
}

/// Damaged input: every corpus sample cut short and with bytes overwritten must still get an
/// answer (or a clear error), never a crash.
@Suite("Sniffing damaged input")
struct DamagedInputTests {
  @Test("Cut and corrupted corpus samples never crash the sniffer")
  func damaged() throws {
    let directory = CorpusSniffingTests.directory
    let sniffer = ContentSniffer(configuration: .init(usesLibmagic: false))
    var state: UInt64 = 0x5EED
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var sniffed = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() {
      let original = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
      guard !original.isEmpty else { continue }
      for round in 0..<12 {
        var bytes = Array(original.prefix(round < 6 ? 1 + next() % original.count : original.count))
        for _ in 0..<(round % 6) * 4 where !bytes.isEmpty {
          bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next())
        }
        _ = try sniffer.sniff(data: Data(bytes), filename: name)
        sniffed += 1
      }
    }
    #expect(sniffed > 600)
  }
}
