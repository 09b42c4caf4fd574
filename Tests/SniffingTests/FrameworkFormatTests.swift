import Foundation
import Sniffing
import TestSupport
import Testing
import UTI

/// Formats whose types the catalogue gained beyond macOS 12's CoreTypes list (textures, HDR,
/// Netpbm, disk images, camera raw), each recognized by content, built byte by byte.
@Suite("Sniffing texture, HDR, Netpbm, disk image and raw formats")
struct FrameworkFormatTests {
  struct Sample: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var expected: String
    var testDescription: String { "\(name) -> \(expected)" }
  }

  static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

  static let samples: [Sample] = [
    Sample(
      name: "KTX 1",
      bytes: [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A]
        + Bytes.le32(0x0403_0201) + zeros(52), expected: "org.khronos.ktx"),
    Sample(
      name: "DDS", bytes: Array("DDS ".utf8) + Bytes.le32(124) + zeros(120),
      expected: "com.microsoft.dds"),
    Sample(
      name: "ASTC 4x4", bytes: [0x13, 0xAB, 0xA1, 0x5C, 4, 4, 1] + zeros(9) + zeros(16),
      expected: "org.khronos.astc"),
    Sample(name: "PVR v3", bytes: Array("PVR".utf8) + [3] + zeros(60), expected: "public.pvr"),
    Sample(
      name: "Radiance",
      bytes: Array("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 2\n".utf8)
        + zeros(16), expected: "public.radiance"),
    Sample(
      name: "plain PBM with a comment", bytes: Array("P1\n# made by hand\n2 2\n0 1\n1 0\n".utf8),
      expected: "public.pbm"),
    Sample(
      name: "raw PPM", bytes: Array("P6 2 1 255\n".utf8) + [255, 0, 0, 0, 255, 0],
      expected: "public.pbm"),
    Sample(
      name: "PFM", bytes: Array("Pf\n1 1\n-1.0\n".utf8) + [0, 0, 128, 63], expected: "public.pbm"),
    Sample(
      name: "text that starts like Netpbm", bytes: Array("P1 is this week's priority.\n".utf8),
      expected: "public.utf8-plain-text"),
    Sample(
      name: "Markdown heading", bytes: Array("# Notes\n\nPVR and DDS are texture formats.\n".utf8),
      expected: "public.utf8-plain-text"),
  ]

  @Test("Each format is known by its leading bytes", arguments: samples)
  func leadingBytes(_ sample: Sample) throws {
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    let result = try sniffer.sniff(data: Data(sample.bytes))
    #expect(result.type.identifier == sample.expected, "\(result.explanation)")
  }

  /// A UDIF trailer: `koly`, version 4, header size 512.
  static let kolyTrailer: [UInt8] =
    Array("koly".utf8) + Bytes.be32(4) + Bytes.be32(512) + zeros(500)

  @Test("A 1 GiB disk image is known by its trailer: the prefix and 512 bytes are read")
  func diskImageTrailer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let size = 1 << 30
    let zlibStart: [UInt8] = [0x78, 0xDA, 0xED, 0xC1, 0x01, 0x0D]
    let url = try directory.sparseFile(
      "installer", size: size, pieces: [(0, zlibStart), (size - 512, Self.kolyTrailer)])
    let result = try ContentSniffer().sniff(fileAt: url)
    #expect(result.type.identifier == "com.apple.disk-image-udif", "\(result.explanation)")
    #expect(result.bytesRead <= 64 * 1024 + 512)
  }

  @Test("Without the trailer, data that starts like a disk image is not called one")
  func noTrailerNoDiskImage() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.sparseFile(
      "blocks.bin", size: 1 << 20, pieces: [(0, [0x78, 0xDA, 0xED, 0xC1])])
    let result = try ContentSniffer(configuration: .init(usesFilename: false)).sniff(fileAt: url)
    #expect(result.type.identifier != "com.apple.disk-image-udif")
    #expect(result.bytesRead <= 64 * 1024 + 512)
  }

  /// A little-endian TIFF whose IFD0 announces `entries` entries, the first a NewSubfileType
  /// of 1 (a reduced-resolution first image, as camera raw files have), cut after `kept` of
  /// them.
  static func rawLayoutTIFF(entries: Int, kept: Int) -> [UInt8] {
    var bytes = Array("II".utf8) + [0x2A, 0] + Bytes.le32(8) + Bytes.le16(entries)
    bytes += Bytes.le16(0xFE) + Bytes.le16(4) + Bytes.le32(1) + Bytes.le32(1)
    for index in 1..<kept {
      bytes += Bytes.le16(0x100 + index) + Bytes.le16(4) + Bytes.le32(1) + Bytes.le32(16)
    }
    if kept == entries { bytes += Bytes.le32(0) + zeros(64) }
    return bytes
  }

  @Test("A raw-layout TIFF cut off before its maker is camera raw; a whole one is TIFF")
  func cutOffCameraRaw() throws {
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    let cut = try sniffer.sniff(data: Data(Self.rawLayoutTIFF(entries: 28, kept: 9)))
    #expect(cut.type.identifier == "public.camera-raw-image", "\(cut.explanation)")
    let whole = try sniffer.sniff(data: Data(Self.rawLayoutTIFF(entries: 3, kept: 3)))
    #expect(whole.type == .tiff, "\(whole.explanation)")
  }
}
