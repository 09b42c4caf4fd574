/// ISO base media files (ISO/IEC 14496-12): HEIF/HEIC/AVIF images, MPEG-4, M4A/M4V, 3GPP,
/// QuickTime, Canon CR3; and the JPEG 2000 and JPEG XL containers that share the box layout.
///
/// The `ftyp` box's major brand decides first, then the compatible brands. For the generic
/// MPEG-4 brands (`isom`, `mp41`, `mp42`, ...) the tracks in `moov` tell audio-only files
/// (`.m4a` written by tools that do not set the `M4A ` brand, also with cover art stored as a
/// one-frame video track) from movies (`MovieTracks`); `moov` is found by walking top-level
/// box headers, so a movie whose `moov` follows gigabytes of `mdat` costs one small read per
/// box, never a read of the media.
enum ISOMediaInspector {
  /// Brands of generic MPEG-4 files, whose tracks decide between audio and movie.
  static let genericMPEG4Brands: Set<String> = [
    "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42",
    "mp71", "avc1", "dash", "msdh", "msix", "mmp4", "MSNV", "NDAS", "NDSC", "NDSH", "NDSM",
    "NDSP", "NDSS", "NDXC", "NDXH", "NDXM", "NDXP", "NDXS", "XAVC", "cmfc", "cmfs",
  ]

  /// Recognizes a file whose first box is `ftyp` (or a QuickTime atom, or a JPEG 2000 or
  /// JPEG XL signature box).
  static func detect(_ source: ByteSource) throws(SniffError) -> Detection? {
    let bytes = source.prefix
    guard bytes.count >= 8, let size = bytes.beUInt32(at: 0) else { return nil }
    if bytes.matches([0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
      return jpeg2000(bytes)
    }
    if bytes.matches([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) {
      return Detection("public.jpeg-xl", mimeType: "image/jxl", note: "JPEG XL container box")
    }
    if bytes.matches(ascii: "ftyp", at: 4) {
      return try fileType(source, boxSize: Int(size))
    }
    return quickTimeWithoutFileType(bytes, fileSize: source.size)
  }

  // MARK: ftyp

  private static func brands(_ bytes: [UInt8], boxSize: Int) -> [String] {
    // A box size of 0 runs to the end of the file, 1 means a 64-bit size follows; either way
    // the brands start at 16 (24 with a large size is not used for ftyp in practice).
    let end = min(bytes.count, boxSize >= 16 && boxSize <= 4096 ? boxSize : 64)
    var brands: [String] = []
    var offset = 8
    while offset + 4 <= end {
      if offset != 12, let brand = brand(bytes, at: offset) { brands.append(brand) }
      offset += 4
    }
    return brands
  }

  /// A four-character code with trailing spaces or NULs removed ("M4A\0" and "M4A " are M4A).
  private static func brand(_ bytes: [UInt8], at offset: Int) -> String? {
    guard offset + 4 <= bytes.count else { return nil }
    var code = Array(bytes[offset..<(offset + 4)])
    while let last = code.last, last == 0x20 || last == 0 { code.removeLast() }
    guard !code.isEmpty, code.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    return String(decoding: code, as: UTF8.self)
  }

  private static func fileType(_ source: ByteSource, boxSize: Int) throws(SniffError) -> Detection?
  {
    let all = brands(source.prefix, boxSize: boxSize)
    guard let major = all.first else { return nil }
    let compatible = Set(all.dropFirst())
    let any = Set(all)
    func note(_ what: String) -> String { "ISO base media brand '\(major)'\(what)" }

    if any.contains("crx") {
      return Detection(
        ["com.canon.cr3-raw-image", "public.camera-raw-image"], mimeType: "image/x-canon-cr3",
        note: note(", Canon CR3"))
    }
    if let image = heif(major: major, compatible: compatible, note: note("")) { return image }

    switch major {
    case "qt":
      return Detection(
        "com.apple.quicktime-movie", mimeType: "video/quicktime", note: note(", QuickTime"))
    case "M4A":
      return Detection("com.apple.m4a-audio", mimeType: "audio/x-m4a", note: note(""))
    case "M4B":
      return Detection(
        "com.apple.protected-mpeg-4-audio-b", mimeType: "audio/mp4", note: note(", audiobook"))
    case "M4P":
      return Detection("com.apple.protected-mpeg-4-audio", mimeType: "audio/mp4", note: note(""))
    case "M4V", "M4VH", "M4VP":
      return Detection("com.apple.m4v-video", mimeType: "video/x-m4v", note: note(""))
    case "f4v", "f4p", "F4V", "F4P":
      // Adobe's F4V specification spells the brands in lower case ('f4v ', as ffmpeg writes).
      return Detection("com.adobe.flash.video", mimeType: "video/mp4", note: note(", Adobe F4V"))
    case "f4a", "f4b", "F4A", "F4B":
      // Apple declares .f4a and .f4b under com.adobe.flash.video; the content is audio.
      return Detection("com.adobe.flash.video", mimeType: "audio/mp4", note: note(", Adobe F4A"))
    case _ where major.hasPrefix("3g2"):
      return Detection("public.3gpp2", mimeType: "video/3gpp2", note: note(", 3GPP2"))
    case _ where major.hasPrefix("3g"):
      return Detection("public.3gpp", mimeType: "video/3gpp", note: note(", 3GPP"))
    case _ where genericMPEG4Brands.contains(major):
      return try genericMPEG4(source, compatible: compatible, note: note)
    default:
      // A vendor's own major brand (KDDI's 'kddi', a camera maker's): the compatible brands
      // say which family the file belongs to.
      if compatible.contains("qt") {
        return Detection("com.apple.quicktime-movie", mimeType: "video/quicktime", note: note(""))
      }
      if compatible.contains(where: { $0.hasPrefix("3g2") }) {
        return Detection("public.3gpp2", mimeType: "video/3gpp2", note: note(", 3GPP2"))
      }
      if compatible.contains(where: { $0.hasPrefix("3g") }) {
        return Detection("public.3gpp", mimeType: "video/3gpp", note: note(", 3GPP"))
      }
      if !compatible.isDisjoint(with: genericMPEG4Brands.union(["M4A", "M4V"])) {
        return try genericMPEG4(
          source, compatible: compatible, note: { note(", MPEG-4 family" + $0) })
      }
      return nil
    }
  }

  /// A file of the generic MPEG-4 family: an Apple brand among the compatible ones decides,
  /// then the tracks. Sound with no video is M4A audio. Sound beside one-frame pictures is
  /// audio only when the file shows each picture to be cover art (see `MovieTracks`); when
  /// the evidence is not decisive the container's movie type stands, because a movie misread
  /// as audio is refused by every extension that accepts movies.
  private static func genericMPEG4(
    _ source: ByteSource, compatible: Set<String>, note: (String) -> String
  ) throws(SniffError) -> Detection {
    if compatible.contains("M4A") {
      return Detection("com.apple.m4a-audio", mimeType: "audio/x-m4a", note: note(" with M4A"))
    }
    if compatible.contains("M4V") {
      return Detection("com.apple.m4v-video", mimeType: "video/x-m4v", note: note(" with M4V"))
    }
    let movie = Detection("public.mpeg-4", mimeType: "video/mp4", note: note(""))
    guard let found = try movieTracks(source),
      found.tracks.contains(where: { $0.handler == "soun" })
    else { return movie }
    let video = found.tracks.filter { $0.handler == "vide" }
    if video.isEmpty {
      // Audio-only MPEG-4, as Apple's tools write it: an .m4a. Conforms to mpeg-4-audio.
      return Detection(
        "com.apple.m4a-audio", mimeType: "audio/mp4", note: note(", sound tracks only"))
    }
    guard video.allSatisfy(\.isSinglePicture) else { return movie }
    var reasons: [String] = []
    for picture in video {
      switch found.role(of: picture) {
      case .coverArt(let reason):
        reasons.append(reason)
      case .stillPicture(let reason):
        return Detection(
          "public.mpeg-4", mimeType: "video/mp4", note: note(", sound and \(reason): a movie"))
      case .undecided(let reason):
        return Detection(
          "public.mpeg-4", mimeType: "video/mp4",
          note: note(", sound and \(reason): kept as a movie"))
      }
    }
    return Detection(
      "com.apple.m4a-audio", mimeType: "audio/mp4",
      note: note(", sound tracks and cover art (\(reasons.joined(separator: "; ")))"))
  }

  /// HEIF (ISO/IEC 23008-12) and AVIF brands: still images and image sequences.
  private static func heif(major: String, compatible: Set<String>, note: String) -> Detection? {
    let avifStill = Detection("public.avif", mimeType: "image/avif", note: note + ", AVIF")
    let avifSequence = Detection(
      ["public.avis", "public.avif"], mimeType: "image/avif", note: note + ", AVIF sequence")
    let heic = Detection("public.heic", mimeType: "image/heic", note: note + ", HEIC")
    let heics = Detection(
      "public.heics", mimeType: "image/heic-sequence", note: note + ", HEIC sequence")
    switch major {
    case "avif": return avifStill
    case "avis": return avifSequence
    case "heic", "heix", "heim", "heis": return heic
    case "hevc", "hevx", "hevm", "hevs": return heics
    case "avci": return Detection("public.avci", mimeType: "image/avci", note: note + ", AVCI")
    case "avcs": return Detection("public.avcs", mimeType: "image/avcs", note: note + ", AVCS")
    case "mif1", "mif2", "miaf":
      if compatible.contains("avif") { return avifStill }
      if !compatible.isDisjoint(with: ["heic", "heix", "heim", "heis"]) { return heic }
      if compatible.contains("avci") {
        return Detection("public.avci", mimeType: "image/avci", note: note + ", AVCI")
      }
      if compatible.contains("avis") { return avifSequence }
      if !compatible.isDisjoint(with: ["hevc", "hevx"]) { return heics }
      return Detection("public.heif", mimeType: "image/heif", note: note + ", HEIF")
    case "msf1":
      if !compatible.isDisjoint(with: ["avis", "avif"]) { return avifSequence }
      if !compatible.isDisjoint(with: ["hevc", "hevx", "heic"]) { return heics }
      return Detection(
        "public.heifs", mimeType: "image/heif-sequence", note: note + ", HEIF sequence")
    default:
      return nil
    }
  }

  // MARK: moov

  /// The tracks in `moov`, found by walking top-level box headers; nil when `moov` is absent
  /// or out of reach.
  static func movieTracks(_ source: ByteSource) throws(SniffError) -> MovieTracks? {
    var offset = 0
    for _ in 0..<64 {
      guard let box = try boxHeader(source, at: offset, end: source.size) else { return nil }
      if box.type == "moov" {
        return try movieTracks(source, movie: (offset + box.headerLength)..<(offset + box.size))
      }
      offset += box.size
      guard offset < source.size else { return nil }
    }
    return nil
  }

  /// How much of one track is read: its `tkhd`, `edts`, `mdia`/`hdlr` and sample tables come
  /// early.
  static let trackReadLimit = 256 * 1024
  /// How much of all tracks together is read, so a file with many large tracks (real ones
  /// have a handful) cannot make sniffing read far into it.
  static let tracksReadBudget = 1 << 20
  /// How much of the movie header (`mvhd`, 108 or 120 bytes) is read.
  static let movieHeaderReadLimit = 128

  /// The movie header and the `trak` boxes among the children of `moov`, each child found by
  /// its header: a large `udta` (cover art) or `meta` before the tracks costs one header
  /// read, and each track is read only as far as `trackReadLimit`, all of them within
  /// `tracksReadBudget`.
  private static func movieTracks(
    _ source: ByteSource, movie: Range<Int>
  ) throws(SniffError) -> MovieTracks {
    var found = MovieTracks(tracks: [])
    var offset = movie.lowerBound
    var budget = tracksReadBudget
    for _ in 0..<1024 {
      guard offset < movie.upperBound, budget > 0,
        let box = try boxHeader(source, at: offset, end: movie.upperBound)
      else { break }
      switch box.type {
      case "trak":
        let track = try source.read(at: offset, count: min(box.size, trackReadLimit, budget))
        budget -= track.count
        found.tracks.append(MovieTracks.track(track))
      case "mvhd":
        let header = try source.read(at: offset, count: min(box.size, movieHeaderReadLimit))
        (found.timescale, found.duration) = MovieTracks.movieHeader(header.dropFirst(8))
      default:
        break
      }
      offset += box.size
    }
    return found
  }

  /// The type, size and header length of the box at `offset`, which must end by `end`
  /// (a size of 0 runs to `end`; 1 means a 64-bit size follows); nil when malformed.
  private static func boxHeader(
    _ source: ByteSource, at offset: Int, end: Int
  ) throws(SniffError) -> (type: String, size: Int, headerLength: Int)? {
    let header = try source.read(at: offset, count: 16)
    guard header.count >= 8, let size32 = header.beUInt32(at: 0),
      let type = header.printableASCII(at: 4, length: 4)
    else { return nil }
    var size = Int(size32)
    var headerLength = 8
    if size32 == 1 {
      guard let large = header.beUInt64(at: 8), large <= UInt64(Int.max) else { return nil }
      size = Int(large)
      headerLength = 16
    } else if size32 == 0 {
      size = end - offset
    }
    guard size >= headerLength, !offset.addingReportingOverflow(size).overflow else { return nil }
    // A box may claim more than the file holds (a cut-off download): take what is there.
    return (type, min(size, max(headerLength, end - offset)), headerLength)
  }

  /// Calls `body` with the type and body range of each box in `range` of `bytes`.
  static func forEachBox(
    in bytes: [UInt8], range: Range<Int>, _ body: (String, Range<Int>) -> Void
  ) {
    var offset = range.lowerBound
    while offset + 8 <= range.upperBound, let size = bytes.beUInt32(at: offset) {
      let end = size == 0 ? range.upperBound : offset + Int(size)
      guard size == 0 || size >= 8, let type = bytes.printableASCII(at: offset + 4, length: 4)
      else { return }
      body(type, (offset + 8)..<min(end, range.upperBound))
      if end <= offset { return }
      offset = end
    }
  }

  // MARK: Other box-structured files

  private static func jpeg2000(_ bytes: [UInt8]) -> Detection {
    let brand = bytes.matches(ascii: "ftyp", at: 16) ? brand(bytes, at: 20) : nil
    switch brand {
    case "jpx":
      return Detection("public.jpeg-2000", mimeType: "image/jpx", note: "JPEG 2000 brand 'jpx '")
    case "jpm":
      return Detection([], mimeType: "image/jpm", note: "JPEG 2000 brand 'jpm '")
    case "mjp2", "mj2s":
      return Detection([], mimeType: "video/mj2", note: "Motion JPEG 2000")
    default:
      return Detection("public.jpeg-2000", mimeType: "image/jp2", note: "JPEG 2000 signature box")
    }
  }

  /// QuickTime files older than `ftyp` start with a movie, media or padding atom. A `moov`
  /// atom must open with one of its own children; padding must be followed by another atom.
  private static func quickTimeWithoutFileType(_ bytes: [UInt8], fileSize: Int) -> Detection? {
    guard let size = bytes.beUInt32(at: 0), size >= 8 || size == 1,
      let type = bytes.printableASCII(at: 4, length: 4)
    else { return nil }
    let movieChildren = ["mvhd", "cmov", "trak", "udta", "iods", "meta", "prfl", "clip", "ctab"]
    switch type {
    case "moov":
      guard let child = bytes.printableASCII(at: 12, length: 4), movieChildren.contains(child)
      else { return nil }
    case "mdat":
      break
    case "wide", "free", "skip", "pnot":
      guard Int(size) <= fileSize,
        let following = bytes.printableASCII(at: Int(size) + 4, length: 4),
        ["moov", "mdat", "wide", "free", "skip", "ftyp", "pnot", "PICT"].contains(following)
      else { return nil }
    default:
      return nil
    }
    return Detection(
      "com.apple.quicktime-movie", mimeType: "video/quicktime",
      note: "QuickTime atom '\(type)' without ftyp")
  }
}
