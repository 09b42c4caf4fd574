/// How each segment of an archive is compressed, by the one-character code in the root header.
public enum AEACompressionAlgorithm: UInt8, Sendable, Codable {
  /// Stored as is (`-`).
  case none = 0x2D
  /// LZ4 (`4`).
  case lz4 = 0x34
  /// LZBITMAP (`b`).
  case lzbitmap = 0x62
  /// LZFSE (`e`), what shortcuts use.
  case lzfse = 0x65
  /// LZVN (`f`).
  case lzvn = 0x66
  /// LZMA (`x`).
  case lzma = 0x78
  /// zlib (`z`).
  case zlib = 0x7A

  /// The name used in messages.
  public var name: String {
    switch self {
    case .none: "none"
    case .lz4: "LZ4"
    case .lzbitmap: "LZBITMAP"
    case .lzfse: "LZFSE"
    case .lzvn: "LZVN"
    case .lzma: "LZMA"
    case .zlib: "zlib"
    }
  }
}
