import SystemCalls

/// The files and directories under a recording's root as they were when it began: the state
/// every crash state starts from, taken as durable (a recording starts from a settled disk).
///
/// Paths are relative to the root (`""` is the root itself, `group/Inbox` a directory in it).
/// Files are told apart by an id of their own, not by their inode number (which the kernel
/// reuses): a file with two names is one id under both.
package struct FileSystemImage: Sendable {
  /// A file of the image or of the recording after it.
  package struct FileID: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var value: Int
    package static func < (a: FileID, b: FileID) -> Bool { a.value < b.value }
    package var description: String { "f\(value)" }
  }

  /// What a name in a directory is.
  package enum Node: Sendable, Hashable {
    case file(FileID)
    /// A directory, by its path relative to the root (directories are never renamed here).
    case directory(String)
  }

  /// Each directory's entries, by the directory's relative path.
  var directories: [String: [String: Node]] = ["": [:]]
  /// Each file's bytes when the recording began.
  var contents: [FileID: [UInt8]] = [:]
  /// What each file or directory found was, by its identity then.
  var identities: [FileIdentity: Node] = [:]
  /// The next file id to hand out.
  var nextFile = 0

  /// An empty image (a root with nothing in it).
  package init() {}

  /// Reads everything under `root` (files whole, into memory), leaving out the relative paths
  /// in `excluded` (a database's files, which come from snapshots instead).
  package static func capture(root: String, excluding excluded: Set<String>) throws(IOError)
    -> FileSystemImage
  {
    var image = FileSystemImage()
    try image.capture(root, relative: "", excluded: excluded)
    return image
  }

  private mutating func capture(_ path: String, relative: String, excluded: Set<String>)
    throws(IOError)
  {
    let status = try FileSystem.status(ofPath: path)
    identities[FileIdentity(device: status.device, inode: status.inode)] = .directory(relative)
    directories[relative] = directories[relative] ?? [:]
    for entry in try FileSystem.entries(ofPath: path) {
      let childPath = path + "/" + entry.name
      let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
      guard !excluded.contains(child) else { continue }
      let status = try FileSystem.status(ofPath: childPath)
      switch status.kind {
      case .directory:
        directories[relative, default: [:]][entry.name] = .directory(child)
        try capture(childPath, relative: child, excluded: excluded)
      case .regularFile:
        let identity = FileIdentity(device: status.device, inode: status.inode)
        if case .file(let id) = identities[identity] {
          directories[relative, default: [:]][entry.name] = .file(id)
          continue
        }
        let id = makeFile()
        identities[identity] = .file(id)
        contents[id] = try FileSystem.readFile(atPath: childPath, followSymbolicLinks: false)
        directories[relative, default: [:]][entry.name] = .file(id)
      default:
        throw IOError(
          .notRegularFile, operation: .init("capture", .reading), path: childPath,
          fileKind: status.kind)
      }
    }
  }

  /// A new file id.
  mutating func makeFile() -> FileID {
    defer { nextFile += 1 }
    return FileID(value: nextFile)
  }

  /// The relative path of `path` under `root`; nil for a path outside it.
  static func relative(_ path: String, root: String) -> String? {
    var normal = ""
    var previousSlash = false
    for character in path {
      if character == "/" && previousSlash { continue }
      previousSlash = character == "/"
      normal.append(character)
    }
    while normal.count > 1, normal.hasSuffix("/") { normal.removeLast() }
    if normal == root { return "" }
    guard normal.hasPrefix(root + "/") else { return nil }
    return String(normal.dropFirst(root.count + 1))
  }

  /// The directory and the name of a relative path (`("group/Inbox", "x.json")`).
  static func split(_ relative: String) -> (directory: String, name: String) {
    guard let slash = relative.lastIndex(of: "/") else { return ("", relative) }
    return (String(relative[..<slash]), String(relative[relative.index(after: slash)...]))
  }
}
