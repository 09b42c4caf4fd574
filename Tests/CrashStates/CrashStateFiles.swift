import Foundation
import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The files of one crash state: the image's names changed by the units the state keeps, and
/// for each file the writes it keeps. Two states are the same when their keys are, which costs
/// no bytes to tell; only a state that is run has its bytes put together and written out.
package struct CrashStateFiles: Sendable {
  private var directories: [String: [String: FileSystemImage.Node]]
  /// The data units kept for each file, in order, and how.
  private var kept: [FileSystemImage.FileID: [(unit: Int, decision: CrashUnit.Decision)]] = [:]

  /// The files as the recording began.
  init(_ image: FileSystemImage) {
    directories = image.directories
  }

  /// Applies `unit` as `decision` says (units are applied in the order they were made).
  mutating func apply(_ unit: CrashUnit, _ decision: CrashUnit.Decision) {
    guard decision != .lost else { return }
    switch unit.effect {
    case .addName(let directory, let name, let node):
      add(node, as: name, in: directory)
    case .removeName(let directory, let name, let node):
      if directories[directory]?[name] == node { directories[directory]?[name] = nil }
    case .move(let fromDirectory, let fromName, let toDirectory, let toName, let node):
      if directories[fromDirectory]?[fromName] == node {
        directories[fromDirectory]?[fromName] = nil
      }
      add(node, as: toName, in: toDirectory)
    case .write(let file, _, _, _), .truncate(let file, _):
      kept[file, default: []].append((unit.index, decision))
    }
  }

  private mutating func add(_ node: FileSystemImage.Node, as name: String, in directory: String) {
    directories[directory, default: [:]][name] = node
    // A directory made now is empty, whatever a lost removal left under its path.
    if case .directory(let path) = node { directories[path] = [:] }
  }

  /// Every path reachable from the root, parents before children, with what it names.
  private func reachable() -> [(path: String, node: FileSystemImage.Node)] {
    var found: [(String, FileSystemImage.Node)] = []
    var pending = [""]
    while let directory = pending.popLast() {
      for (name, node) in (directories[directory] ?? [:]).sorted(by: { $0.key < $1.key }) {
        let path = CrashUnit.join(directory, name)
        found.append((path, node))
        if case .directory(let child) = node { pending.append(child) }
      }
    }
    return found.sorted { $0.0 < $1.0 }
  }

  /// What tells this state from another: the names reachable from the root, which file each
  /// names, what each such file kept, and the snapshot each black box holds.
  func key(blackBoxes: [String: String]) -> String {
    var lines: [String] = []
    var files = Set<FileSystemImage.FileID>()
    for (path, node) in reachable() {
      switch node {
      case .directory: lines.append("\(path)/")
      case .file(let id):
        lines.append("\(path)=\(id)")
        files.insert(id)
      }
    }
    for id in files.sorted() {
      let writes = (kept[id] ?? []).map { "\($0.unit)\($0.decision == .kept ? "" : "z")" }
      lines.append("\(id):" + writes.joined(separator: ","))
    }
    for (path, snapshot) in blackBoxes.sorted(by: { $0.key < $1.key }) {
      lines.append("\(path)<\(snapshot)")
    }
    return lines.joined(separator: "\n")
  }

  /// The bytes `id` holds in this state (copied with `memcpy`: a debug build copies arrays
  /// element by element otherwise, and a state holds megabytes).
  func contents(
    of id: FileSystemImage.FileID, image: FileSystemImage, units: [CrashUnit]
  ) -> [UInt8] {
    let base = image.contents[id] ?? []
    var size = base.count
    for (index, _) in kept[id] ?? [] {
      switch units[index].effect {
      case .write(_, let offset, let data, _): size = max(size, offset + data.count)
      case .truncate(_, let newSize): size = newSize
      default: break
      }
    }
    var bytes = [UInt8](repeating: 0, count: size)
    bytes.withUnsafeMutableBytes { target in
      base.withUnsafeBytes { source in
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        // Up to the first truncate the file is at least this long; later cuts zero the rest.
        to.copyMemory(from: from, byteCount: min(source.count, target.count))
      }
      var length = base.count
      for (index, decision) in kept[id] ?? [] {
        switch units[index].effect {
        case .write(_, let offset, let data, _):
          length = max(length, offset + data.count)
          guard decision == .kept else { continue }
          data.withUnsafeBytes { source in
            let count = min(source.count, target.count - offset)
            guard count > 0, let from = source.baseAddress, let to = target.baseAddress else {
              return
            }
            (to + offset).copyMemory(from: from, byteCount: count)
          }
        case .truncate(_, let newSize):
          let cut = min(length, target.count) - newSize
          if cut > 0, let to = target.baseAddress {
            // What a cut removes reads as zeros if a later write extends the file again.
            (to + newSize).initializeMemory(as: UInt8.self, repeating: 0, count: cut)
          }
          length = newSize
        default:
          break
        }
      }
    }
    return bytes
  }

  /// Writes the state out under `target` (which must not exist): directories 0700, files 0600,
  /// a file with several names hard-linked, and each black box copied from its snapshot.
  func materialise(
    at target: String, image: FileSystemImage, units: [CrashUnit], blackBoxes: [String: String]
  ) throws {
    try FileSystem.makeDirectory(target)
    var written: [FileSystemImage.FileID: String] = [:]
    for (path, node) in reachable() {
      let full = target + "/" + path
      switch node {
      case .directory:
        try FileSystem.makeDirectory(full)
      case .file(let id):
        if let first = written[id] {
          guard link(first, full) == 0 else {
            throw IOError(operation: .init("link", .writing), path: full, errno: Errno.current)
          }
          continue
        }
        let file = try FileDescriptor.open(
          full, .writeOnly, options: [.create, .exclusive, .noFollow], permissions: 0o600)
        try file.closeAfterTyped { () throws(IOError) in
          try file.writeAll(contents(of: id, image: image, units: units))
        }
        written[id] = full
      }
    }
    for (path, snapshot) in blackBoxes {
      try FileManager.default.copyItem(atPath: snapshot, toPath: target + "/" + path)
    }
  }
}
