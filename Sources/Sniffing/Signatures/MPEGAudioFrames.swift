/// MPEG audio (MP3, MP2) and AAC in ADTS frames, bare or after an ID3v2 tag.
///
/// Frames have no magic number, only an 11- or 12-bit sync word that random bytes contain
/// often, so a frame counts only when the next frame header sits exactly where the first one's
/// length says (or the file ends there). After an ID3v2 tag the audio is searched for within a
/// few KiB, as real files put padding or junk between the tag and the first frame.
enum MPEGAudioFrames {
  enum Kind: Equatable {
    case mpegAudio(layer: Int)
    case adts
  }

  /// How far past an ID3 tag (or from the start) to look for the first frame.
  static let searchWindow = 8 * 1024

  static func detect(_ source: ByteSource) throws(SniffError) -> Detection? {
    let bytes = source.prefix
    if bytes.matches(ascii: "ID3"), bytes.count >= 10, bytes[3] < 0xFF, bytes[4] < 0xFF,
      bytes[6..<10].allSatisfy({ $0 < 0x80 })
    {
      let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1) }
      let footer = bytes[5] & 0x10 != 0 ? 10 : 0
      return try afterID3(source, start: 10 + size + footer)
    }
    guard let kind = frames(in: bytes, at: 0, fileSize: source.size, allowsCutFrame: true)
    else { return nil }
    return detection(kind, note: "MPEG audio frames at offset 0")
  }

  private static func afterID3(_ source: ByteSource, start: Int) throws(SniffError) -> Detection {
    let window = try source.read(at: start, count: searchWindow + 8)
    var offset = 0
    while offset < window.count, window[offset] == 0 { offset += 1 }  // padding
    if window.matches(ascii: "fLaC", at: offset) {
      return Detection("org.xiph.flac", mimeType: "audio/flac", note: "fLaC after an ID3v2 tag")
    }
    let fileSize = source.size - start
    for position in offset..<min(window.count, searchWindow) where window[position] == 0xFF {
      if let kind = frames(in: window, at: position, fileSize: fileSize) {
        return detection(kind, note: "ID3v2 tag, then MPEG audio frames")
      }
    }
    // An ID3v2 tag with no recognizable audio after it: ID3v2 is MP3's tag format.
    return Detection("public.mp3", mimeType: "audio/mpeg", note: "ID3v2 tag")
  }

  private static func detection(_ kind: Kind, note: String) -> Detection {
    switch kind {
    case .adts:
      Detection("public.aac-audio", mimeType: "audio/aac", note: note + " (AAC ADTS)")
    case .mpegAudio(let layer) where layer == 2:
      Detection("public.mp2", mimeType: "audio/mpeg", note: note + " (layer II)")
    case .mpegAudio(let layer) where layer == 1:
      Detection([], mimeType: "audio/x-mpeg-layer1", note: note + " (layer I)")
    case .mpegAudio:
      Detection("public.mp3", mimeType: "audio/mpeg", note: note + " (layer III)")
    }
  }

  /// The kind of frame at `offset` when the next frame follows it, or the file ends exactly
  /// there; or (with `allowsCutFrame`, for a frame at the very start of a file) when the file
  /// ends inside it, as a cut-short file does.
  static func frames(
    in bytes: [UInt8], at offset: Int, fileSize: Int, allowsCutFrame: Bool = false
  ) -> Kind? {
    guard let (kind, length) = header(bytes, at: offset) else { return nil }
    let next = offset + length
    if next == fileSize || allowsCutFrame && next > fileSize { return kind }
    guard let (nextKind, _) = header(bytes, at: next), nextKind == kind else { return nil }
    return kind
  }

  /// Parses a frame header: its kind and the frame's length in bytes.
  static func header(_ bytes: [UInt8], at offset: Int) -> (Kind, Int)? {
    guard offset + 7 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0
    else { return nil }
    let b1 = bytes[offset + 1]
    let b2 = bytes[offset + 2]
    let layerBits = (b1 >> 1) & 0x03
    if layerBits == 0 {
      // ADTS: 12-bit sync, layer 0; frame length is 13 bits across bytes 3..5.
      guard b1 & 0xF0 == 0xF0, (b2 >> 2) & 0x0F < 13 else { return nil }
      let length =
        Int(bytes[offset + 3] & 0x03) << 11 | Int(bytes[offset + 4]) << 3
        | Int(bytes[offset + 5] >> 5)
      guard length >= 7 else { return nil }
      return (.adts, length)
    }
    let versionBits = (b1 >> 3) & 0x03
    let bitrateIndex = Int(b2 >> 4)
    let rateIndex = Int((b2 >> 2) & 0x03)
    guard versionBits != 1, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else {
      return nil
    }
    let layer = 4 - Int(layerBits)  // 01 = III, 10 = II, 11 = I
    let mpeg1 = versionBits == 3
    let kbps: [Int]
    switch (mpeg1, layer) {
    case (true, 1): kbps = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
    case (true, 2): kbps = [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384]
    case (true, _): kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    case (false, 1): kbps = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
    case (false, _): kbps = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
    }
    let baseRates = [44_100, 48_000, 32_000]
    let sampleRate = baseRates[rateIndex] >> (versionBits == 3 ? 0 : versionBits == 2 ? 1 : 2)
    let bitrate = kbps[bitrateIndex] * 1000
    let padding = Int((b2 >> 1) & 0x01)
    let length: Int
    switch layer {
    case 1: length = (12 * bitrate / sampleRate + padding) * 4
    case 3 where !mpeg1: length = 72 * bitrate / sampleRate + padding
    default: length = 144 * bitrate / sampleRate + padding
    }
    guard length >= 4 else { return nil }
    return (.mpegAudio(layer: layer), length)
  }
}
