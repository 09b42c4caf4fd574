import Foundation

extension String {
  /// Whether `other` is the same type identifier as this one, letters compared without regard
  /// to case: `caseInsensitiveCompare(_:) == .orderedSame`, answered on the UTF-8 bytes when
  /// both are ASCII, as type identifiers are, and by that comparison otherwise. (The bridged
  /// comparison cost a share 4 to 5% of its processor time on a RAM file system, matching
  /// representations and accepted types: `Benchmarks ingest-ram`.)
  package func isSameIdentifier(as other: String) -> Bool {
    var asciiAnswer: Bool?
    utf8.withContiguousStorageIfAvailable { first in
      other.utf8.withContiguousStorageIfAvailable { second in
        asciiAnswer = Self.asciiEqualIgnoringCase(first, second)
      }
    }
    if let asciiAnswer { return asciiAnswer }
    return caseInsensitiveCompare(other) == .orderedSame
  }

  /// Whether two ASCII byte strings are equal, letters compared without regard to case; nil
  /// when either holds a byte that is not ASCII.
  private static func asciiEqualIgnoringCase(
    _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    for byte in first where byte >= 0x80 { return nil }
    for byte in second where byte >= 0x80 { return nil }
    guard first.count == second.count else { return false }
    for (one, another) in zip(first, second) where lowered(one) != lowered(another) {
      return false
    }
    return true
  }

  private static func lowered(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
