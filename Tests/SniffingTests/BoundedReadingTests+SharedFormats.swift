import Foundation
import Sniffing
import TestSupport
import Testing
import UTI

/// The checks that read beyond the prefix, on sparse files of 1 GiB whose deciding structure
/// sits far from the start: each reads its few small pieces, never the file.
extension BoundedReadingTests {
  static let gibibyte = 1 << 30

  static func le64(_ value: Int) -> [UInt8] { Bytes.le32(value) + Bytes.le32(value >> 32) }

  /// A web archive: a binary property list whose top dictionary's one value is a data object
  /// of `payload` bytes, so the offset table and trailer lie at the end of the file.
  static func webArchive(payload: Int) -> (size: Int, pieces: [(Int, [UInt8])]) {
    let dictionary: [UInt8] = [0xD1, 1, 2]  // one key (object 1), one value (object 2)
    let key = [0x5F, 0x10, 0x0F] + Array("WebMainResource".utf8)
    let data = [0x4F, 0x13] + Bytes.be64(payload)
    let head = Array("bplist00".utf8) + dictionary + key + data
    let tableOffset = head.count + payload
    let table =
      Bytes.be64(8) + Bytes.be64(8 + dictionary.count)
      + Bytes.be64(8 + dictionary.count + key.count)
    let trailer =
      [UInt8](repeating: 0, count: 6) + [8, 1] + Bytes.be64(3) + Bytes.be64(0)
      + Bytes.be64(tableOffset)
    return (tableOffset + table.count + trailer.count, [(0, head), (tableOffset, table + trailer)])
  }

  @Test("A 1 GiB web archive: the prefix, the trailer and three offsets")
  func largeWebArchive() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let archive = Self.webArchive(payload: Self.gibibyte)
    let url = try directory.sparseFile(
      "page.webarchive", size: archive.size, pieces: archive.pieces)
    let result = try sniffer.sniff(fileAt: url)
    #expect(result.type.identifier == "com.apple.webarchive")
    #expect(result.bytesRead <= Self.prefix + 32 + 3 * 8)
  }

  @Test("A 1 GiB DNG whose IFD0 of 80 entries is at the end: the prefix and the directory")
  func largeRawImage() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let ifdOffset = Self.gibibyte
    // Tags 0x0100... in order, a NewSubfileType first, DNGVersion (C612) last.
    var entries = Bytes.le16(254) + Bytes.le16(4) + Bytes.le32(1) + Bytes.le32(1)
    for tag in 0..<78 {
      entries += Bytes.le16(0x8000 + tag) + Bytes.le16(3) + Bytes.le32(1) + Bytes.le32(0)
    }
    entries += Bytes.le16(0xC612) + Bytes.le16(1) + Bytes.le32(4) + [1, 4, 0, 0]
    let ifd = Bytes.le16(80) + entries + Bytes.le32(0)
    let url = try directory.sparseFile(
      "photo.dng", size: ifdOffset + ifd.count,
      pieces: [(0, [0x49, 0x49, 0x2A, 0x00] + Bytes.le32(ifdOffset)), (ifdOffset, ifd)])
    let result = try sniffer.sniff(fileAt: url)
    #expect(result.type.identifier == "com.adobe.raw-image")
    #expect(result.bytesRead <= Self.prefix + 2 + 2 + 12 * 80)
  }

  @Test("A 1 GiB EPUB whose mimetype entry is not first: the prefix, the directory, the entry")
  func largeEPUB() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
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
    let media = "OEBPS/video.mp4"
    let mimeType = Array("application/epub+zip".utf8)
    let first = local(media, size: Self.gibibyte)
    let mimetypeOffset = first.count + Self.gibibyte
    let second = local("mimetype", size: mimeType.count) + mimeType
    let directoryOffset = mimetypeOffset + second.count
    let centralDirectory =
      central(media, size: Self.gibibyte, offset: 0)
      + central("mimetype", size: mimeType.count, offset: mimetypeOffset)
    let end =
      [0x50, 0x4B, 5, 6] + Bytes.le16(0) + Bytes.le16(0) + Bytes.le16(2) + Bytes.le16(2)
      + Bytes.le32(centralDirectory.count) + Bytes.le32(directoryOffset) + Bytes.le16(0)
    let url = try directory.sparseFile(
      "book.epub", size: directoryOffset + centralDirectory.count + end.count,
      pieces: [(0, first), (mimetypeOffset, second + centralDirectory + end)])
    let result = try sniffer.sniff(fileAt: url)
    #expect(result.type.identifier == "org.idpf.epub-container")
    // The prefix, the last 64 KiB (holding the directory), the entry's header and contents.
    #expect(result.bytesRead <= Self.prefix + 65_557 + 30 + 256)
  }

  @Test("A 1 GiB binary STL costs its prefix, and a universal binary one slice header more")
  func largeModelAndBinary() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let triangles = Self.gibibyte / 50
    let model = try directory.sparseFile(
      "model.stl", size: 84 + 50 * triangles,
      pieces: [(0, Array("solid".utf8) + [UInt8](repeating: 0, count: 75) + Bytes.le32(triangles))])
    let stl = try sniffer.sniff(fileAt: model)
    #expect(stl.type.identifier == "public.standard-tesselated-geometry-format")
    #expect(stl.bytesRead == Self.prefix)

    // A universal binary whose one slice (an arm64 dylib header) starts at 1 GiB.
    let slice: [UInt8] =
      [0xCF, 0xFA, 0xED, 0xFE] + Bytes.le32(0x0100_000C) + Bytes.le32(0) + Bytes.le32(6)
      + Bytes.le32(1) + Bytes.le32(24) + Bytes.le32(0) + Bytes.le32(0)
    let header =
      [0xCA, 0xFE, 0xBA, 0xBE] + Bytes.be32(1) + Bytes.be32(0x0100_000C) + Bytes.be32(0)
      + Bytes.be32(Self.gibibyte) + Bytes.be32(slice.count) + Bytes.be32(14)
    let binary = try directory.sparseFile(
      "library.dylib", size: Self.gibibyte + slice.count,
      pieces: [(0, header), (Self.gibibyte, slice)])
    let universal = try sniffer.sniff(fileAt: binary)
    #expect(universal.type.identifier == "com.apple.mach-o-dylib")
    #expect(universal.bytesRead == Self.prefix + slice.count)
  }
}
