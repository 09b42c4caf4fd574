/// Why an LZFSE or LZVN stream could not be decoded.
///
/// Every case carries the byte offset in the compressed input where the problem was found, so a
/// message can say where a corrupt or hostile stream went wrong.
public enum LZFSEError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The input ended inside a block header or payload.
  case truncated(needed: Int, available: Int, offset: Int)
  /// A four-byte block magic that is not `bvx$`, `bvx-`, `bvx1`, `bvx2` or `bvxn`.
  case unknownBlockMagic(UInt32, offset: Int)
  /// The stream ended without the `bvx$` end-of-stream block.
  case missingEndOfStream(offset: Int)
  /// A header field is out of the range the format allows.
  case invalidHeader(String, offset: Int)
  /// The decoded output would exceed the caller's limit (a decompression-bomb guard).
  case outputTooLarge(claimed: Int, limit: Int)
  /// The entropy-coded payload is inconsistent (bad bit counts, literal overrun).
  case corruptPayload(String, offset: Int)
  /// A match refers to bytes before the start of the output, or has distance zero.
  case invalidMatchDistance(distance: Int, available: Int, offset: Int)
  /// A block produced a different number of bytes than its header promised.
  case sizeMismatch(expected: Int, produced: Int, offset: Int)

  /// A message saying what failed and where.
  public var description: String {
    switch self {
    case .truncated(let needed, let available, let offset):
      "LZFSE stream truncated at byte \(offset): needed \(needed) bytes, \(available) remain"
    case .unknownBlockMagic(let magic, let offset):
      "LZFSE stream has an unknown block magic 0x\(String(magic, radix: 16)) at byte \(offset)"
    case .missingEndOfStream(let offset):
      "LZFSE stream ends at byte \(offset) without the bvx$ end-of-stream block"
    case .invalidHeader(let what, let offset):
      "LZFSE block header at byte \(offset) is invalid: \(what)"
    case .outputTooLarge(let claimed, let limit):
      "LZFSE stream claims \(claimed) decoded bytes, more than the limit of \(limit)"
    case .corruptPayload(let what, let offset):
      "LZFSE block at byte \(offset) has a corrupt payload: \(what)"
    case .invalidMatchDistance(let distance, let available, let offset):
      "LZFSE block at byte \(offset) has a match distance \(distance) with only \(available)"
        + " bytes decoded before it"
    case .sizeMismatch(let expected, let produced, let offset):
      "LZFSE block at byte \(offset) decoded \(produced) bytes; its header says \(expected)"
    }
  }
}
