import Foundation
import InboxReading
import Ingest
import SystemCalls

/// Puts a claimed share's payload files into the library's files directory, before the
/// share's transaction, so that a committed record never names a file that is not there, and
/// proves each is the file its manifest describes.
///
/// Each payload is opened once through the reading side's door
/// (`GroupDirectory.openPayload(_:of:)`: no link followed, no FIFO waited on, a regular file with
/// no name outside the group), and
/// everything after works on that descriptor or on a name proven to be the same file:
/// - on the same file system it is given its library name by a hard link, and that name is
///   checked to be the file opened, whose only other name is the one in `Incoming/`; a file
///   swapped in between (a link, another file) loses the new name and the share is refused.
///   It is then hashed through the descriptor (from the page cache its writer left) and its
///   SHA-256 and size compared with the manifest's; a mismatch drops the new name and refuses
///   the share. Its name in `Incoming/` goes only once the files directory is flushed
///   (`releaseSources()`, before the commit), so the payload keeps a durable name whichever
///   directory reaches the disk first: a rename from `Incoming/` into the files directory is
///   two directory changes, and a power loss can keep the removal without the new name (the
///   only copy lost) or both names (a file the door then refuses). Where the file system has
///   no hard links it is renamed, as before;
/// - across file systems it is copied from the descriptor to a hidden temporary name, hashed
///   as it is copied, flushed, and renamed into place only when it matches; the temporary file
///   is removed after any failure, and the original goes with the inbox's `finish()`;
/// - from another store (`InboxClaim.payloads`: PostgreSQL large objects) it is streamed the
///   same way, in bounded memory, and the store removes it when the share's record commits.
///
/// Each placed file is mode 0600 (set through the descriptor, once it is proven to have no
/// name outside the group), named `<share-id>-<item>.<ext>`, so a name says whose it is. A
/// file found already there was placed by an earlier attempt at the same share: linked, and
/// still the payload's second name (the attempt died before the payload's name in `Incoming/`
/// went): kept when the record is committed, else dropped and linked again; or alone (linked
/// and released, copied, or renamed where there are no hard links, by an attempt that died
/// before its commit: names are only ever made from a complete, flushed file), checked the
/// same way and taken as placed. The files directory is flushed once, after the last file and
/// before the commit (by the placement, or, for several shares committed together, once by
/// the importer for them all), and the payloads' names in `Incoming/` are released after it.
struct PayloadPlacement {
  /// How a file came into the files directory, for `undo()`.
  enum Placed {
    /// Linked from `source` in `Incoming/`, which stays until the files directory is flushed.
    case linked(String, source: PayloadName)
    /// Renamed from `source` in `Incoming/` (a file system without hard links).
    case moved(String, source: PayloadName)
    /// Copied, or streamed from another store.
    case copied(String)
  }

  /// The share's items as the record holds them (files named in the library).
  private(set) var items: [LibraryItem] = []
  /// What this attempt linked, moved or copied, for `undo()`.
  var placed: [Placed] = []
  /// Names in `Incoming/` that are second names of files in the files directory (by their
  /// names there), to remove once those are durable.
  var sources: [(name: PayloadName, libraryName: String)] = []
  /// Payloads streamed from another store, written and checked under their hidden temporary
  /// names but not yet flushed nor renamed: the importer flushes a whole group's at once and
  /// then names them (`completeCopies()`), instead of an `fsync` per file.
  var pendingCopies: [(partial: String, libraryName: String)] = []
  /// Whether copies from another store wait for the caller's flush (`pendingCopies`).
  let defersCopies: Bool
  let files: FileDescriptor
  let group: GroupDirectory
  /// Where the share's payloads are: the group directory, or a store they are streamed from.
  let store: any PayloadStore
  let library: any LibraryStore

  /// Whether this attempt linked, moved or copied any file (the files directory needs a flush
  /// before the share's commit).
  var placedAny: Bool { !placed.isEmpty || !pendingCopies.isEmpty }

  /// Places every file of `claim`'s share and describes every item.
  ///
  /// - Parameters:
  ///   - flushes: Flush the files directory when done; false when the caller flushes it once
  ///     for several shares, before their commit. A payload streamed from another store is
  ///     then left written under its temporary name (`pendingCopies`), for the caller to flush
  ///     with the others and name (`completeCopies()`).
  ///   - heldInPass: Says which other share of this pass placed a payload of this name (two
  ///     manifests naming one file): this share's is then missing, held by that one (whose link
  ///     keeps the name in `Incoming/` until it commits).
  ///   - owner: Says which share holds a payload this share's manifest names but the inbox no
  ///     longer has (two manifests naming one file), for the error.
  /// - Throws: `ImportError` for an item that cannot be imported, `IOError` when the files
  ///   cannot be placed; what this attempt placed is undone first.
  init(
    _ claim: any InboxClaim, into library: any LibraryStore, directories: PayloadDirectories,
    flushes: Bool = true, heldInPass: (String) -> UUID? = { _ in nil },
    owner: (ShareManifest.Item) async -> UUID? = { _ in nil }
  ) async throws {
    files = try directories.open(library.filesPath)
    group = claim.group
    store = claim.payloads
    self.library = library
    defersCopies = !flushes
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
          if let holder = heldInPass(expected.name.fileName) {
            throw PayloadError.missing(
              shareID: manifest.id, item: position, path: expected.path, heldBy: holder)
          }
          do {
            try await place(as: libraryName, expected)
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
      if flushes {
        if !placed.isEmpty { try files.sync() }
        releaseSources()
      }
    } catch {
      undo()
      throw error
    }
  }

  /// Undoes what this attempt placed (drops the names it linked, giving a released payload
  /// its name in `Incoming/` back first; moves back what it renamed; removes its copies), so a
  /// share that failed stays whole in the inbox; best effort. Not for a share whose record may
  /// be committed.
  mutating func undo() {
    for copy in pendingCopies { try? files.removeFile(copy.partial) }
    pendingCopies = []
    for file in placed.reversed() {
      switch file {
      case .linked(let name, let source):
        if (try? group.payloadStatus(source)) == nil {
          try? group.restorePayload(source, from: name, in: files, moving: false)
        }
        try? files.removeFile(name)
      case .copied(let name):
        try? files.removeFile(name)
      case .moved(let name, let source):
        try? group.restorePayload(source, from: name, in: files, moving: true)
      }
    }
    placed = []
    sources = []
  }

  /// Flushes the copies of a group's placements waiting under their temporary names: one
  /// `syncfs` of each file system their files directories are on (one, unless a directory is
  /// a mount point of its own) where there is `syncfs`, else an `fsync` of each. Their names
  /// come after (`completeCopies()`), so a name never holds a file a crash could leave
  /// incomplete.
  ///
  /// - Throws: `IOError` when the flush fails.
  static func flushPendingCopies(of placements: [PayloadPlacement]) throws {
    let waiting = placements.filter { !$0.pendingCopies.isEmpty }
    var flushed: Set<UInt64> = []
    for placement in waiting {
      let device = try placement.files.status().device
      if flushed.contains(device) { continue }
      guard try placement.files.syncFileSystem() else {
        // No `syncfs`: each file flushed on its own.
        for placement in waiting {
          for copy in placement.pendingCopies {
            let file = try placement.files.open(copy.partial, .readOnly, options: [.noFollow])
            try file.closeAfter { try file.sync() }
          }
        }
        return
      }
      flushed.insert(device)
    }
  }

  /// Names the copies `flushPendingCopies(of:)` flushed: each temporary name renamed to its
  /// library name. The files directory needs its own flush after (the importer's, before the
  /// commit).
  ///
  /// - Throws: `IOError` when a rename fails; `undo()` then removes what this placement made.
  mutating func completeCopies() throws {
    while let copy = pendingCopies.first {
      try files.rename(copy.partial, to: copy.libraryName, replacing: false)
      pendingCopies.removeFirst()
      placed.append(.copied(copy.libraryName))
    }
  }

  /// Removes the payloads' names in `Incoming/` that are second names of files in the
  /// library: call once the files directory is flushed (the library's names are durable, so
  /// the payloads keep one whatever a crash keeps of these removals), before the commit. A
  /// crash between the two leaves the payload under its library name alone, which the next
  /// attempt takes as placed. Best effort: the claim's `finish()` removes whatever is left.
  mutating func releaseSources() {
    for (name, libraryName) in sources {
      // Proof by identity: the name in `Incoming/` still names the very file the library
      // holds under its durable name.
      guard let placed = try? files.status(of: libraryName) else { continue }
      _ = try? group.removePayload(
        name, provenBy: .identity(device: placed.device, inode: placed.inode))
    }
    sources = []
  }

  /// `<share-id>-<position>.<ext>`, with the payload's extension when it is short and plain.
  static func libraryName(shareID: UUID, position: Int, source: PayloadName) -> String {
    let base = "\(shareID.uuidString)-\(position)"
    let last = source.fileName
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return base }
    let ext = last[last.index(after: dot)...]
    guard (1...16).contains(ext.count),
      ext.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
      })
    else { return base }
    return base + "." + ext
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
