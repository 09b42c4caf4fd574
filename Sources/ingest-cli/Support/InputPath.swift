import SystemCalls

/// Paths a user names on the command line.
enum InputPath {
  /// `path` itself, or where it leads when it is a symbolic link.
  ///
  /// The libraries never follow a symbolic link to a file they sniff; the command line follows
  /// the links a user names, as `file -L` does, so `ingest-cli types link.jpg` describes the
  /// photo. Only a link is replaced, so every other path keeps the spelling the user gave in
  /// messages.
  /// - Throws: `IOError` for `realpath` when the link leads nowhere.
  static func resolvingLink(_ path: String) throws(IOError) -> String {
    guard let status = try? FileSystem.status(ofPath: path), status.kind == .symbolicLink else {
      return path
    }
    return try FileSystem.resolvingSymbolicLinks(path)
  }
}
