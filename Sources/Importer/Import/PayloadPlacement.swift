import Foundation
import Ingest
import SystemCalls

/// Puts a claimed share's payload files into the library's files directory, before the
/// share's transaction, so that a committed record never names a file that is not there.
///
/// Each file is renamed from the inbox (the same file system: one `rename`), or, across file
/// systems, copied in a streaming copy to a hidden temporary name, flushed, and renamed into
/// place; the original then goes with the inbox's `finish()`. Each placed file is mode 0600,
/// named `<share-id>-<item>.<ext>`, so a name says whose it is: a file found already there
/// (its payload gone from the inbox, or the rename refused) was placed by an earlier attempt
/// at the same share that died before its commit (names are only ever made by renaming a
/// complete, flushed file), and is taken as placed. The files directory is flushed once,
/// after the last file and before the commit (by the placement, or, for several shares
/// committed together, once by the importer for them all).
struct PayloadPlacement {
  /// The share's items as the record holds them (files named in the library).
  private(set) var items: [LibraryItem] = []
  /// What this attempt moved or copied, for `undo()`.
  private var placed: [(name: String, from: (directory: FileDescriptor, name: String)?)] = []
  private let directories: PayloadDirectories
  private let files: FileDescriptor

  /// Whether this attempt moved or copied any file (the files directory needs a flush before
  /// the share's commit).
  var placedAny: Bool { !placed.isEmpty }

  /// Places every file of `claim`'s share and describes every item.
  ///
  /// - Parameter flushes: Flush the files directory when done; false when the caller flushes
  ///   it once for several shares, before their commit.
  /// - Throws: `ImportError` for an item that cannot be imported, `IOError` when the files
  ///   cannot be moved; what this attempt placed is moved back first.
  init(
    _ claim: any InboxClaim, into library: any LibraryStore, directories: PayloadDirectories,
    flushes: Bool = true
  ) throws {
    files = try directories.open(library.filesPath)
    self.directories = directories
    let manifest = claim.manifest
    do {
      for (position, item) in manifest.items.enumerated() {
        var entry = LibraryItem(
          kind: item.kind, typeIdentifier: item.typeIdentifier, text: item.text, url: item.url)
        switch item.kind {
        case .text where item.text == nil:
          throw ImportError.incompleteItem(
            shareID: manifest.id, item: position, problem: "a text item without text")
        case .url where item.url == nil:
          throw ImportError.incompleteItem(
            shareID: manifest.id, item: position, problem: "a URL item without a URL")
        case .text, .url:
          break
        case .file:
          guard let source = claim.payloadPath(of: item) else {
            throw ImportError.incompleteItem(
              shareID: manifest.id, item: position, problem: "a file item without a file")
          }
          let name = Self.libraryName(shareID: manifest.id, position: position, source: source)
          entry.file = name
          entry.byteCount = try place(
            source, as: name, expected: item.byteCount, shareID: manifest.id, position: position)
          entry.sha256 = item.sha256
          entry.suggestedName = item.suggestedName
        }
        items.append(entry)
      }
      if flushes, !placed.isEmpty { try files.sync() }
    } catch {
      undo()
      throw error
    }
  }

  /// Moves back (or removes the copies of) what this attempt placed, so a share that failed
  /// stays whole in the inbox; best effort. Not for a share whose record may be committed.
  mutating func undo() {
    for file in placed.reversed() {
      if let origin = file.from {
        try? files.rename(file.name, to: origin.name, in: origin.directory, replacing: false)
      } else {
        try? files.removeFile(file.name)
      }
    }
    placed = []
  }

  /// `<share-id>-<position>.<ext>`, with the payload's extension when it is short and plain.
  static func libraryName(shareID: UUID, position: Int, source: String) -> String {
    let base = "\(shareID.uuidString)-\(position)"
    let last = FileSystem.lastComponent(source)
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return base }
    let ext = last[last.index(after: dot)...]
    guard (1...16).contains(ext.count),
      ext.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
      })
    else { return base }
    return base + "." + ext
  }

  /// Places one payload; returns its size.
  ///
  /// A payload no longer in the inbox, or a name already taken in the files directory, is a
  /// file an earlier attempt at this share placed: it is checked and taken as placed.
  private mutating func place(
    _ source: String, as name: String, expected: Int64?, shareID: UUID, position: Int
  ) throws -> Int64 {
    func placedBefore() throws -> Int64? {
      guard let existing = try files.status(of: name) else { return nil }
      return try Self.check(
        existing, path: files.path(of: name), expected: expected, shareID: shareID,
        position: position)
    }
    let directory = try directories.open(FileSystem.parentPath(source))
    let sourceName = FileSystem.lastComponent(source)
    let input: FileDescriptor
    do throws(IOError) {
      input = try directory.open(sourceName, .readOnly, options: [.noFollow, .nonBlocking])
    } catch  where error.code == .notFound {
      if let size = try placedBefore() { return size }
      throw ImportError.payloadMissing(shareID: shareID, item: position, path: source)
    } catch  where error.code == .symbolicLink {
      throw ImportError.payloadNotRegularFile(
        shareID: shareID, item: position, path: source, kind: .symbolicLink)
    }
    defer { try? input.close() }
    let status = try input.status()
    let size = try Self.check(
      status, path: source, expected: expected, shareID: shareID, position: position)
    if status.permissions != 0o600 { try input.setPermissions(0o600) }
    do throws(IOError) {
      try directory.rename(sourceName, to: name, in: files, replacing: false)
      placed.append((name, (directory, sourceName)))
    } catch  where error.code == .alreadyExists {
      // Copied (across file systems) by an attempt that died before its commit.
      guard let size = try placedBefore() else { throw error }
      return size
    } catch  where error.errno == .crossDevice {
      if let size = try placedBefore() { return size }
      try copy(input, size: size, to: name)
      placed.append((name, nil))
    }
    return size
  }

  /// The size of a payload that is a regular file of the expected size.
  private static func check(
    _ status: FileStatus, path: String, expected: Int64?, shareID: UUID, position: Int
  ) throws(ImportError) -> Int64 {
    guard status.kind == .regularFile else {
      throw .payloadNotRegularFile(shareID: shareID, item: position, path: path, kind: status.kind)
    }
    if let expected, status.size != expected {
      throw .payloadSizeMismatch(
        shareID: shareID, item: position, path: path, expected: expected, found: status.size)
    }
    return status.size
  }

  /// Copies `input` into the files directory as `name`: to a hidden temporary name, flushed,
  /// then renamed into place, so `name` only ever holds a whole file.
  private func copy(_ input: FileDescriptor, size: Int64, to name: String) throws {
    let partial = ".\(name).partial"
    try files.removeTree(partial)
    let output = try files.open(
      partial, .writeOnly, options: [.create, .exclusive, .noFollow], permissions: 0o600)
    try output.closeAfter {
      let copied = try output.copyContents(from: input)
      guard copied == size else {
        throw IOError(
          .other, operation: "copy", path: input.path,
          cause: ChangedWhileCopying(expected: size, copied: copied))
      }
      try output.sync()
    }
    try files.rename(partial, to: name, replacing: false)
  }
}

/// The directories payloads are renamed from, each opened once (without following a link)
/// and kept for a pass over the inbox.
final class PayloadDirectories {
  private var opened: [String: FileDescriptor] = [:]

  /// The directory at `path`, opened on first use.
  func open(_ path: String) throws -> FileDescriptor {
    if let directory = opened[path] { return directory }
    let directory = try FileDescriptor.openDirectory(path)
    opened[path] = directory
    return directory
  }

  deinit {
    for directory in opened.values { try? directory.close() }
  }
}

/// A payload whose size changed while it was copied (a writer still at work on it).
struct ChangedWhileCopying: Error, Sendable, CustomStringConvertible {
  var expected: Int64
  var copied: Int64
  var description: String { "the file changed while it was copied: \(copied) of \(expected) bytes" }
}
