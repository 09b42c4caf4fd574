import Foundation
import Sniffing
import Testing
import UTI

/// Box layouts of MPEG-4 files met in the wild, built byte by byte: where `moov` holds large
/// metadata before its tracks, the sniffer must still find the tracks; a song whose cover art
/// a converter stored as a one-frame video track is still audio.
@Suite("Sniffing MPEG-4 box layouts")
struct ISOMediaLayoutTests {
  struct Layout: CustomStringConvertible, Sendable {
    var handler: String
    var metadataBeforeTracks: Int
    var expected: String
    var description: String {
      "'\(handler)' track after \(metadataBeforeTracks) bytes of udta: \(expected)"
    }
  }

  static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

  static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
    let size = UInt32(8 + body.count)
    return withUnsafeBytes(of: size.bigEndian, Array.init) + Array(type.utf8) + body
  }

  /// A generic-brand (`isom`) MPEG-4 file whose `moov` holds `mvhd`, a `udta` of the given
  /// size (cover art, as taggers write it), then one track with the given handler.
  static func file(handler: String, metadataBeforeTracks: Int) -> Data {
    let fileType = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso2mp41".utf8))
    let handlerBox = box("hdlr", zeros(8) + Array(handler.utf8) + zeros(13))
    let track = box(
      "trak",
      box("tkhd", zeros(84)) + box("mdia", box("mdhd", zeros(24)) + handlerBox))
    let art = (0..<metadataBeforeTracks).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let userData = box("udta", box("meta", [0, 0, 0, 0] + box("ilst", box("covr", art))))
    let movie = box("moov", box("mvhd", zeros(100)) + userData + track)
    return Data(fileType + box("mdat", zeros(64)) + movie)
  }

  /// A track whose handler is `handler` and whose `stsz` counts `samples` samples.
  static func track(_ handler: String, samples: UInt32) -> [UInt8] {
    let handlerBox = box("hdlr", zeros(8) + Array(handler.utf8) + zeros(13))
    let sizes = box("stsz", zeros(8) + withUnsafeBytes(of: samples.bigEndian, Array.init))
    let media = box("mdhd", zeros(24)) + handlerBox + box("minf", box("stbl", sizes))
    return box("trak", box("tkhd", zeros(84)) + box("mdia", media))
  }

  struct Tracks: CustomStringConvertible, Sendable {
    var tracks: [(handler: String, samples: UInt32)]
    var expected: String
    var description: String {
      tracks.map { "\($0.handler)×\($0.samples)" }.joined(separator: " + ") + ": \(expected)"
    }
  }

  @Test(
    "A one-frame video track beside sound is cover art; more frames make a movie",
    arguments: [
      Tracks(tracks: [("soun", 88), ("vide", 1)], expected: "com.apple.m4a-audio"),
      Tracks(tracks: [("soun", 88), ("vide", 2)], expected: "public.mpeg-4"),
      Tracks(tracks: [("soun", 88), ("vide", 0)], expected: "public.mpeg-4"),
      Tracks(tracks: [("vide", 1)], expected: "public.mpeg-4"),
    ])
  func coverArtTrack(layout: Tracks) throws {
    let fileType = Self.box(
      "ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso2mp41".utf8))
    let tracks = layout.tracks.flatMap { Self.track($0.handler, samples: $0.samples) }
    let movie = Self.box("moov", Self.box("mvhd", Self.zeros(100)) + tracks)
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    let result = try sniffer.sniff(
      data: Data(fileType + Self.box("mdat", Self.zeros(64)) + movie))
    #expect(result.type.identifier == layout.expected, "\(result.explanation)")
  }

  @Test("Many large tracks cannot make sniffing read far into a file")
  func trackBudget() throws {
    let fileType = Self.box(
      "ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso2mp41".utf8))
    // Forty sound tracks of 300 KiB each (sample tables padded), 12 MB of moov in all.
    let padded = Self.box(
      "trak",
      Self.box("tkhd", Self.zeros(84))
        + Self.box(
          "mdia",
          Self.box("mdhd", Self.zeros(24))
            + Self.box("hdlr", Self.zeros(8) + Array("soun".utf8) + Self.zeros(13))
            + Self.box("free", Self.zeros(300 * 1024))))
    let movie = Self.box(
      "moov", Self.box("mvhd", Self.zeros(100)) + (0..<40).flatMap { _ in padded })
    let data = Data(fileType + Self.box("mdat", Self.zeros(64)) + movie)
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    let result = try sniffer.sniff(data: data)
    #expect(result.type.identifier == "com.apple.m4a-audio", "\(result.explanation)")
    #expect(data.count > 12_000_000)
    #expect(result.bytesRead < 64 * 1024 + (1 << 20) + 64 * 1024, "read \(result.bytesRead) bytes")
  }

  static let layouts: [Layout] = [
    Layout(handler: "soun", metadataBeforeTracks: 0, expected: "com.apple.m4a-audio"),
    Layout(handler: "soun", metadataBeforeTracks: 1 << 20, expected: "com.apple.m4a-audio"),
    Layout(handler: "vide", metadataBeforeTracks: 0, expected: "public.mpeg-4"),
    Layout(handler: "vide", metadataBeforeTracks: 1 << 20, expected: "public.mpeg-4"),
  ]

  @Test("Tracks are found after large metadata in moov", arguments: layouts)
  func tracksAfterMetadata(layout: Layout) throws {
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    let data = Self.file(handler: layout.handler, metadataBeforeTracks: layout.metadataBeforeTracks)
    let result = try sniffer.sniff(data: data)
    #expect(result.type.identifier == layout.expected, "\(result.explanation)")
    // One header per box and the track itself: never the cover art.
    #expect(result.bytesRead < 256 * 1024)
  }
}
