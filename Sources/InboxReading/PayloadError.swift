import Foundation
import Ingest
import SystemCalls

/// Why a reader refused a share's payload file; the share stays in the inbox with the error
/// recorded. Messages name the share, the item and the payload's path, never what was shared.
///
/// The path is held as it is and quoted when the error is printed (``description(quoting:)``).
public enum PayloadError: Error, Sendable, Hashable, NameQuotingDescription {
  /// The payload is not in the inbox (nor already where the reader puts it); `heldBy` is the
  /// share the library holds the same file under, when it does (two manifests named one
  /// payload, and the other share took it).
  case missing(shareID: UUID, item: Int, path: String, heldBy: UUID?)
  /// The payload is not a regular file (a symbolic link, a FIFO, a directory).
  case notRegularFile(shareID: UUID, item: Int, path: String, kind: FileKind)
  /// The payload cannot be taken for another reason the reader found (it has a name outside
  /// the group, it grew while it was copied).
  case refused(shareID: UUID, item: Int, path: String, reason: String)
  /// The payload does not have the size its manifest says.
  case sizeMismatch(shareID: UUID, item: Int, path: String, expected: Int64, found: Int64)
  /// The payload does not have the SHA-256 its manifest says.
  case digestMismatch(shareID: UUID, item: Int, path: String, expected: String, found: String)
  /// The payload was replaced by something else while it was being taken.
  case changed(shareID: UUID, item: Int, path: String)

  /// The description for a terminal: the path quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// `share <id>, item <n>: the payload <path> …`, items counted from 1, the path written by
  /// `quoting`.
  public func description(quoting: NameQuoting) -> String {
    let payload = { (id: UUID, item: Int, path: String) in
      "share \(id.uuidString), item \(item + 1): the payload \(quoting.quote(path))"
    }
    switch self {
    case .missing(let id, let item, let path, let owner):
      let held =
        owner.map {
          "; the library holds the same file under share \($0.uuidString), whose manifest"
            + " named it too"
        } ?? ""
      return "\(payload(id, item, path)) is missing\(held)"
    case .notRegularFile(let id, let item, let path, let kind):
      return "\(payload(id, item, path)) is not a regular file (\(kind.article));"
        + " it is never followed or read"
    case .refused(let id, let item, let path, let reason):
      return "\(payload(id, item, path)) is refused: \(reason)"
    case .sizeMismatch(let id, let item, let path, let expected, let found):
      return "\(payload(id, item, path)) holds \(found) bytes, not the \(expected) its"
        + " manifest says"
    case .digestMismatch(let id, let item, let path, let expected, let found):
      return "\(payload(id, item, path)) has SHA-256 \(found.prefix(16))…, not the"
        + " \(expected.prefix(16))… its manifest says"
    case .changed(let id, let item, let path):
      return "\(payload(id, item, path)) was replaced while it was being taken; whatever"
        + " was moved was put back"
    }
  }
}

/// What a payload must be, from its manifest: its size and SHA-256, and where it is, for
/// errors. Every reader (the library importer, `DirectoryDelivery`, `CommandDelivery`) checks
/// payloads against one of these.
package struct PayloadExpectation: Sendable {
  package var shareID: UUID
  package var position: Int
  /// The payload's name in `Incoming/`.
  package var name: PayloadName
  /// Where a proof that a payload is the share's is recorded for the claim's `finish()`; nil
  /// for a claim that removes no payload by proof.
  package var proven: ProvenPayloads?
  /// Its path, for messages.
  package var path: String
  package var byteCount: Int64
  /// Lower-case hexadecimal.
  package var sha256: String

  /// The expectation of item `position` of `claim`'s share; nil unless it is a file item with
  /// its name, size and digest (which `ShareManifest.validate` proved every file item has).
  package init?(_ claim: any InboxClaim, position: Int) {
    let item = claim.manifest.items[position]
    guard item.kind == .file, let name = item.payloadName, let byteCount = item.byteCount,
      let digest = item.sha256
    else { return nil }
    shareID = claim.manifest.id
    self.position = position
    self.name = name
    path = claim.payloadPath(of: item) ?? name.relativePath
    proven = (claim as? any ProvingClaim)?.proven
    self.byteCount = byteCount
    sha256 = digest.lowercased()
  }

  /// Refuses `found` unless it is the size and digest the manifest says.
  package func check(_ found: PayloadDigest.Result, at path: String? = nil) throws(PayloadError) {
    guard found.byteCount == byteCount else {
      throw .sizeMismatch(
        shareID: shareID, item: position, path: path ?? self.path, expected: byteCount,
        found: found.byteCount)
    }
    guard found.sha256 == sha256 else {
      throw .digestMismatch(
        shareID: shareID, item: position, path: path ?? self.path, expected: sha256,
        found: found.sha256)
    }
  }

  /// Refuses an opened payload whose size is not the manifest's, before reading it.
  package func check(size: Int64) throws(PayloadError) {
    guard size == byteCount else {
      throw .sizeMismatch(
        shareID: shareID, item: position, path: path, expected: byteCount, found: size)
    }
  }

  /// The refusal of a payload the door would not open.
  package func refusal(_ error: IOError) -> PayloadError {
    switch error.code {
    case .notFound: .missing(shareID: shareID, item: position, path: path, heldBy: nil)
    case .symbolicLink:
      .notRegularFile(shareID: shareID, item: position, path: path, kind: .symbolicLink)
    case .notRegularFile:
      .notRegularFile(
        shareID: shareID, item: position, path: path, kind: error.fileKind ?? .unknown)
    default:
      .refused(shareID: shareID, item: position, path: path, reason: error.reason)
    }
  }

  /// Copies the opened payload into `output` (from the payload's offset), hashed as it is
  /// copied, and refuses it unless it is the manifest's size and digest; stops as soon as it
  /// grows past the size. `output` must be open for reading and writing: a large copy is
  /// hashed from what it wrote.
  package func copy(_ opened: FileDescriptor.Untrusted, to output: FileDescriptor) throws {
    let copied: PayloadDigest.Result
    do {
      copied = try PayloadDigest.copy(
        from: opened.file, sizeHint: opened.status.size, maximumSize: byteCount, to: output)
    } catch let grew as PayloadGrew {
      throw PayloadError.refused(
        shareID: shareID, item: position, path: path, reason: "\(grew)")
    }
    try check(copied)
    proven?.record(name, PayloadProof(opened))
  }

  /// The async `copy(_:to:)`: a large payload is copied pipelined in one work item of the I/O
  /// executor, awaited without blocking the calling task (see `DigestingCopier`).
  package func copy(_ opened: FileDescriptor.Untrusted, to output: FileDescriptor) async throws {
    let copied: PayloadDigest.Result
    do {
      copied = try await PayloadDigest.copy(
        from: opened.file, sizeHint: opened.status.size, maximumSize: byteCount, to: output)
    } catch let grew as PayloadGrew {
      throw PayloadError.refused(
        shareID: shareID, item: position, path: path, reason: "\(grew)")
    }
    try check(copied)
    proven?.record(name, PayloadProof(opened))
  }

  /// Hashes the opened payload (from its start) and refuses it unless it is the manifest's
  /// size and digest; once it is, records the file as proven the share's (`PayloadProof`), so
  /// the claim's `finish()` may remove its name.
  package func verify(_ opened: FileDescriptor.Untrusted) throws {
    try check(try PayloadDigest.sha256(of: opened.file))
    proven?.record(name, PayloadProof(opened))
  }

  /// Records `opened`, proven the share's another way (its bytes copied and checked), for the
  /// claim's `finish()`.
  package func recordProven(_ opened: FileDescriptor.Untrusted) {
    proven?.record(name, PayloadProof(opened))
  }

  /// Opens the payload through the door (`GroupDirectory.openPayload(_:of:)`) and checks its
  /// size.
  ///
  /// - Throws: `PayloadError` for a payload that is missing, not a plain file of this group,
  ///   or not the size the manifest says; `IOError` for other failures.
  package func open(in group: GroupDirectory) throws -> FileDescriptor.Untrusted {
    let opened: FileDescriptor.Untrusted
    do {
      opened = try group.openPayload(name, of: shareID)
    } catch {
      switch error.code {
      case .notFound, .symbolicLink, .notRegularFile, .hardLink: throw refusal(error)
      default: throw error
      }
    }
    do {
      try check(size: opened.status.size)
    } catch {
      try? opened.file.close()
      throw error
    }
    return opened
  }
}
