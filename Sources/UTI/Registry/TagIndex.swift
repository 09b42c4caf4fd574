/// An immutable hash table from a tag (filename extension or MIME type) to candidate type
/// indexes, looked up ignoring ASCII case without allocating.
///
/// Tag lookups run on every shared file, so this replaces `[String: [Int32]]`: the query's UTF-8
/// bytes are folded and hashed (FNV-1a) in one pass. Keys of up to 16 bytes (nearly every
/// extension) are packed into two words, so a probe compares two integers; longer keys are
/// compared byte by byte. Keys are stored folded to lower case.
///
/// The built-in catalogue's indexes are laid out at build time (`CompiledCatalogue`, a
/// `Layout` each); an index over application declarations is built when they are registered.
final class TagIndex: Sendable {
  /// Which tags the index holds; it decides how a query is folded.
  enum Kind: Sendable {
    /// Filename extensions: ASCII case folded, non-ASCII lower-cased.
    case filenameExtension
    /// MIME types: parameters and surrounding white space dropped, ASCII case folded.
    case mimeType
  }

  let kind: Kind
  /// One open-addressing slot: the first 16 folded bytes of its key, packed little-endian, the
  /// key's length, and its entry (-1 when empty).
  struct Slot: Sendable, Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var length: Int32 = 0
    var entry: Int32 = -1
  }

  /// Everything an index holds, as plain arrays: what `CompiledCatalogue` writes out.
  struct Layout: Sendable, Equatable {
    /// The open-addressing table; its count is a power of two.
    var slots: [Slot]
    /// The folded keys, one after another: key `e` is `keyBytes[keyStarts[e]..<keyStarts[e + 1]]`.
    var keyBytes: [UInt8]
    var keyStarts: [Int32]
    /// Candidate lists, flattened: entry `e` owns
    /// `candidates[candidateStarts[e]..<candidateStarts[e + 1]]`.
    var candidateStarts: [Int32]
    var candidates: [Int32]
  }

  /// A query's folded bytes packed as a slot would hold them, with their hash.
  private struct Packed {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var length = 0
    var hash: UInt32 = 2_166_136_261

    @inline(__always)
    mutating func append(_ byte: UInt8) {
      let folded = TagIndex.fold(byte)
      hash = (hash ^ UInt32(folded)) &* 16_777_619
      if length < 8 {
        low |= UInt64(folded) &<< UInt64(8 &* length)
      } else if length < 16 {
        high |= UInt64(folded) &<< UInt64(8 &* (length &- 8))
      }
      length &+= 1
    }
  }

  private let slots: [Slot]
  private let mask: Int
  private let keyBytes: [UInt8]
  private let keyStarts: [Int32]
  private let candidateStarts: [Int32]
  private let candidates: [Int32]

  /// An index over a layout made earlier (at build time, for the built-in catalogue).
  init(kind: Kind, layout: Layout) {
    self.kind = kind
    self.slots = layout.slots
    self.mask = layout.slots.count - 1
    self.keyBytes = layout.keyBytes
    self.keyStarts = layout.keyStarts
    self.candidateStarts = layout.candidateStarts
    self.candidates = layout.candidates
  }

  /// The index's arrays, to be laid out at build time.
  var layout: Layout {
    Layout(
      slots: slots, keyBytes: keyBytes, keyStarts: keyStarts, candidateStarts: candidateStarts,
      candidates: candidates)
  }

  /// Builds the index from declared tags and their candidate lists; tags that fold to the same
  /// key share one entry, candidates in the order given.
  convenience init(kind: Kind, _ tags: [(tag: String, candidates: [Int32])]) {
    self.init(kind: kind, layout: Self.layout(kind: kind, tags))
  }

  private static func layout(kind: Kind, _ tags: [(tag: String, candidates: [Int32])]) -> Layout {
    var entries: [String: [Int32]] = [:]
    for (tag, candidates) in tags {
      let key = Self.key(for: tag, kind: kind)
      for candidate in candidates where !(entries[key]?.contains(candidate) ?? false) {
        entries[key, default: []].append(candidate)
      }
    }
    var capacity = 8
    while capacity < entries.count * 2 { capacity *= 2 }
    var slots = [Slot](repeating: Slot(), count: capacity)
    var keyBytes: [UInt8] = []
    var keyStarts: [Int32] = [0]
    var candidateStarts: [Int32] = [0]
    var flatCandidates: [Int32] = []
    // Sorted so the table's layout does not depend on dictionary order.
    for (key, candidates) in entries.sorted(by: { $0.key < $1.key }) {
      var packed = Packed()
      for byte in key.utf8 { packed.append(byte) }
      var slot = Int(packed.hash) & (capacity - 1)
      while slots[slot].entry >= 0 { slot = (slot + 1) & (capacity - 1) }
      slots[slot] = Slot(
        low: packed.low, high: packed.high, length: Int32(packed.length),
        entry: Int32(candidateStarts.count - 1))
      keyBytes += key.utf8
      keyStarts.append(Int32(keyBytes.count))
      flatCandidates += candidates
      candidateStarts.append(Int32(flatCandidates.count))
    }
    return Layout(
      slots: slots, keyBytes: keyBytes, keyStarts: keyStarts, candidateStarts: candidateStarts,
      candidates: flatCandidates)
  }

  @inline(__always)
  fileprivate static func fold(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// The entry whose key matches `packed`; `bytes` supplies the query for keys longer than 16
  /// bytes. -1 if none.
  private func entry(
    matching packed: Packed, bytes: (_ offset: Int) -> UInt8
  ) -> Int {
    var slot = Int(packed.hash) & mask
    while true {
      let candidate = slots[slot]
      if candidate.entry < 0 { return -1 }
      if Int(candidate.length) == packed.length && candidate.low == packed.low
        && candidate.high == packed.high
      {
        if packed.length <= 16 || tailMatches(Int(candidate.entry), bytes: bytes) {
          return Int(candidate.entry)
        }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Whether the bytes of a long key past its first 16 match the query's.
  private func tailMatches(_ entry: Int, bytes: (_ offset: Int) -> UInt8) -> Bool {
    let start = Int(keyStarts[entry])
    let end = Int(keyStarts[entry + 1])
    for offset in 16..<(end - start) where keyBytes[start + offset] != Self.fold(bytes(offset)) {
      return false
    }
    return true
  }

  /// The entry for a tag of this index's kind; -1 if none.
  func entry(for tag: String) -> Int {
    switch kind {
    case .filenameExtension: entry(forExtension: tag)
    case .mimeType: entry(forMIMEType: tag)
    }
  }

  /// The stored key of a declared tag: what a query folds to.
  private static func key(for tag: String, kind: Kind) -> String {
    switch kind {
    case .filenameExtension:
      return tag.lowercased()
    case .mimeType:
      let utf8 = Array(tag.utf8)
      return String(decoding: utf8[mimeEssence(of: utf8)], as: UTF8.self).lowercased()
    }
  }

  /// The range of a MIME type without parameters and surrounding white space.
  private static func mimeEssence(of utf8: [UInt8]) -> Range<Int> {
    var end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.count
    var start = 0
    while start < end && (utf8[start] == 0x20 || utf8[start] == 0x09) { start += 1 }
    while end > start && (utf8[end - 1] == 0x20 || utf8[end - 1] == 0x09) { end -= 1 }
    return start..<end
  }

  /// The entry for a filename extension, ignoring case; -1 if none.
  private func entry(forExtension tag: String) -> Int {
    var packed = Packed()
    var isASCII = true
    for byte in tag.utf8 {
      if byte >= 0x80 { isASCII = false }
      packed.append(byte)
    }
    if !isASCII {
      // Non-ASCII extensions are rare: fold them with full Unicode lower-casing.
      let folded = tag.lowercased()
      guard folded != tag else { return lookUp(bytesOf: folded, packed: packed) }
      return entry(forExtension: folded)
    }
    return lookUp(bytesOf: tag, packed: packed)
  }

  private func lookUp(bytesOf tag: String, packed: Packed) -> Int {
    guard packed.length > 16 else { return entry(matching: packed) { _ in 0 } }
    let bytes = Array(tag.utf8)
    return entry(matching: packed) { bytes[$0] }
  }

  /// The entry for a MIME type, ignoring case, parameters and surrounding white space; -1 if
  /// none.
  private func entry(forMIMEType tag: String) -> Int {
    let utf8 = Array(tag.utf8)
    let essence = Self.mimeEssence(of: utf8)
    var packed = Packed()
    for byte in utf8[essence] { packed.append(byte) }
    return entry(matching: packed) { utf8[essence.lowerBound + $0] }
  }

  /// The first candidate of an entry that satisfies `predicate`, without copying the list.
  func firstCandidate(in entry: Int, where predicate: (Int32) -> Bool) -> Int32? {
    guard entry >= 0 else { return nil }
    for position in Int(candidateStarts[entry])..<Int(candidateStarts[entry + 1])
    where predicate(candidates[position]) {
      return candidates[position]
    }
    return nil
  }

  /// The first candidate of an entry that conforms to type `target` of `graph`.
  func firstCandidate(in entry: Int, conformingTo target: Int32, in graph: TypeGraph) -> Int32? {
    guard entry >= 0 else { return nil }
    for position in Int(candidateStarts[entry])..<Int(candidateStarts[entry + 1])
    where graph.conforms(candidates[position], to: target) {
      return candidates[position]
    }
    return nil
  }

  /// Every candidate of an entry, best first.
  func allCandidates(in entry: Int) -> [Int32] {
    guard entry >= 0 else { return [] }
    return Array(candidates[Int(candidateStarts[entry])..<Int(candidateStarts[entry + 1])])
  }
}
