import SystemCalls

/// Turns recorded operations into the units a persistence model draws from, following files
/// by identity (a `create` starts a new file even under a reused inode number) and noting each
/// flush's reach.
struct CrashUnitBuilder {
  /// A flush that returned: after which operation, what it flushed, and what it covers.
  private struct Flush {
    var operation: Int
    var directory: String?
    var file: FileSystemImage.FileID?
    var covering: Int
  }

  let root: String
  let model: PersistenceModel
  private(set) var units: [CrashUnit] = []
  private var image: FileSystemImage
  private var flushes: [Flush] = []
  /// Each file's size as the program saw it, for telling writes that make it longer.
  private var sizes: [FileSystemImage.FileID: Int] = [:]

  init(root: String, image: FileSystemImage, model: PersistenceModel) {
    self.root = root
    self.image = image
    self.model = model
    for (id, bytes) in image.contents { sizes[id] = bytes.count }
  }

  mutating func add(_ operation: RecordedOperation, at index: Int) throws(CrashHistoryError) {
    func unit(_ effect: CrashUnit.Effect) {
      units.append(
        CrashUnit(
          index: units.count, operation: index, sequence: operation.sequence, effect: effect,
          durableAfter: nil))
    }
    switch operation.kind {
    case .create(let identity, let path):
      let id = image.makeFile()
      image.identities[identity] = .file(id)
      sizes[id] = 0
      let (directory, name) = try place(path, operation)
      unit(.addName(directory: directory, name: name, node: .file(id)))
    case .makeDirectory(let identity, let path):
      let (directory, name) = try place(path, operation)
      let relative = CrashUnit.join(directory, name)
      image.identities[identity] = .directory(relative)
      unit(.addName(directory: directory, name: name, node: .directory(relative)))
    case .write(let identity, _, let offset, let bytes):
      let id = try file(identity, operation)
      let end = Int(offset) + bytes.count
      let extends = end > sizes[id, default: 0]
      sizes[id] = max(sizes[id, default: 0], end)
      unit(.write(file: id, offset: Int(offset), bytes: bytes, extends: extends))
    case .truncate(let identity, _, let size):
      let id = try file(identity, operation)
      sizes[id] = Int(size)
      unit(.truncate(file: id, size: Int(size)))
    case .link(let identity, _, let to):
      let id = try file(identity, operation)
      let (directory, name) = try place(to, operation)
      unit(.addName(directory: directory, name: name, node: .file(id)))
    case .rename(let identity, let from, let to, _):
      guard let node = image.identities[identity] else {
        throw CrashHistoryError(operation: "\(operation)", problem: "an unknown file")
      }
      guard case .file = node else {
        throw CrashHistoryError(operation: "\(operation)", problem: "renames a directory")
      }
      let (fromDirectory, fromName) = try place(from, operation)
      let (toDirectory, toName) = try place(to, operation)
      if fromDirectory != toDirectory && model.splitsRenamesAcrossDirectories {
        unit(.addName(directory: toDirectory, name: toName, node: node))
        unit(.removeName(directory: fromDirectory, name: fromName, node: node))
      } else {
        unit(
          .move(
            fromDirectory: fromDirectory, fromName: fromName, toDirectory: toDirectory,
            toName: toName, node: node))
      }
    case .unlink(let identity, let path):
      let id = try file(identity, operation)
      let (directory, name) = try place(path, operation)
      unit(.removeName(directory: directory, name: name, node: .file(id)))
    case .removeDirectory(_, let path):
      let (directory, name) = try place(path, operation)
      unit(
        .removeName(
          directory: directory, name: name, node: .directory(CrashUnit.join(directory, name))))
    case .sync(let identity, let path, let isDirectory, _, let covering):
      if isDirectory {
        guard let relative = FileSystemImage.relative(path, root: root) else {
          throw CrashHistoryError(operation: "\(operation)", problem: "outside the root")
        }
        flushes.append(Flush(operation: index, directory: relative, file: nil, covering: covering))
      } else {
        let id = try file(identity, operation)
        flushes.append(Flush(operation: index, directory: nil, file: id, covering: covering))
      }
    case .setAttributes, .note:
      break
    }
  }

  /// Sets each unit's `durableAfter`: the first flush that covers it under the model.
  mutating func markDurability() {
    for index in units.indices {
      let unit = units[index]
      units[index].durableAfter =
        flushes.first { flush in
          guard flush.covering > unit.sequence else { return false }
          // Names and sizes: ext4 commits its journal on any flush. Otherwise data needs the
          // file's own flush, and a name its directory's.
          if model.journalsMetadataInOrder && unit.isMetadata { return true }
          if let file = unit.file { return flush.file == file }
          return flush.directory != nil && flush.directory == unit.directory
        }?.operation
    }
  }

  private func place(_ path: String, _ operation: RecordedOperation) throws(CrashHistoryError)
    -> (directory: String, name: String)
  {
    guard let relative = FileSystemImage.relative(path, root: root), !relative.isEmpty else {
      throw CrashHistoryError(operation: "\(operation)", problem: "\(path) is outside the root")
    }
    return FileSystemImage.split(relative)
  }

  private func file(_ identity: FileIdentity, _ operation: RecordedOperation)
    throws(CrashHistoryError) -> FileSystemImage.FileID
  {
    guard case .file(let id) = image.identities[identity] else {
      throw CrashHistoryError(operation: "\(operation)", problem: "an unknown file [\(identity)]")
    }
    return id
  }
}
