/// An immutable hash table from a tag (filename extension or MIME type) to candidate type
/// indexes, looked up ignoring ASCII case without allocating.
///
/// Tag lookups run on every shared file, so this replaces `[String: [Int32]]`: the query's UTF-8
/// bytes are folded and hashed (FNV-1a) in one pass and compared in place, with no lower-cased
/// copy and no SipHash. Keys are stored folded to lower case.
final class TagIndex: Sendable {
  private let slots: [Int32]
  private let mask: Int
  private let keyBytes: [UInt8]
  private let keyStarts: [Int32]
  /// Candidate lists, flattened: entry `e` owns `candidates[candidateStarts[e]..<candidateStarts[e + 1]]`.
  private let candidateStarts: [Int32]
  private let candidates: [Int32]

  /// Builds the index from folded keys (already lower case) and their candidate lists.
  init(_ entries: [String: [Int32]]) {
    var capacity = 8
    while capacity < entries.count * 2 { capacity *= 2 }
    var slots = [Int32](repeating: -1, count: capacity)
    var keyBytes: [UInt8] = []
    var keyStarts: [Int32] = [0]
    var candidateStarts: [Int32] = [0]
    var flatCandidates: [Int32] = []
    // Sorted so the table's layout does not depend on dictionary order.
    for (key, candidates) in entries.sorted(by: { $0.key < $1.key }) {
      let bytes = Array(key.utf8)
      var slot = Int(Self.hash(bytes[...])) & (capacity - 1)
      while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
      slots[slot] = Int32(candidateStarts.count - 1)
      keyBytes += bytes
      keyStarts.append(Int32(keyBytes.count))
      flatCandidates += candidates
      candidateStarts.append(Int32(flatCandidates.count))
    }
    self.slots = slots
    self.mask = capacity - 1
    self.keyBytes = keyBytes
    self.keyStarts = keyStarts
    self.candidateStarts = candidateStarts
    self.candidates = flatCandidates
  }

  /// The entry for a tag whose bytes are given, folding ASCII upper case; -1 if none.
  func entry(forFoldedLookupOf bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes {
      hash = (hash ^ UInt32(Self.fold(byte))) &* 16_777_619
    }
    let entry = slots.withUnsafeBufferPointer { slots in
      keyStarts.withUnsafeBufferPointer { starts in
        keyBytes.withUnsafeBufferPointer { keys -> Int in
          var slot = Int(hash) & mask
          while true {
            let entry = Int(slots[slot])
            if entry < 0 { return -1 }
            let start = Int(starts[entry])
            if Int(starts[entry + 1]) - start == bytes.count {
              var offset = 0
              while offset < bytes.count && keys[start + offset] == Self.fold(bytes[offset]) {
                offset += 1
              }
              if offset == bytes.count { return entry }
            }
            slot = (slot + 1) & mask
          }
        }
      }
    }
    return entry
  }

  /// The first candidate of an entry that satisfies `predicate`, without copying the list.
  func firstCandidate(in entry: Int, where predicate: (Int32) -> Bool) -> Int32? {
    guard entry >= 0 else { return nil }
    return candidates.withUnsafeBufferPointer { candidates in
      for position in Int(candidateStarts[entry])..<Int(candidateStarts[entry + 1])
      where predicate(candidates[position]) {
        return candidates[position]
      }
      return nil
    }
  }

  /// Every candidate of an entry, best first.
  func allCandidates(in entry: Int) -> [Int32] {
    guard entry >= 0 else { return [] }
    return Array(candidates[Int(candidateStarts[entry])..<Int(candidateStarts[entry + 1])])
  }

  @inline(__always)
  private static func fold(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes { hash = (hash ^ UInt32(fold(byte))) &* 16_777_619 }
    return hash
  }
}

extension TagIndex {
  /// The entry for a filename extension, ignoring case; -1 if none.
  func entry(forExtension tag: String) -> Int {
    var tag = tag
    let found = tag.withUTF8 { bytes -> Int? in
      // Non-ASCII extensions are rare: fold them with full Unicode lower-casing below.
      for byte in bytes where byte >= 0x80 { return nil }
      return self.entry(forFoldedLookupOf: bytes)
    }
    if let found { return found }
    var folded = tag.lowercased()
    return folded.withUTF8 { entry(forFoldedLookupOf: $0) }
  }

  /// The entry for a MIME type, ignoring case, parameters and surrounding white space; -1 if
  /// none.
  func entry(forMIMEType tag: String) -> Int {
    var tag = tag
    return tag.withUTF8 { bytes in
      var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
      var start = 0
      while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
      while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
      return entry(forFoldedLookupOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }
  }
}
