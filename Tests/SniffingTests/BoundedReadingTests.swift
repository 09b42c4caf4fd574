import Foundation
import Sniffing
import TestSupport
import Testing
import UTI

/// The sniffer reads a bounded prefix and a few small pieces, never a whole file: checked on
/// sparse files of up to 4 GiB whose content sits at both ends.
@Suite("Sniffing reads only bounded pieces")
struct BoundedReadingTests {
  static let prefix = 64 * 1024
  let sniffer = ContentSniffer()

  @Test("A JPEG of 1 MiB or 4 GiB costs the same 64 KiB", arguments: [1 << 20, 4 << 30])
  func largeImage(size: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.sparseFile(
      "big.jpg", size: size, pieces: [(0, [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8))])
    let result = try sniffer.sniff(fileAt: url)
    #expect(result.type == .jpeg)
    #expect(result.byteCount == size)
    #expect(result.bytesRead == Self.prefix)
  }

  /// A ZIP holding `[Content_Types].xml` and a stored entry of `holeSize` zero bytes, with its
  /// central directory after the hole.
  static func officeZip(holeSize: Int) -> (size: Int, pieces: [(Int, [UInt8])]) {
    let types = Array(
      ("<Types><Override PartName=\"/word/document.xml\" ContentType=\"application/vnd."
        + "openxmlformats-officedocument.wordprocessingml.document.main+xml\"/></Types>").utf8)
    func local(_ name: String, size: Int) -> [UInt8] {
      [0x50, 0x4B, 3, 4] + Bytes.le16(20) + Bytes.le16(0) + Bytes.le16(0) + Bytes.le32(0)
        + Bytes.le32(0) + Bytes.le32(size) + Bytes.le32(size) + Bytes.le16(name.utf8.count)
        + Bytes.le16(0) + Array(name.utf8)
    }
    func central(_ name: String, size: Int, offset: Int) -> [UInt8] {
      [0x50, 0x4B, 1, 2] + Bytes.le16(20) + Bytes.le16(20) + Bytes.le16(0) + Bytes.le16(0)
        + Bytes.le32(0) + Bytes.le32(0) + Bytes.le32(size) + Bytes.le32(size)
        + Bytes.le16(name.utf8.count) + Bytes.le16(0) + Bytes.le16(0) + Bytes.le16(0)
        + Bytes.le16(0) + Bytes.le32(0) + Bytes.le32(offset) + Array(name.utf8)
    }
    let first = local("[Content_Types].xml", size: types.count) + types
    let second = local("word/media/big.bin", size: holeSize)
    let head = first + second
    let directoryOffset = head.count + holeSize
    let directory =
      central("[Content_Types].xml", size: types.count, offset: 0)
      + central("word/media/big.bin", size: holeSize, offset: first.count)
    let end =
      [0x50, 0x4B, 5, 6] + Bytes.le16(0) + Bytes.le16(0) + Bytes.le16(2) + Bytes.le16(2)
      + Bytes.le32(directory.count) + Bytes.le32(directoryOffset) + Bytes.le16(0)
    return (
      directoryOffset + directory.count + end.count,
      [(0, head), (directoryOffset, directory + end)]
    )
  }

  @Test("A 1 GiB Office document: the prefix plus the end of the ZIP")
  func largeZip() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let zip = Self.officeZip(holeSize: 1 << 30)
    let url = try directory.sparseFile("report.docx", size: zip.size, pieces: zip.pieces)
    let result = try sniffer.sniff(fileAt: url)
    #expect(result.type.identifier == "org.openxmlformats.wordprocessingml.document")
    #expect(!result.isMismatch)
    #expect(result.bytesRead <= Self.prefix + 65_557 + 1024)
  }

  /// An MPEG-4 file whose `moov` (with one track of `handler`) follows `mdatSize` bytes of media.
  static func movie(handler: String, mdatSize: Int) -> (size: Int, pieces: [(Int, [UInt8])]) {
    let ftyp = Bytes.box("ftyp", Array("isom".utf8) + Bytes.be32(512) + Array("isomiso2mp41".utf8))
    // A 64-bit mdat header: size 1, type, then the large size.
    let mdat = Bytes.be32(1) + Array("mdat".utf8) + Bytes.be64(16 + mdatSize)
    let hdlr = Bytes.box(
      "hdlr", [0, 0, 0, 0] + [0, 0, 0, 0] + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
    let moov = Bytes.box("moov", Bytes.box("trak", Bytes.box("mdia", hdlr)))
    let moovOffset = ftyp.count + 16 + mdatSize
    return (moovOffset + moov.count, [(0, ftyp + mdat), (moovOffset, moov)])
  }

  @Test(
    "An MPEG-4 file with moov after 2 GiB of media: one header read per box",
    arguments: [("soun", "com.apple.m4a-audio"), ("vide", "public.mpeg-4")])
  func moovAtTheEnd(handler: String, expected: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let movie = Self.movie(handler: handler, mdatSize: 2 << 30)
    let url = try directory.sparseFile("clip", size: movie.size, pieces: movie.pieces)
    let result = try sniffer.sniff(fileAt: url)
    #expect(result.type.identifier == expected)
    #expect(result.bytesRead <= Self.prefix + 1024)
  }

  @Test("The prefix length is configurable, with a floor of 4 KiB")
  func prefixLength() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.sparseFile(
      "big.png", size: 1 << 20, pieces: [(0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])])
    let small = ContentSniffer(configuration: .init(prefixLength: 100))
    #expect(small.configuration.prefixLength == 4096)
    let result = try small.sniff(fileAt: url)
    #expect(result.type == .png)
    #expect(result.bytesRead == 4096)
  }
}
