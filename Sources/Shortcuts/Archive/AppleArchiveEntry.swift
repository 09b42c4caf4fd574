import Foundation

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
