import Foundation
import Ingest
import TestSupport
import Testing

@Suite(
  "Manifests as JSON: the same bytes JSONEncoder writes, and read back the same", .onIOExecutor)
struct ManifestJSONTests {
  /// Every ASCII character, control characters included, and some that are not ASCII.
  static let awkward: String = {
    var text = ""
    for value in 0..<128 { text.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
    return text + "é 照片 \u{2028}\u{2029}\u{7F}\u{FEFF}😀 /slash/ \\\"quoted\\\" %20"
  }()

  static func check(_ manifest: ShareManifest) throws {
    let written = try manifest.jsonData()
    let reference = try ShareManifest.codableEncoder.encode(manifest)
    #expect(
      String(decoding: written, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
    // Times are written to the millisecond.
    var read = try ShareManifest.decode(written, path: "test")
    #expect(abs(read.receivedAt.timeIntervalSince(manifest.receivedAt)) <= 0.0011)
    read.receivedAt = manifest.receivedAt
    #expect(read == manifest)
  }

  @Test("Files, text, URLs, omissions and awkward strings")
  func awkwardStrings() throws {
    let items: [ShareManifest.Item] = [
      .file(
        typeIdentifier: "public.heic", path: "Incoming/\(UUID().uuidString).heic",
        byteCount: 9_223_372_036_854_775_807, sha256: String(repeating: "ab", count: 32),
        suggestedName: Self.awkward),
      .text(Self.awkward, typeIdentifier: "public.plain-text"),
      .url("https://example.com/a%20b?c=\"d\"&e=/f", typeIdentifier: "public.url"),
    ]
    let omissions = [
      ShareManifest.Omission(
        attachment: "item 1, attachment 2", offeredTypes: ["public.folder", Self.awkward],
        reason: Self.awkward)
    ]
    for (source, date) in [
      (String?.none, Date(timeIntervalSince1970: 1_772_951_400)),
      (Self.awkward, Date(timeIntervalSince1970: 1_772_951_400.123456)),
      ("photos", Date(timeIntervalSince1970: 0)),
    ] {
      try Self.check(
        ShareManifest(id: UUID(), receivedAt: date, source: source, items: items))
      try Self.check(
        ShareManifest(
          id: UUID(), receivedAt: date, source: source, items: items, notIncluded: omissions))
      try Self.check(ShareManifest(id: UUID(), receivedAt: date, source: source, items: []))
    }
  }

  @Test("Random manifests (seeded)")
  func random() throws {
    var generator = SplitMix64(seed: 20_261_201)
    func text() -> String {
      let length = Int(generator.next() % 40)
      var scalars = String.UnicodeScalarView()
      for _ in 0..<length {
        let pick = generator.next() % 10
        let value: UInt32 =
          pick < 6
          ? UInt32(generator.next() % 128)
          : pick < 9
            ? 0xA0 + UInt32(generator.next() % 0x2000)
            : 0x1F600 + UInt32(generator.next() % 64)
        scalars.append(Unicode.Scalar(value) ?? "x")
      }
      return String(scalars)
    }
    for _ in 0..<300 {
      var items: [ShareManifest.Item] = []
      for _ in 0..<Int(generator.next() % 4) {
        switch generator.next() % 3 {
        case 0:
          items.append(
            .file(
              typeIdentifier: text(), path: "Incoming/" + text(),
              byteCount: Int64(generator.next() >> 2), sha256: text(),
              suggestedName: generator.next() % 2 == 0 ? nil : text()))
        case 1: items.append(.text(text(), typeIdentifier: text()))
        default: items.append(.url(text(), typeIdentifier: text()))
        }
      }
      let omissions = (0..<Int(generator.next() % 3)).map { _ in
        ShareManifest.Omission(attachment: text(), offeredTypes: [text(), text()], reason: text())
      }
      let date = Date(timeIntervalSince1970: Double(generator.next() % 4_000_000_000) / 1000)
      try Self.check(
        ShareManifest(
          id: UUID(), receivedAt: date, source: generator.next() % 2 == 0 ? nil : text(),
          items: items, notIncluded: omissions))
    }
  }
}
