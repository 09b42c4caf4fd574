import Foundation

/// Why an Apple Encrypted Archive (`AEA1`) could not be read.
///
/// Offsets are byte positions in the archive file.
public enum AEAError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file does not start with `AEA1`.
  case wrongMagic([UInt8])
  /// The file ends before a part the layout requires.
  case truncated(part: String, needed: Int, available: Int, offset: Int)
  /// A profile this reader does not handle (only profile 0, signed and not encrypted, is read).
  case unsupportedProfile(UInt32, name: String)
  /// A header field outside the range the format or this reader's limits allow.
  case invalidField(String, value: UInt64, offset: Int)
  /// A compression or checksum algorithm this reader cannot decode.
  case unsupportedAlgorithm(String)
  /// The root header's container size differs from the file size.
  case containerSizeMismatch(declared: UInt64, actual: Int)
  /// A segment's decoded bytes do not match the checksum in its header.
  case checksumMismatch(cluster: Int, segment: Int)
  /// A segment's sizes do not fit its compression: `reason` says how.
  case segmentDecoding(cluster: Int, segment: Int, reason: String)
  /// A segment's LZFSE stream is malformed.
  case segmentDecompression(cluster: Int, segment: Int, LZFSEError)
  /// Bytes remain after the last segment.
  case trailingBytes(count: Int, offset: Int)

  /// A message saying what failed and where.
  public var description: String {
    switch self {
    case .wrongMagic(let bytes):
      "not an Apple Encrypted Archive: starts with \(Hex.string(bytes)), not AEA1"
    case .truncated(let part, let needed, let available, let offset):
      "archive truncated in the \(part) at byte \(offset): needs \(needed) bytes,"
        + " \(available) remain"
    case .unsupportedProfile(let profile, let name):
      "archive profile \(profile) (\(name)) is encrypted or unknown; only profile 0"
        + " (signed, not encrypted) can be read"
    case .invalidField(let field, let value, let offset):
      "archive field \(field) at byte \(offset) has an invalid value \(value)"
    case .unsupportedAlgorithm(let what):
      "archive uses \(what), which this reader does not decode"
    case .containerSizeMismatch(let declared, let actual):
      "archive root header declares \(declared) bytes but the file has \(actual)"
    case .checksumMismatch(let cluster, let segment):
      "segment \(segment) of cluster \(cluster) does not match its SHA-256 checksum"
    case .segmentDecoding(let cluster, let segment, let reason):
      "segment \(segment) of cluster \(cluster) cannot be decompressed: \(reason)"
    case .segmentDecompression(let cluster, let segment, let error):
      "segment \(segment) of cluster \(cluster) cannot be decompressed: \(error)"
    case .trailingBytes(let count, let offset):
      "archive has \(count) unexpected bytes after its last segment, at byte \(offset)"
    }
  }
}
