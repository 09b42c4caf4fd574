import Foundation
import Ingest
import SystemCalls

/// Puts a claimed share's payload files into the library's files directory, before the
/// share's transaction, so that a committed record never names a file that is not there, and
/// proves each is the file its manifest describes.
///
/// Each payload is opened once through the reading side's door (`GroupDirectory.openPayload(_:of:)`:
/// no link followed, no FIFO waited on, a regular file with no name outside the group), and
/// everything after works on that descriptor or on a name proven to be the same file:
/// - on the same file system it is renamed into the files directory, and the name it now has
///   there is checked to be the file opened, with one name; a file swapped in between (a
///   link, another file) goes back where it came from and the share is refused. It is then
///   hashed through the descriptor (from the page cache its writer left) and its SHA-256 and
///   size compared with the manifest's; a mismatch moves it back and refuses the share;
/// - across file systems it is copied from the descriptor to a hidden temporary name, hashed
///   as it is copied, flushed, and renamed into place only when it matches; the temporary file
///   is removed after any failure, and the original goes with the inbox's `finish()`;
/// - from another store (`InboxClaim.payloads`: PostgreSQL large objects) it is streamed the
///   same way, in bounded memory, and the store removes it when the share's record commits.
///
/// Each placed file is mode 0600 (set through the descriptor, once it is proven to have no
/// other name), named `<share-id>-<item>.<ext>`, so a name says whose it is: a file found
/// already there (its payload gone from the inbox, or the rename refused) was placed by an
/// earlier attempt at the same share that died before its commit (names are only ever made by
/// renaming a complete, flushed file); it is checked the same way and taken as placed. The
/// files directory is flushed once, after the last file and before the commit (by the
/// placement, or, for several shares committed together, once by the importer for them all).
struct PayloadPlacement {
  /// The share's items as the record holds them (files named in the library).
  private(set) var items: [LibraryItem] = []
  /// What this attempt moved or copied, for `undo()`.
  private var placed: [(name: String, from: (directory: FileDescriptor, name: String)?)] = []
  private let files: FileDescriptor
  private let group: GroupDirectory
  /// Where the share's payloads are: the group directory, or a store they are streamed from.
  private let store: any PayloadStore

  /// Whether this attempt moved or copied any file (the files directory needs a flush before
  /// the share's commit).
  var placedAny: Bool { !placed.isEmpty }

  /// Places every file of `claim`'s share and describes every item.
  ///
  /// - Parameters:
  ///   - flushes: Flush the files directory when done; false when the caller flushes it once
  ///     for several shares, before their commit.
  ///   - owner: Says which share holds a payload this share's manifest names but the inbox no
  ///     longer has (two manifests naming one file), for the error.
  /// - Throws: `ImportError` for an item that cannot be imported, `IOError` when the files
  ///   cannot be moved; what this attempt placed is moved back first.
  init(
    _ claim: any InboxClaim, into library: any LibraryStore, directories: PayloadDirectories,
    flushes: Bool = true, owner: (ShareManifest.Item) async -> UUID? = { _ in nil }
  ) async throws {
    files = try directories.open(library.filesPath)
    group = claim.group
    store = claim.payloads
    let manifest = claim.manifest
    do {
      for (position, item) in manifest.items.enumerated() {
        var entry = LibraryItem(
          kind: item.kind, typeIdentifier: item.typeIdentifier, text: item.text, url: item.url)
        if item.kind == .file {
          // `ShareManifest.validate` proved every file item has its name, size and digest.
          guard let expected = PayloadExpectation(claim, position: position) else {
            throw ImportError.incompleteItem(
              shareID: manifest.id, item: position, problem: "a file item without its file")
          }
          let libraryName = Self.libraryName(
            shareID: manifest.id, position: position, source: expected.name)
          do {
            try place(as: libraryName, expected)
          } catch PayloadError.missing(let id, let item, let path, nil) {
            throw PayloadError.missing(
              shareID: id, item: item, path: path, heldBy: await owner(manifest.items[position]))
          }
          entry.file = libraryName
          entry.byteCount = expected.byteCount
          entry.sha256 = expected.sha256
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

  /// Places one payload, `expected.name` in `Incoming/` (or in the claim's store), as
  /// `libraryName`.
  private mutating func place(as libraryName: String, _ expected: PayloadExpectation) throws {
    guard store is GroupDirectoryPayloads else {
      // Streamed from its store, unless an earlier attempt that died before its commit
      // placed it already (the store keeps a payload until its share's record commits).
      if try placedBefore(libraryName, expected) { return }
      try copyFromStore(as: libraryName, expected)
      placed.append((libraryName, nil))
      return
    }
    let name = expected.name
    let opened: FileDescriptor.Untrusted
    do {
      opened = try expected.open(in: group)
    } catch PayloadError.missing {
      // Moved in by an earlier attempt at this share that died before its commit.
      if try placedBefore(libraryName, expected) { return }
      throw PayloadError.missing(
        shareID: expected.shareID, item: expected.position, path: expected.path, heldBy: nil)
    }
    defer { try? opened.file.close() }
    do throws(IOError) {
      try group.incoming.rename(name, to: libraryName, in: files, replacing: false)
    } catch  where error.code == .alreadyExists {
      // Copied (across file systems) by an attempt that died before its commit.
      guard try placedBefore(libraryName, expected) else { throw error }
      return
    } catch  where error.errno == .crossDevice {
      if try placedBefore(libraryName, expected) { return }
      try copy(opened, as: libraryName, expected)
      placed.append((libraryName, nil))
      return
    }
    // The name moved is the file opened, and it has no other name, or it goes back.
    let moved = try files.status(of: libraryName)
    guard opened.isSameFile(as: moved), moved?.linkCount == 1 else {
      do throws(IOError) {
        try files.rename(libraryName, to: name, in: group.incoming, replacing: false)
      } catch {
        try? files.removeFile(libraryName)
      }
      throw PayloadError.changed(
        shareID: expected.shareID, item: expected.position, path: expected.path)
    }
    placed.append((libraryName, (group.incoming, name)))
    try expected.check(try PayloadDigest.sha256(of: opened.file))
    if opened.status.permissions != 0o600 { try opened.file.setPermissions(0o600) }
  }

  /// Whether `libraryName` is already in the files directory, placed by an earlier attempt at
  /// this share: checked as a payload is (one name, the size and digest the manifest says).
  private func placedBefore(_ libraryName: String, _ expected: PayloadExpectation) throws -> Bool {
    let opened: FileDescriptor.Untrusted
    do {
      opened = try files.openUntrusted(libraryName)
    } catch {
      guard error.code == .notFound else { throw expected.refusal(error) }
      return false
    }
    defer { try? opened.file.close() }
    try expected.check(try PayloadDigest.sha256(of: opened.file), at: files.path(of: libraryName))
    return true
  }

  /// Copies the opened payload into the files directory as `libraryName` (see
  /// `copy(as:_:_:)`).
  private func copy(
    _ opened: FileDescriptor.Untrusted, as libraryName: String, _ expected: PayloadExpectation
  ) throws {
    try copy(as: libraryName, expected) { output in try expected.copy(opened, to: output) }
  }

  /// Streams the payload from the claim's store into the files directory as `libraryName`
  /// (see `copy(as:_:_:)`).
  private func copyFromStore(as libraryName: String, _ expected: PayloadExpectation) throws {
    let reader = try store.openPayload(at: expected.position)
    defer { reader.close() }
    try copy(as: libraryName, expected) { output in try expected.copy(from: reader, to: output) }
  }

  /// Copies the payload into the files directory as `libraryName` (`fill` writes it, hashed
  /// and checked as it is copied): to a hidden temporary name, flushed, then renamed into
  /// place, so `libraryName` only ever holds a whole, checked file. The temporary file never
  /// outlives a failure.
  private func copy(
    as libraryName: String, _ expected: PayloadExpectation,
    _ fill: (FileDescriptor) throws -> Void
  ) throws {
    let partial = ".\(libraryName).partial"
    try files.removeTree(partial)
    // Read and write: a large copy is hashed from what it wrote (read back from the page cache).
    let output = try files.open(
      partial, .readWrite, options: [.create, .exclusive, .noFollow], permissions: 0o600)
    do {
      try output.closeAfter {
        try fill(output)
        try output.sync()
      }
      try files.rename(partial, to: libraryName, replacing: false)
    } catch {
      try? files.removeFile(partial)
      throw error
    }
  }
}

/// The library's files directory, opened once (without following a link) and kept for a pass
/// over the inbox.
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
