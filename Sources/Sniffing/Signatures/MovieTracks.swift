/// What an MPEG-4 file's `moov` box says about its tracks: enough to tell a song's cover art,
/// which converters store as a one-frame video track, from a movie that shows one still
/// picture (a photo with sound, as iMovie exports it).
///
/// Both are a sound track beside a video track of a single sample; the difference is how the
/// file presents that picture. Cover art is a frame nobody is meant to watch: its track is
/// disabled, or presented for one frame's time at the start. A still-picture movie shows its
/// picture for the length of the movie, through the track's duration or its edit list.
struct MovieTracks: Sendable, Equatable {
  /// The movie's timescale (units per second) from `mvhd`, when present.
  var timescale: UInt32?
  /// The movie's duration in its timescale from `mvhd`, when present and known.
  var duration: UInt64?
  /// The tracks, in file order.
  var tracks: [Track]

  /// One `trak` box.
  struct Track: Sendable, Equatable {
    /// The handler type (`vide`, `soun`, `text`, ...) from `hdlr`.
    var handler: String?
    /// The handler's name (`Core Media Video`, `VideoHandler`, ...), which names the writer.
    var handlerName: String = ""
    /// Whether `tkhd` marks the track enabled (flag 0x1): a disabled track is not played.
    var isEnabled = false
    /// The track's duration in the movie's timescale from `tkhd`; nil when absent, zero or
    /// indefinite (all ones).
    var headerDuration: UInt64?
    /// The time the edit list presents the media, in the movie's timescale: the sum of its
    /// non-empty edits (an empty edit, media time -1, shows nothing). Nil without `elst`, or
    /// when the sum is zero.
    var editedDuration: UInt64?
    /// The media's timescale and duration from `mdhd`.
    var mediaTimescale: UInt32?
    var mediaDuration: UInt64?
    /// The number of samples from `stsz` or `stz2`.
    var sampleCount: UInt32?

    /// Whether this is a video track of exactly one sample: a picture, not moving pictures.
    var isSinglePicture: Bool { handler == "vide" && sampleCount == 1 }

    /// How long the track is presented, in the movie's timescale: the edit list if there is
    /// one, else the header's duration, else the media's duration converted.
    func presentedDuration(movieTimescale: UInt32?) -> UInt64? {
      if let editedDuration { return editedDuration }
      if let headerDuration { return headerDuration }
      guard let mediaDuration, let mediaTimescale, mediaTimescale > 0, let movieTimescale,
        mediaDuration > 0
      else { return nil }
      return mediaDuration.multipliedReportingOverflow(by: UInt64(movieTimescale)).partialValue
        / UInt64(mediaTimescale)
    }
  }

  /// What the file says a one-frame picture track is.
  enum PictureRole: Sendable, Equatable {
    /// Artwork for the sound, not meant to be watched: the file is audio.
    case coverArt(String)
    /// A picture the movie shows: the file is a movie.
    case stillPicture(String)
    /// Nothing decisive: keep the container's movie type.
    case undecided(String)
  }

  /// A picture presented for at least this share of the movie is part of it.
  static let shownThroughout = 0.5
  /// A picture presented for at most this share of the movie is a frame at the start.
  static let shownBriefly = 0.25

  /// The movie's length: `mvhd`'s duration, else the longest track's presentation.
  var length: UInt64? {
    if let duration, duration > 0 { return duration }
    return tracks.compactMap { $0.presentedDuration(movieTimescale: timescale) }.max()
  }

  /// Reads the evidence about `picture`, in order of weight: a disabled track is not shown;
  /// how long the picture is presented against the movie's length decides next; then the
  /// writer, when the handler name says Apple's media framework wrote the track (Apple's
  /// tools keep artwork in metadata, `covr`, not in a track). Anything else is undecided.
  ///
  /// The in-movie and in-preview flags of `tkhd` are not used: Apple's writers leave them
  /// clear on tracks they do play (an iMovie export's tracks carry flags 0x1 only), so their
  /// absence says nothing.
  func role(of picture: Track) -> PictureRole {
    if !picture.isEnabled { return .coverArt("a disabled one-frame picture track") }
    if let presented = picture.presentedDuration(movieTimescale: timescale), let length,
      length > 0
    {
      let share = Double(presented) / Double(length)
      let percent = Int((share * 100).rounded())
      if share >= Self.shownThroughout {
        return .stillPicture("a one-frame picture shown for \(percent)% of the movie")
      }
      if share <= Self.shownBriefly {
        return .coverArt("a one-frame picture shown for \(percent)% of the movie")
      }
    }
    if picture.handlerName.hasPrefix("Core Media") {
      return .stillPicture("a one-frame picture track written by Core Media")
    }
    return .undecided("a one-frame picture track of undecided purpose")
  }
}

extension MovieTracks {
  /// Reads `mvhd`'s timescale and duration from the box's body.
  static func movieHeader(_ body: ArraySlice<UInt8>) -> (timescale: UInt32?, duration: UInt64?) {
    let bytes = Array(body)
    guard let version = bytes.first else { return (nil, nil) }
    if version == 1 {
      return (bytes.beUInt32(at: 20), known(bytes.beUInt64(at: 24)))
    }
    return (bytes.beUInt32(at: 12), known(bytes.beUInt32(at: 16).map(UInt64.init)))
  }

  /// Reads one `trak` box (its bytes, header included, possibly cut short).
  static func track(_ trak: [UInt8]) -> Track {
    var track = Track()
    ISOMediaInspector.forEachBox(in: trak, range: 0..<trak.count) { type, body in
      guard type == "trak" else { return }
      ISOMediaInspector.forEachBox(in: trak, range: body) { type, body in
        switch type {
        case "tkhd": readTrackHeader(trak[body], into: &track)
        case "edts": track.editedDuration = editedDuration(trak, editBox: body)
        case "mdia": readMedia(trak, body, into: &track)
        default: break
        }
      }
    }
    return track
  }

  private static func readTrackHeader(_ body: ArraySlice<UInt8>, into track: inout Track) {
    let bytes = Array(body)
    guard bytes.count >= 4 else { return }
    track.isEnabled = bytes[3] & 0x01 != 0
    track.headerDuration =
      bytes[0] == 1
      ? known(bytes.beUInt64(at: 28)) : known(bytes.beUInt32(at: 20).map(UInt64.init))
  }

  /// The sum of the non-empty edits in `edts`/`elst`.
  private static func editedDuration(_ bytes: [UInt8], editBox: Range<Int>) -> UInt64? {
    var total: UInt64?
    ISOMediaInspector.forEachBox(in: bytes, range: editBox) { type, body in
      guard type == "elst", let version = bytes[safe: body.lowerBound],
        let count = bytes.beUInt32(at: body.lowerBound + 4)
      else { return }
      let entryLength = version == 1 ? 20 : 12
      var sum: UInt64 = 0
      for index in 0..<min(Int(count), 1024) {
        let entry = body.lowerBound + 8 + index * entryLength
        guard entry + entryLength <= body.upperBound else { break }
        let segment =
          version == 1 ? bytes.beUInt64(at: entry) : bytes.beUInt32(at: entry).map(UInt64.init)
        let mediaTime =
          version == 1
          ? bytes.beUInt64(at: entry + 8) : bytes.beUInt32(at: entry + 4).map(UInt64.init)
        let empty = version == 1 ? mediaTime == UInt64.max : mediaTime == UInt64(UInt32.max)
        if let segment, !empty { sum &+= segment }
      }
      // Zero is no answer: a fragmented file's edit of duration 0 runs to an unknown end.
      total = sum > 0 ? sum : nil
    }
    return total
  }

  private static func readMedia(_ bytes: [UInt8], _ media: Range<Int>, into track: inout Track) {
    ISOMediaInspector.forEachBox(in: bytes, range: media) { type, body in
      switch type {
      case "mdhd":
        let header = movieHeader(bytes[body])
        track.mediaTimescale = header.timescale
        track.mediaDuration = header.duration
      case "hdlr":
        // version+flags (4), pre_defined (4), handler_type (4), reserved (12), name.
        track.handler = bytes.printableASCII(at: body.lowerBound + 8, length: 4)
        track.handlerName = handlerName(bytes, from: body.lowerBound + 24, to: body.upperBound)
      case "minf":
        track.sampleCount = sampleCount(bytes, mediaInformation: body)
      default:
        break
      }
    }
  }

  /// The handler's name: a C string (MPEG-4) or a Pascal string (QuickTime), printable part.
  private static func handlerName(_ bytes: [UInt8], from start: Int, to end: Int) -> String {
    guard start < end, end <= bytes.count else { return "" }
    var name = Array(bytes[start..<end])
    if let length = name.first, Int(length) == name.count - 1, length < 0x20 {
      name.removeFirst()
    }
    return String(decoding: name.prefix { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
  }

  /// The sample count in `minf`/`stbl`/`stsz` (or `stz2`): version+flags (4), then for
  /// `stsz` sample_size (4) and for `stz2` reserved+field_size (4), then sample_count (4).
  private static func sampleCount(_ bytes: [UInt8], mediaInformation: Range<Int>) -> UInt32? {
    var count: UInt32?
    ISOMediaInspector.forEachBox(in: bytes, range: mediaInformation) { type, body in
      guard type == "stbl" else { return }
      ISOMediaInspector.forEachBox(in: bytes, range: body) { type, body in
        guard type == "stsz" || type == "stz2", body.lowerBound + 12 <= body.upperBound else {
          return
        }
        count = bytes.beUInt32(at: body.lowerBound + 8)
      }
    }
    return count
  }

  /// A duration that says something: not absent, not zero, not "indefinite" (all ones).
  private static func known(_ value: UInt64?) -> UInt64? {
    guard let value, value != 0, value != UInt64.max, value != UInt64(UInt32.max) else {
      return nil
    }
    return value
  }
}

extension Array where Element == UInt8 {
  fileprivate subscript(safe index: Int) -> UInt8? {
    indices.contains(index) ? self[index] : nil
  }
}
