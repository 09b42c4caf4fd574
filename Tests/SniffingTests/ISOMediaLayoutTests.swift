import Foundation
import Sniffing
import Testing
import UTI

/// Box layouts of MPEG-4 files met in the wild, built byte by byte: where `moov` holds large
/// metadata before its tracks, the sniffer must still find the tracks; a song whose cover art
/// a converter stored as a one-frame video track is still audio, and a movie that shows one
/// picture with sound is still a movie, told apart by each kind of evidence the file carries.
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

  /// A track as a real writer lays it out: `tkhd` with its flags and duration (movie
  /// timescale), an optional edit list, `mdhd` with the media's timescale and duration, a
  /// named handler and a sample count.
  struct TrackFacts: Sendable {
    var handler = "vide"
    var handlerName = "VideoHandler"
    var flags: UInt8 = 0x3
    var duration = 1000
    var edits: [(duration: Int, mediaTime: Int)]? = nil
    var mediaTimescale = 1000
    var mediaDuration = 1000
    var samples: UInt32 = 1

    var bytes: [UInt8] {
      // tkhd version 0: flags, creation, modification, track ID, reserved, duration, ...
      let header = Bytes.box(
        "tkhd",
        [0, 0, 0, flags] + ISOMediaLayoutTests.zeros(12) + Bytes.be32(0) + Bytes.be32(duration)
          + ISOMediaLayoutTests.zeros(60))
      let editList = edits.map { edits in
        Bytes.box(
          "edts",
          Bytes.box(
            "elst",
            [0, 0, 0, 0] + Bytes.be32(edits.count)
              + edits.flatMap { Bytes.be32($0.duration) + Bytes.be32($0.mediaTime) + [0, 1, 0, 0] }
          ))
      }
      let mediaHeader = Bytes.box(
        "mdhd",
        [0, 0, 0, 0] + ISOMediaLayoutTests.zeros(8) + Bytes.be32(mediaTimescale)
          + Bytes.be32(mediaDuration) + ISOMediaLayoutTests.zeros(4))
      let handlerBox = Bytes.box(
        "hdlr",
        ISOMediaLayoutTests.zeros(8) + Array(handler.utf8) + ISOMediaLayoutTests.zeros(12)
          + Array(handlerName.utf8) + [0])
      let sizes = Bytes.box("stsz", ISOMediaLayoutTests.zeros(8) + Bytes.be32(Int(samples)))
      let media = mediaHeader + handlerBox + Bytes.box("minf", Bytes.box("stbl", sizes))
      return Bytes.box("trak", header + (editList ?? []) + Bytes.box("mdia", media))
    }
  }

  /// A generic-brand file whose movie lasts `movieDuration` (timescale 1000) and holds a
  /// song's track beside `picture`.
  static func songWithPicture(_ picture: TrackFacts, movieDuration: Int = 1000) -> Data {
    let fileType = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso2mp41".utf8))
    let movieHeader = box(
      "mvhd", [0, 0, 0, 0] + zeros(8) + Bytes.be32(1000) + Bytes.be32(movieDuration) + zeros(80))
    let sound = TrackFacts(
      handler: "soun", handlerName: "SoundHandler", duration: movieDuration,
      mediaTimescale: 44_100, mediaDuration: movieDuration * 44, samples: 40)
    let movie = box("moov", movieHeader + sound.bytes + picture.bytes)
    return Data(fileType + box("mdat", zeros(64)) + movie)
  }

  struct Evidence: CustomTestStringConvertible, Sendable {
    var name: String
    var picture: TrackFacts
    var movieDuration = 1000
    var expected: String
    var testDescription: String { "\(name): \(expected)" }
  }

  static let evidence: [Evidence] = [
    Evidence(
      name: "header: the picture track is disabled, though it lasts the whole movie",
      picture: TrackFacts(flags: 0x2), expected: "com.apple.m4a-audio"),
    Evidence(
      name: "header: shown for the whole movie", picture: TrackFacts(duration: 1000),
      expected: "public.mpeg-4"),
    Evidence(
      name: "header: shown for one frame (40 ms of 1 s)", picture: TrackFacts(duration: 40),
      expected: "com.apple.m4a-audio"),
    Evidence(
      name: "edit list: one frame's media stretched over the whole movie",
      picture: TrackFacts(duration: 0, edits: [(1000, 0)], mediaDuration: 40),
      expected: "public.mpeg-4"),
    Evidence(
      name: "edit list: an empty edit, then the frame for 40 ms",
      picture: TrackFacts(duration: 1000, edits: [(960, -1), (40, 0)]),
      expected: "com.apple.m4a-audio"),
    Evidence(
      name: "media duration: 512 of 12800 (40 ms), no header duration or edits",
      picture: TrackFacts(duration: 0, mediaTimescale: 12_800, mediaDuration: 512),
      expected: "com.apple.m4a-audio"),
    Evidence(
      name: "movie length from the tracks when mvhd says nothing",
      picture: TrackFacts(duration: 1000), movieDuration: 0, expected: "public.mpeg-4"),
    Evidence(
      name: "handler name: no durations, written by Core Media",
      picture: TrackFacts(handlerName: "Core Media Video", duration: 0, mediaDuration: 0),
      expected: "public.mpeg-4"),
    Evidence(
      name: "nothing decisive: no durations, a converter's handler name",
      picture: TrackFacts(duration: 0, mediaDuration: 0), expected: "public.mpeg-4"),
    Evidence(
      name: "nothing decisive: shown for 40% of the movie",
      picture: TrackFacts(duration: 400), expected: "public.mpeg-4"),
    Evidence(
      name: "two frames are moving pictures, whatever else",
      picture: TrackFacts(duration: 40, samples: 2), expected: "public.mpeg-4"),
  ]

  @Test(
    "Cover art or a still-picture movie: what the file says about its picture decides",
    arguments: evidence)
  func pictureEvidence(_ case: Evidence) throws {
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    let result = try sniffer.sniff(
      data: Self.songWithPicture(`case`.picture, movieDuration: `case`.movieDuration))
    #expect(result.type.identifier == `case`.expected, "\(result.explanation)")
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
