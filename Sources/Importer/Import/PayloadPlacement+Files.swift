import Foundation
import InboxReading
import Ingest
import SystemCalls

/// Placing one payload: by a hard link on the same file system (a rename where there are none),
/// by a copy across file systems or from another store, or found placed by an earlier attempt.
extension PayloadPlacement {
  /// Places one payload, `expected.name` in `Incoming/` (or in the claim's store), as
  /// `libraryName`.
  mutating func place(as libraryName: String, _ expected: PayloadExpectation) async throws {
    guard store is GroupDirectoryPayloads else {
      // Streamed from its store, unless an earlier attempt that died before its commit
      // placed it already (the store keeps a payload until its share's record commits).
      if try placedBefore(libraryName, expected) { return }
      if defersCopies {
        // Flushed with the group's other copies, then named (`completeCopies()`).
        let partial = try await copyFromStore(as: libraryName, expected, flushingAndNaming: false)
        pendingCopies.append((partial, libraryName))
        return
      }
      try await copyFromStore(as: libraryName, expected)
      placed.append(.copied(libraryName))
      return
    }
    let name = expected.name
    if try await linkedBefore(libraryName, expected) { return }
    let opened: FileDescriptor.Untrusted
    do {
      opened = try expected.open(in: group)
    } catch PayloadError.missing {
      // Placed by an earlier attempt at this share that died before its commit.
      if try placedBefore(libraryName, expected) { return }
      throw PayloadError.missing(
        shareID: expected.shareID, item: expected.position, path: expected.path, heldBy: nil)
    }
    defer { try? opened.file.close() }
    // A payload someone else could still write is copied, hashed as it is copied, so the
    // library keeps the bytes it checked (see `isSealedForKeeping()`); one no one else can
    // change any more is linked.
    guard try opened.isSealedForKeeping() else {
      if try placedBefore(libraryName, expected) { return }
      try await copy(opened, as: libraryName, expected)
      placed.append(.copied(libraryName))
      return
    }
    var refusal: IOError?
    do throws(IOError) {
      try group.linkPayload(name, to: libraryName, in: files)
    } catch {
      refusal = error
    }
    if let error = refusal {
      if error.code == .alreadyExists {
        // Copied (across file systems) by an attempt that died before its commit.
        guard try placedBefore(libraryName, expected) else { throw error }
      } else if error.errno == .crossDevice {
        if try placedBefore(libraryName, expected) { return }
        try await copy(opened, as: libraryName, expected)
        placed.append(.copied(libraryName))
      } else if error.code == .unsupported || error.errno == .notPermitted {
        try move(opened, as: libraryName, expected)
      } else {
        throw error
      }
      return
    }
    // The name made is the file opened, whose only other name is its name in `Incoming/`, or
    // it goes.
    let linked = try files.status(of: libraryName)
    guard opened.isSameFile(as: linked), linked?.linkCount == 2 else {
      try? files.removeFile(libraryName)
      throw PayloadError.changed(
        shareID: expected.shareID, item: expected.position, path: expected.path)
    }
    placed.append(.linked(libraryName, source: name))
    sources.append((name, libraryName))
    try expected.verify(opened)
  }

  /// Whether an earlier attempt at this share linked the payload as `libraryName` and died
  /// before its name in `Incoming/` went, or a crash kept that name's removal from the disk
  /// (the same file under both names). When the share's record is committed the file is the
  /// record's, and only the name in `Incoming/` is left to remove; otherwise its link is
  /// dropped (false: the payload is placed again, through the door).
  private mutating func linkedBefore(_ libraryName: String, _ expected: PayloadExpectation)
    async throws -> Bool
  {
    guard let source = try group.payloadStatus(expected.name),
      source.kind == .regularFile, let linked = try files.status(of: libraryName),
      linked.device == source.device, linked.inode == source.inode
    else { return false }
    if try await library.contains(shareID: expected.shareID) {
      sources.append((expected.name, libraryName))
      return true
    }
    do throws(IOError) {
      try files.removeFile(libraryName)
    } catch {
      guard error.code == .notFound else { throw error }
    }
    return false
  }

  /// Renames the opened payload into the files directory, where the file system has no hard
  /// links: the name moved is checked to be the file opened, with one name, or it goes back.
  private mutating func move(
    _ opened: FileDescriptor.Untrusted, as libraryName: String, _ expected: PayloadExpectation
  ) throws {
    let name = expected.name
    do throws(IOError) {
      try group.movePayload(name, to: libraryName, in: files)
    } catch  where error.code == .alreadyExists {
      guard try placedBefore(libraryName, expected) else { throw error }
      return
    }
    let moved = try files.status(of: libraryName)
    guard opened.isSameFile(as: moved), moved?.linkCount == 1 else {
      do throws(IOError) {
        try group.restorePayload(name, from: libraryName, in: files, moving: true)
      } catch {
        try? files.removeFile(libraryName)
      }
      throw PayloadError.changed(
        shareID: expected.shareID, item: expected.position, path: expected.path)
    }
    placed.append(.moved(libraryName, source: name))
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
  ) async throws {
    try await copy(as: libraryName, expected) { output in
      try await expected.copy(opened, to: output)
    }
  }

  /// Streams the payload from the claim's store into the files directory as `libraryName`
  /// (see `copy(as:_:_:)`).
  ///
  /// - Parameter flushingAndNaming: False to leave the checked file unflushed under its
  ///   temporary name (returned), for `completeCopies()`.
  @discardableResult
  private func copyFromStore(
    as libraryName: String, _ expected: PayloadExpectation, flushingAndNaming: Bool = true
  ) async throws -> String {
    let reader = try store.openPayload(at: expected.position)
    defer { reader.close() }
    return try await copy(as: libraryName, expected, flushingAndNaming: flushingAndNaming) {
      output in
      try expected.copy(from: reader, to: output)
    }
  }

  /// Copies the payload into the files directory as `libraryName` (`fill` writes it, hashed
  /// and checked as it is copied): to a hidden temporary name, flushed, then renamed into
  /// place, so `libraryName` only ever holds a whole, checked file. The temporary file never
  /// outlives a failure.
  ///
  /// With `flushingAndNaming` false the checked file is left unflushed under its temporary
  /// name, which is returned (see `completeCopies()`).
  @discardableResult
  private func copy(
    as libraryName: String, _ expected: PayloadExpectation, flushingAndNaming: Bool = true,
    _ fill: (FileDescriptor) async throws -> Void
  ) async throws -> String {
    let partial = ".\(libraryName).partial"
    try files.removeTree(partial)
    // Read and write: a large copy is hashed from what it wrote (read back from the page cache).
    let output = try files.open(
      partial, .readWrite, options: [.create, .exclusive, .noFollow], permissions: 0o600)
    do {
      do {
        try await fill(output)
        if flushingAndNaming { try output.sync() }
      } catch {
        try? output.close()
        throw error
      }
      try output.close()
      if flushingAndNaming { try files.rename(partial, to: libraryName, replacing: false) }
    } catch {
      try? files.removeFile(partial)
      throw error
    }
    return partial
  }
}
