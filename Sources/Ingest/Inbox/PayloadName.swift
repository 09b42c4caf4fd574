import SystemCalls

/// The name of a payload file in the group directory's `Incoming/`, as a manifest (or a row of
/// a database inbox) gives it: the one value readers open, link, rename or remove a payload by.
///
/// A manifest is written by another program, so the path it holds is checked on its UTF-8
/// bytes, never on Swift `Character`s: a `/` followed by a combining mark (`Incoming/x/\u{301}n`)
/// is one `Character` that is not `"/"`, but two bytes of which the first is `/`, and a name
/// holding it would be opened relative to `Incoming/x`, which may be a link to anywhere. A
/// payload name is `Incoming/` followed by the file's name, which:
/// - is 1 to 255 bytes of valid UTF-8 (a manifest is JSON, so every name it can hold is);
/// - holds no `/` byte and no NUL byte (it is one path component, directly in `Incoming/`);
/// - does not start with `.` (not `.` or `..`, not hidden: hidden names are the writers'
///   temporary files);
/// - holds no control character, nor any other scalar a terminal could act on
///   (`TerminalText.needsEscape`), so it can be printed and logged as it is.
///
/// A name that fails any of these is not a payload name, and a manifest holding one is
/// malformed (`ShareManifest.validate(path:expected:)`).
public struct PayloadName: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The file's name in `Incoming/`: one path component.
  public let fileName: String

  /// The longest file name, in bytes (`NAME_MAX`).
  public static let maximumByteCount = 255

  /// The name in `relativePath` (`Incoming/<name>`, relative to the group directory, as a
  /// manifest's `file` holds it); nil unless it is a payload name (see the type's discussion).
  public init?(relativePath: String) {
    let prefix = Array((GroupDirectory.incomingName + "/").utf8)
    let bytes = Array(relativePath.utf8)
    guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
    self.init(bytes: bytes[prefix.count...])
  }

  /// The name `fileName` in `Incoming/`; nil unless it is a payload's file name (see the type's
  /// discussion).
  public init?(fileName: String) {
    self.init(bytes: Array(fileName.utf8)[...])
  }

  /// The name made of `bytes` (a directory entry's name as the system gave it); nil unless
  /// they are a payload's file name: valid UTF-8 and every rule of the type's discussion.
  public init?(bytes: some Collection<UInt8>) {
    let bytes = Array(bytes)
    guard Self.isFileName(bytes), let text = String(validating: bytes, as: UTF8.self),
      !text.unicodeScalars.contains(where: TerminalText.needsEscape)
    else { return nil }
    fileName = text
  }

  /// Whether `bytes` pass the byte rules: 1 to 255 bytes, no `/`, no NUL, no leading `.`.
  static func isFileName(_ bytes: [UInt8]) -> Bool {
    guard let first = bytes.first, bytes.count <= maximumByteCount, first != UInt8(ascii: ".")
    else { return false }
    return !bytes.contains { $0 == UInt8(ascii: "/") || $0 == 0 }
  }

  /// `Incoming/<name>`, relative to the group directory (what a manifest's `file` holds).
  public var relativePath: String { "\(GroupDirectory.incomingName)/\(fileName)" }

  /// The names a payload may have in `.staging/` before its commit: its own, or its name
  /// before the first `.` (a file the pipeline made ahead, before its extension was known).
  /// Each is a name of this type's rules, so none can leave `.staging/` either.
  public var stagedNames: [String] { DirectoryInbox.stagedNames(of: fileName) }

  /// `Incoming/<name>`.
  public var description: String { relativePath }

  /// Equal when the bytes are: two names Unicode holds equivalent (composed and decomposed)
  /// are two files.
  public static func == (lhs: PayloadName, rhs: PayloadName) -> Bool {
    lhs.fileName.utf8.elementsEqual(rhs.fileName.utf8)
  }

  /// Hashes the bytes.
  public func hash(into hasher: inout Hasher) {
    for byte in fileName.utf8 { hasher.combine(byte) }
  }

  /// Ordered by the file name's bytes.
  public static func < (lhs: PayloadName, rhs: PayloadName) -> Bool {
    lhs.fileName.utf8.lexicographicallyPrecedes(rhs.fileName.utf8)
  }
}
