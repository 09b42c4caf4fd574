import Foundation

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
      "Apple Archive field \(key) at byte \(offset) has unknown type 0x\(String(subtype, radix: 16))"
    case .invalidField(let key, let reason, let offset):
      "Apple Archive field \(key) at byte \(offset) is invalid: \(reason)"
    case .tooManyEntries(let limit):
      "Apple Archive has more than \(limit) entries"
    }
  }
}

/// The value of one typed field in an Apple Archive entry header.
public enum AppleArchiveFieldValue: Sendable, Equatable {
  /// A field that is present without a value (subtype `*`).
  case flag
  /// An unsigned integer of 1, 2, 4 or 8 bytes (subtypes `1`, `2`, `4`, `8`).
  case unsigned(UInt64)
  /// A string such as a path (subtype `P`).
  case string(String)
  /// A blob stored after the header, with its size (subtypes `A`, `B`, `C`).
  case blob(size: UInt64)
  /// A time stamp (subtypes `S` seconds, `T` seconds and nanoseconds).
  case timestamp(seconds: Int64, nanoseconds: UInt32)
  /// A digest (subtypes `F` CRC32, `G` SHA-1, `H` SHA-256, `I` SHA-384, `J` SHA-512).
  case digest([UInt8])
}

/// One typed field: a three-letter key such as `TYP`, `PAT`, `DAT`, `MOD`, and its value.
public struct AppleArchiveField: Sendable, Equatable {
  /// The three-letter key.
  public var key: String
  /// The value.
  public var value: AppleArchiveFieldValue
}

/// One entry of an Apple Archive: its header fields and its data blob, if any.
public struct AppleArchiveEntry: Sendable {
  /// The kind of file system object an entry describes (the `TYP` field).
  public enum EntryType: Sendable, Equatable {
    /// `F`: a regular file.
    case regularFile
    /// `D`: a directory.
    case directory
    /// `L`: a symbolic link.
    case symbolicLink
    /// Any other type character.
    case other(UInt8)
  }

  /// Every header field in order.
  public var fields: [AppleArchiveField]
  /// The `DAT` blob (file contents), when present.
  public var data: Data?
  /// File offset of the entry header.
  public var offset: Int

  /// The `TYP` field.
  public var type: EntryType? {
    guard case .unsigned(let value)? = field("TYP") else { return nil }
    switch value {
    case UInt64(UInt8(ascii: "F")): return .regularFile
    case UInt64(UInt8(ascii: "D")): return .directory
    case UInt64(UInt8(ascii: "L")): return .symbolicLink
    default: return .other(UInt8(truncatingIfNeeded: value))
    }
  }

  /// The `PAT` field: the entry's path inside the archive ("" for the archive root).
  public var path: String? {
    guard case .string(let path)? = field("PAT") else { return nil }
    return path
  }

  /// The first field with `key`.
  public func field(_ key: String) -> AppleArchiveFieldValue? {
    fields.first { $0.key == key }?.value
  }
}
