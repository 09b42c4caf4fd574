/// Why an Apple Archive (`AA01` / `YAA1`) could not be read.
public enum AppleArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An entry header does not start with `AA01` or `YAA1`.
  case wrongMagic([UInt8], offset: Int)
  /// The archive ends inside an entry header or blob.
  case truncated(part: String, needed: Int, available: Int, offset: Int)
  /// A field has a subtype character this reader does not know.
  case unknownFieldType(key: String, subtype: UInt8, offset: Int)
  /// A field or header size is impossible.
  case invalidField(key: String, reason: String, offset: Int)
  /// More entries than the reader accepts.
  case tooManyEntries(limit: Int)

  /// A message saying what failed and where.
  public var description: String {
    switch self {
    case .wrongMagic(let bytes, let offset):
      "Apple Archive entry at byte \(offset) starts with "
        + "\(Hex.string(bytes)), not AA01 or YAA1"
    case .truncated(let part, let needed, let available, let offset):
      "Apple Archive truncated in \(part) at byte \(offset): needs \(needed), \(available) remain"
    case .unknownFieldType(let key, let subtype, let offset):
      "Apple Archive field \(key) at byte \(offset) has unknown type"
        + " 0x\(String(subtype, radix: 16))"
    case .invalidField(let key, let reason, let offset):
      "Apple Archive field \(key) at byte \(offset) is invalid: \(reason)"
    case .tooManyEntries(let limit):
      "Apple Archive has more than \(limit) entries"
    }
  }
}
