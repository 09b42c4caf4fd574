/// One thing a crash can keep or lose, under a persistence model: a recorded operation, or
/// half of one (a rename across directories under the POSIX minimum).
package struct CrashUnit: Sendable {
  /// What keeping it does to the files.
  package enum Effect: Sendable {
    /// `name` in `directory` now names `node` (a file created or linked, a directory made, a
    /// rename's new name).
    case addName(directory: String, name: String, node: FileSystemImage.Node)
    /// `name` in `directory` no longer names `node` (an unlink, an rmdir, a rename's old name).
    case removeName(directory: String, name: String, node: FileSystemImage.Node)
    /// Both at once: a rename kept whole.
    case move(
      fromDirectory: String, fromName: String, toDirectory: String, toName: String,
      node: FileSystemImage.Node)
    /// Bytes written into a file; `extends` when they made it longer than it was.
    case write(file: FileSystemImage.FileID, offset: Int, bytes: [UInt8], extends: Bool)
    /// The file cut or extended.
    case truncate(file: FileSystemImage.FileID, size: Int)
  }

  /// How a state takes a unit.
  package enum Decision: UInt8, Sendable, Hashable {
    /// Not on the disk.
    case lost
    /// On the disk.
    case kept
    /// A write that made the file longer, kept in size only: the new bytes read as zeros.
    case sizeOnly
  }

  /// Its position among the units.
  package var index: Int
  /// The index of its operation in the recording: a crash after that operation returned can
  /// keep it.
  package var operation: Int
  /// Its operation's sequence number (flushes cover the operations below theirs).
  var sequence: Int
  /// What keeping it does.
  package var effect: Effect
  /// The index of the operation after which it is durable (a covering flush returned), if one
  /// does; from then on every state keeps it.
  package var durableAfter: Int?

  /// The directory whose flush makes it durable (names), or nil (data).
  var directory: String? {
    switch effect {
    case .addName(let directory, _, _), .removeName(let directory, _, _): directory
    case .move(let from, _, let to, _, _): from == to ? from : nil
    case .write, .truncate: nil
    }
  }

  /// The file whose flush makes it durable (data), or nil (names).
  var file: FileSystemImage.FileID? {
    switch effect {
    case .write(let file, _, _, _), .truncate(let file, _): file
    default: nil
    }
  }

  /// Whether it is a change of names or sizes, which ext4 journals in order (everything but
  /// a write).
  var isMetadata: Bool {
    if case .write = effect { return false }
    return true
  }

  /// The decisions a state may take for it under `model` once it is issued and not durable.
  func choices(under model: PersistenceModel) -> [Decision] {
    if model.keepsSizesWithoutData, case .write(_, _, _, true) = effect {
      return [.lost, .kept, .sizeOnly]
    }
    return [.lost, .kept]
  }

  /// One line, for a violation's report.
  package var summary: String {
    switch effect {
    case .addName(let directory, let name, _): "name \(Self.join(directory, name))"
    case .removeName(let directory, let name, _): "removal of \(Self.join(directory, name))"
    case .move(let fromDirectory, let fromName, let toDirectory, let toName, _):
      "rename \(Self.join(fromDirectory, fromName)) -> \(Self.join(toDirectory, toName))"
    case .write(let file, let offset, let bytes, _): "write \(bytes.count) at \(offset) to \(file)"
    case .truncate(let file, let size): "truncate \(file) to \(size)"
    }
  }

  static func join(_ directory: String, _ name: String) -> String {
    directory.isEmpty ? name : directory + "/" + name
  }
}
