import Foundation
import Sniffing
import Testing
import UTI

/// Binary formats whose checks read structure, built byte by byte: the variants each check must
/// tell apart, and near-misses it must refuse (judged on content alone, and for near-misses
/// without libmagic, whose own rules are looser: the package's checks must not name them).
@Suite("Sniffing binary structures and near-misses")
struct BinarySignatureTests {
  struct Sample: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    /// The identifier, or for a `dyn.` type its MIME type; nil when the format must be refused.
    var expected: String? = nil
    /// What a refused near-miss must not be.
    var refused: String? = nil
    var testDescription: String { "\(name) -> \(expected ?? "not \(refused ?? "?")")" }
  }

  static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }
  static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

  /// A DER element: tag, definite length, contents.
  static func der(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
    let count = contents.count
    let length: [UInt8] =
      count < 0x80 ? [UInt8(count)] : count < 0x100 ? [0x81, UInt8(count)] : [0x82] + be16(count)
    return [tag] + length + contents
  }
  static let ed25519: [UInt8] = der(0x30, der(0x06, [0x2B, 0x65, 0x70]))
  static let name: [UInt8] = der(
    0x30, der(0x31, der(0x30, der(0x06, [0x55, 0x04, 0x03]) + der(0x0C, Array("x".utf8)))))
  static let time: [UInt8] = der(0x17, Array("260101000000Z".utf8))
  static let signature: [UInt8] = der(0x03, [0] + zeros(64))

  /// An ELF header of class `bits`, type `type`, with one program header of type `segment`.
  static func elf(type: Int, segment: Int, bits: UInt8 = 2) -> [UInt8] {
    var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, bits, 1, 1, 0] + zeros(8)
    bytes += Bytes.le16(type) + Bytes.le16(0x3E) + Bytes.le32(1) + zeros(8)
    bytes += Bytes.le32(64) + zeros(4) + zeros(8) + Bytes.le32(0)  // e_phoff 64, e_shoff 0, flags
    bytes += Bytes.le16(64) + Bytes.le16(56) + Bytes.le16(1) + zeros(6)
    return bytes + Bytes.le32(segment) + zeros(52)
  }

  /// A 32-bit big-endian Mach-O header (PowerPC) of `fileType`.
  static func machO(fileType: Int) -> [UInt8] {
    [0xFE, 0xED, 0xFA, 0xCE] + Bytes.be32(18) + Bytes.be32(0) + Bytes.be32(fileType)
      + Bytes.be32(1) + Bytes.be32(56) + Bytes.be32(0) + zeros(56)
  }

  /// A binary STL of `count` triangles whose first coordinate is `first`.
  static func stl(count: Int, first: Float = 1, extra: Int = 0) -> [UInt8] {
    var bytes = Array("solid binary".utf8) + zeros(68) + Bytes.le32(count)
    for index in 0..<count {
      let value = index == 0 ? first : 1
      bytes += Bytes.le32(Int(value.bitPattern)) + zeros(44) + [0, 0]
    }
    return bytes + zeros(extra)
  }

  /// A QuickDraw picture version 2 with a `header` before it and the given frame.
  static func pict(header: Int, bottom: Int) -> [UInt8] {
    zeros(header) + be16(64) + be16(0) + be16(0) + be16(bottom) + be16(32)
      + [0x00, 0x11, 0x02, 0xFF, 0x0C, 0x00] + zeros(24) + [0x00, 0xFF]
  }

  /// A TrueType collection header of `count` fonts, whose first font starts with `version`.
  static func collection(count: Int, version: [UInt8]) -> [UInt8] {
    let directory = 12 + 4 * count
    return Array("ttcf".utf8) + [0, 1, 0, 0] + Bytes.be32(count)
      + (0..<count).flatMap { _ in Bytes.be32(directory) } + version + [0, 1] + zeros(6)
      + Array("head".utf8) + zeros(12)
  }

  /// A XAR archive whose table of contents lists `files`.
  static func xar(_ files: [String]) throws -> [UInt8] {
    let toc = Array(
      ("<?xml version=\"1.0\"?><xar><toc>"
        + files.map { "<file><name>\($0)</name></file>" }.joined() + "</toc></xar>").utf8)
    // zlib framing around a stored DEFLATE block (RFC 1950 and 1951).
    let stored = [0x01] + Bytes.le16(toc.count) + Bytes.le16(~toc.count & 0xFFFF) + toc
    let compressed = [0x78, 0x01] + stored + zeros(4)
    return Array("xar!".utf8) + be16(28) + be16(1) + Bytes.be64(compressed.count)
      + Bytes.be64(toc.count) + Bytes.be32(1) + compressed + zeros(20)
  }

  static let samples: [Sample] = {
    let pkcs7: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    let request = der(
      0x30,
      der(
        0x30,
        der(0x02, [0]) + name + der(0x30, ed25519 + der(0x03, [0] + zeros(32))) + der(0xA0, []))
        + ed25519 + signature)
    let revocations = der(
      0x30, der(0x30, der(0x02, [1]) + ed25519 + name + time + time) + ed25519 + signature)
    let signedData = der(0x30, der(0x06, pkcs7) + der(0xA0, der(0x30, der(0x02, [1]))))
    let certificate = der(
      0x30,
      der(
        0x30, der(0xA0, der(0x02, [2])) + der(0x02, [35]) + ed25519 + name + der(0x30, time + time))
        + ed25519 + signature)
    return [
      Sample(
        name: "ELF shared object with an interpreter", bytes: elf(type: 3, segment: 3),
        expected: "public.elf-binary"),
      Sample(
        name: "ELF with an unknown class", bytes: elf(type: 2, segment: 1, bits: 7),
        refused: "public.elf-binary"),
      Sample(
        name: "Mach-O bundle, PowerPC", bytes: machO(fileType: 8),
        expected: "com.apple.mach-o-bundle"),
      Sample(
        name: "Java class file", bytes: [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52] + zeros(32),
        expected: "com.sun.java-class"),
      Sample(
        name: "CAFEBABE with an unknown CPU and no class version",
        bytes: [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 2] + Bytes.be32(99) + zeros(60),
        refused: "com.apple.mach-o-binary"),
      Sample(name: "DER certificate request", bytes: request, expected: "application/pkcs10"),
      Sample(name: "DER revocation list", bytes: revocations, expected: "application/pkix-crl"),
      Sample(
        name: "DER signed data (PKCS #7)", bytes: signedData, expected: "application/pkcs7-mime"),
      Sample(name: "DER certificate", bytes: certificate, expected: "public.x509-certificate"),
      Sample(
        name: "DER certificate with bytes after it", bytes: certificate + [0x0A],
        refused: "public.x509-certificate"),
      Sample(
        name: "OpenType collection", bytes: collection(count: 2, version: Array("OTTO".utf8)),
        expected: "public.opentype-collection-font"),
      Sample(
        name: "collection of no fonts", bytes: collection(count: 0, version: [0, 1, 0, 0]),
        refused: "public.truetype-collection-font"),
      Sample(
        name: "binary STL", bytes: stl(count: 3),
        expected: "public.standard-tesselated-geometry-format"),
      Sample(
        name: "STL count that does not fill the file", bytes: stl(count: 3, extra: 1),
        refused: "public.standard-tesselated-geometry-format"),
      Sample(
        name: "STL-sized file of NaNs", bytes: stl(count: 3, first: .nan),
        refused: "public.standard-tesselated-geometry-format"),
      Sample(
        name: "PICT without its file header", bytes: pict(header: 0, bottom: 24),
        expected: "com.apple.pict"),
      Sample(
        name: "PICT with an empty frame", bytes: pict(header: 512, bottom: 0),
        refused: "com.apple.pict"),
      Sample(
        name: "OpenEXR of an unknown version",
        bytes: [0x76, 0x2F, 0x31, 0x01, 3, 0, 0, 0] + Array("channels\0chlist\0".utf8) + zeros(8),
        refused: "com.ilm.openexr-image"),
      Sample(
        name: "flat RTFD without TXT.rtf",
        bytes: Array("rtfd".utf8) + Bytes.le32(0) + Bytes.le32(3) + Bytes.le32(1) + Bytes.le32(5)
          + Array("a.png".utf8) + zeros(16),
        refused: "com.apple.flat-rtfd"),
      Sample(
        name: "FDF is not PDF",
        bytes: Array(
          "%FDF-1.2\n1 0 obj\n<< /FDF << >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".utf8),
        expected: "com.adobe.fdf"),
    ]
  }()

  @Test("Structures are told apart, near-misses refused", arguments: samples)
  func structure(_ sample: Sample) throws {
    let sniffer = ContentSniffer(
      configuration: .init(usesFilename: false, usesLibmagic: sample.expected != nil))
    let result = try sniffer.sniff(data: Data(sample.bytes))
    if let expected = sample.expected {
      let named = result.type.isDynamic ? result.mimeType : result.type.identifier
      #expect(named == expected, "\(result.type.identifier): \(result.explanation)")
      #expect(result.evidence == .signature)
    }
    if let refused = sample.refused {
      let type = try #require(UTType(refused))
      #expect(!result.type.conforms(to: type), "\(result.type.identifier): \(result.explanation)")
    }
  }

  @Test("XAR: installer packages and XIP archives by their table of contents")
  func xarContents() throws {
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    let cases: [([String], String)] = [
      (["Distribution", "Base.pkg"], "com.apple.installer-package-archive"),
      (["Content", "Metadata"], "com.apple.xip-archive"),
      (["notes.txt"], "com.apple.xar-archive"),
    ]
    for (files, expected) in cases {
      let result = try sniffer.sniff(data: Data(try Self.xar(files)))
      #expect(result.type.identifier == expected, "\(files): \(result.explanation)")
    }
  }

  @Test("A binary property list is a web archive only with WebMainResource at the top")
  func webArchiveKeys() throws {
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    func sniff(_ plist: [String: Any]) throws -> String {
      let data = try PropertyListSerialization.data(
        fromPropertyList: plist, format: .binary, options: 0)
      return try sniffer.sniff(data: data).type.identifier
    }
    let resource: [String: Any] = [
      "WebResourceData": Data("<p>x</p>".utf8), "WebResourceURL": "https://example.com/",
    ]
    #expect(
      try sniff(["WebMainResource": resource, "WebSubresources": [resource]])
        == "com.apple.webarchive")
    #expect(try sniff(["Inner": ["WebMainResource": resource]]) == "com.apple.binary-property-list")
    #expect(
      try sniff(["CFBundleIdentifier": "com.example", "Version": 1])
        == "com.apple.binary-property-list")
  }
}
