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
