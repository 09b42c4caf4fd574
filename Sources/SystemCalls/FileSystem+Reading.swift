#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension FileSystem {
  /// The limit `readFile` refuses beyond.
  package struct SizeLimitExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The most bytes the caller accepts.
    package var limit: Int64
    /// What the file held (at least), when known.
    package var size: Int64

    /// The limit passed, by a file of at least `size` bytes.
    package init(limit: Int64, size: Int64) {
      self.limit = limit
      self.size = size
    }

    package var description: String {
      "the file holds \(size) bytes, more than the \(limit) bytes accepted here"
    }
  }

  /// Reads a whole regular file a user named, refusing anything else with one message.
  ///
  /// A FIFO, a device, a socket or a directory is refused as `notRegularFile` (a FIFO is opened
  /// without blocking, so naming one never hangs). A file larger than `limit` is refused as
  /// `tooLarge` before its contents are read; the file is read to its end, not to the size
  /// `fstat` reports (files in `/proc` report 0), and still never past `limit`.
  ///
  /// - Parameter followSymbolicLinks: Whether a final symbolic link is followed, as command-line
  ///   tools do for the files they are given. Inside a directory the package owns, pass false.
  package static func readFile(
    atPath path: String, limit: Int64 = .max, followSymbolicLinks: Bool = true
  ) throws(IOError) -> [UInt8] {
    var options: FileDescriptor.OpenOptions = [.nonBlocking]
    if !followSymbolicLinks { options.insert(.noFollow) }
    let file = try FileDescriptor.open(path, .readOnly, options: options)
    return try file.closeAfterTyped { () throws(IOError) -> [UInt8] in
      let status = try file.status()
      guard status.kind == .regularFile else {
        throw IOError(.notRegularFile, operation: .read, path: path, fileKind: status.kind)
      }
      return try file.readToEnd(sizeHint: status.size, limit: limit)
    }
  }

  /// Removes `path` and, if it is a directory, everything in it, never following a symbolic
  /// link. Nothing there is not an error.
  package static func removeTree(_ path: String) throws(IOError) {
    let parent = try FileDescriptor.openDirectory(parentPath(path))
    try parent.closeAfterTyped { () throws(IOError) in
      try parent.removeTree(lastComponent(path))
    }
  }

  /// The last component of `path`.
  package static func lastComponent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }
}
