/// Audio and video containers with a leading signature: RIFF (WAVE, AVI, WebP), AIFF, FLAC,
/// Ogg (by the codec of its first streams), Matroska and WebM (by EBML DocType), FLV, ASF,
/// RealMedia, MXF, MIDI, AMR, CAF, AC-3, MPEG program and transport streams.
enum MediaSignatures {
  static func detect(_ bytes: [UInt8]) -> Detection? {
    guard bytes.count >= 4 else { return nil }
    switch bytes[0] {
    case 0x52:  // R
      if bytes.matches(ascii: "RIFF") || bytes.matches(ascii: "RF64") { return riff(bytes) }
    case 0x46:  // F
      if bytes.matches(ascii: "FORM"), bytes.matches(ascii: "AIFF", at: 8) {
        return Detection("public.aiff-audio", mimeType: "audio/aiff", note: "IFF FORM AIFF")
      }
      if bytes.matches(ascii: "FORM"), bytes.matches(ascii: "AIFC", at: 8) {
        return Detection("public.aifc-audio", mimeType: "audio/aiff", note: "IFF FORM AIFC")
      }
      if bytes.matches(ascii: "FLV"), bytes.count > 3, bytes[3] == 1 {
        return Detection("com.adobe.flash.video", mimeType: "video/x-flv", note: "FLV header")
      }
    case 0x66:  // f
      if bytes.matches(ascii: "fLaC") {
        return Detection("org.xiph.flac", mimeType: "audio/flac", note: "fLaC signature")
      }
    case 0x4F:  // O
      if bytes.matches(ascii: "OggS"), bytes.count > 4, bytes[4] == 0 { return ogg(bytes) }
    case 0x1A:
      if bytes.matches([0x1A, 0x45, 0xDF, 0xA3]) { return matroska(bytes) }
    case 0x30:
      if bytes.matches([0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9]) {
        return asf(bytes)
      }
    case 0x2E:  // .
      if bytes.matches(ascii: ".RMF") {
        return Detection(
          "com.real.realmedia", mimeType: "application/vnd.rn-realmedia", note: ".RMF header")
      }
      if bytes.matches([0x2E, 0x72, 0x61, 0xFD]) {
        return Detection("com.real.realaudio", mimeType: "audio/x-pn-realaudio", note: ".ra")
      }
    case 0x06:
      if bytes.matches([0x06, 0x0E, 0x2B, 0x34, 0x02, 0x05, 0x01, 0x01, 0x0D, 0x01, 0x02]) {
        return Detection("org.smpte.mxf", mimeType: "application/mxf", note: "MXF partition pack")
      }
    case 0x4D:  // M
      if bytes.matches(ascii: "MThd"), bytes.beUInt32(at: 4) == 6 {
        return Detection("public.midi-audio", mimeType: "audio/midi", note: "MThd chunk")
      }
    case 0x23:  // #
      if bytes.matches(ascii: "#!AMR\n") {
        return Detection(
          "org.3gpp.adaptive-multi-rate-audio", mimeType: "audio/amr", note: "#!AMR header")
      }
      if bytes.matches(ascii: "#!AMR-WB\n") {
        return Detection([], mimeType: "audio/amr-wb", note: "#!AMR-WB header")
      }
    case 0x63:  // c
      if bytes.matches(ascii: "caff"), bytes.beUInt16(at: 4) == 1 {
        return Detection(
          "com.apple.coreaudio-format", mimeType: "audio/x-caf", note: "caff header")
      }
    case 0x0B:
      return ac3(bytes)
    case 0x00:
      if bytes.matches([0, 0, 1, 0xBA]) {
        return Detection("public.mpeg", mimeType: "video/mpeg", note: "MPEG program stream pack")
      }
      if bytes.matches([0, 0, 1, 0xB3]) {
        return Detection("public.mpeg", mimeType: "video/mpeg", note: "MPEG video sequence header")
      }
    default:
      break
    }
    return transportStream(bytes)
  }

  /// ASF (Windows Media): WMV when a stream is video, WMA when every stream is audio. Each
  /// Stream Properties Object (GUID B7DC0791-A9B7-11CF-8EE6-00C00C205365, at the top of the
  /// header or inside its extension) names its stream type 24 bytes into the object.
  private static func asf(_ bytes: [UInt8]) -> Detection {
    let streamProperties: [UInt8] = [
      0x91, 0x07, 0xDC, 0xB7, 0xB7, 0xA9, 0xCF, 0x11, 0x8E, 0xE6, 0x00, 0xC0, 0x0C, 0x20, 0x53,
      0x65,
    ]
    // Audio media F8699E40-…, video media BC19EFC0-…; both end 5B4D-11CF-A8FD-00805F5C442B.
    let mediaSuffix: [UInt8] = [
      0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B,
    ]
    let headerEnd = bytes.leUInt64(at: 16).map { Int(clamping: $0) } ?? bytes.count
    let end = min(bytes.count, max(30, headerEnd))
    var hasAudio = false
    var hasVideo = false
    var from = 30
    while let at = bytes.firstIndex(of: streamProperties, from: from, before: end) {
      let type = at + 24
      if type + 16 <= end, bytes.matches(mediaSuffix, at: type + 4) {
        if bytes.matches([0x40, 0x9E, 0x69, 0xF8], at: type) { hasAudio = true }
        if bytes.matches([0xC0, 0xEF, 0x19, 0xBC], at: type) { hasVideo = true }
      }
      from = at + 16
    }
    if hasVideo {
      return Detection(
        "com.microsoft.windows-media-wmv", mimeType: "video/x-ms-wmv",
        note: "ASF header object, video stream")
    }
    if hasAudio {
      return Detection(
        "com.microsoft.windows-media-wma", mimeType: "audio/x-ms-wma",
        note: "ASF header object, audio streams only")
    }
    return Detection(
      "com.microsoft.advanced-systems-format", mimeType: "video/x-ms-asf",
      note: "ASF header object")
  }

  private static func riff(_ bytes: [UInt8]) -> Detection? {
    switch bytes.printableASCII(at: 8, length: 4) {
    case "WAVE":
      Detection("com.microsoft.waveform-audio", mimeType: "audio/wav", note: "RIFF WAVE")
    case "AVI ":
      Detection("public.avi", mimeType: "video/x-msvideo", note: "RIFF AVI")
    case "WEBP":
      Detection("org.webmproject.webp", mimeType: "image/webp", note: "RIFF WEBP")
    case "RMID":
      Detection("public.midi-audio", mimeType: "audio/midi", note: "RIFF RMID")
    default:
      nil
    }
  }

  /// Ogg: what the beginning-of-stream pages carry. Any video stream makes it video.
  private static func ogg(_ bytes: [UInt8]) -> Detection {
    var offset = 0
    var codecs: [String] = []
    while offset + 27 <= bytes.count, bytes.matches(ascii: "OggS", at: offset), codecs.count < 8 {
      let segments = Int(bytes[offset + 26])
      let tableEnd = offset + 27 + segments
      guard tableEnd <= bytes.count else { break }
      let bodyLength = bytes[(offset + 27)..<tableEnd].reduce(0) { $0 + Int($1) }
      let isFirstPage = bytes[offset + 5] & 0x02 != 0
      guard isFirstPage else { break }  // the beginning-of-stream pages come first
      let body = tableEnd
      let signatures: [(prefix: [UInt8], codec: String)] = [
        ([0x01] + Array("vorbis".utf8), "vorbis"), (Array("OpusHead".utf8), "opus"),
        (Array("Speex   ".utf8), "speex"), ([0x7F] + Array("FLAC".utf8), "flac"),
        ([0x80] + Array("theora".utf8), "theora"), ([0x01] + Array("video".utf8), "ogm-video"),
        ([0x01] + Array("audio".utf8), "ogm-audio"), (Array("fishead".utf8), "skeleton"),
        ([0x80] + Array("daala".utf8), "daala"), (Array("BBCD".utf8), "dirac"),
      ]
      if let match = signatures.first(where: { bytes.matches($0.prefix, at: body) }) {
        codecs.append(match.codec)
      } else {
        codecs.append("unknown")
      }
      offset = tableEnd + bodyLength
    }
    let note = "Ogg streams: \(codecs.joined(separator: ", "))"
    if !Set(codecs).isDisjoint(with: ["theora", "ogm-video", "daala", "dirac"]) {
      return Detection(["org.xiph.ogg-video", "org.xiph.ogg"], mimeType: "video/ogg", note: note)
    }
    if codecs.contains("opus") {
      return Detection(
        ["org.xiph.opus", "org.xiph.ogg-audio", "org.xiph.ogg"], mimeType: "audio/ogg",
        note: note)
    }
    if !Set(codecs).isDisjoint(with: ["vorbis", "speex", "flac", "ogm-audio"]) {
      return Detection(["org.xiph.ogg-audio", "org.xiph.ogg"], mimeType: "audio/ogg", note: note)
    }
    return Detection(["org.xiph.ogg"], mimeType: "application/ogg", note: note)
  }

  /// Matroska and WebM share EBML; the DocType element (ID 0x4282) in the header tells them
  /// apart.
  private static func matroska(_ bytes: [UInt8]) -> Detection {
    let window = Array(bytes.prefix(128))
    if let at = window.firstIndex(of: [0x42, 0x82]), at + 3 <= window.count {
      let sizeByte = window[at + 2]
      if sizeByte & 0x80 != 0 {  // one-byte EBML size
        let length = min(Int(sizeByte & 0x7F), window.count - at - 3)
        // EBML strings may be padded with NULs.
        let raw = window[(at + 3)..<(at + 3 + length)].prefix { $0 != 0 }
        if let docType = Array(raw).printableASCII(at: 0, length: raw.count) {
          if docType.hasPrefix("webm") {
            return Detection(
              "org.webmproject.webm", mimeType: "video/webm", note: "EBML DocType webm")
          }
          if docType.hasPrefix("matroska") {
            return Detection(
              ["org.matroska.mkv"], mimeType: "video/x-matroska", note: "EBML DocType matroska")
          }
        }
      }
    }
    return Detection(["org.matroska.mkv"], mimeType: "video/x-matroska", note: "EBML header")
  }

  /// AC-3 and E-AC-3 sync frames (0x0B77); bsid tells the two apart.
  private static func ac3(_ bytes: [UInt8]) -> Detection? {
    guard bytes.count >= 6, bytes[1] == 0x77 else { return nil }
    let bsid = bytes[5] >> 3
    if bsid <= 10 {
      guard bytes[4] >> 6 != 3, bytes[4] & 0x3F < 38 else { return nil }
      return Detection("public.ac3-audio", mimeType: "audio/ac3", note: "AC-3 sync frame")
    }
    if bsid <= 16 {
      return Detection(
        "public.enhanced-ac3-audio", mimeType: "audio/eac3", note: "E-AC-3 sync frame")
    }
    return nil
  }

  /// MPEG transport streams: 188-byte packets starting 0x47, or 192-byte packets (a 4-byte
  /// time code first) as AVCHD cameras write `.mts`/`.m2ts`.
  private static func transportStream(_ bytes: [UInt8]) -> Detection? {
    func packets(stride: Int, first: Int) -> Bool {
      let count = min(5, (bytes.count - first) / stride)
      guard count >= 3 else { return false }
      return (0..<count).allSatisfy { bytes[first + $0 * stride] == 0x47 }
    }
    if packets(stride: 188, first: 0) {
      return Detection(
        "public.mpeg-2-transport-stream", mimeType: "video/mp2t", note: "188-byte TS packets")
    }
    if packets(stride: 192, first: 4) {
      return Detection(
        ["public.avchd-mpeg-2-transport-stream", "public.mpeg-2-transport-stream"],
        mimeType: "video/mp2t", note: "192-byte BDAV TS packets")
    }
    return nil
  }
}
