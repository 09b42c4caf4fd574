import Ingest
import Synchronization
import SystemCalls

/// What proves that the file a payload name names is the file a share recorded, which a reader
/// must hold before it removes that name (`GroupDirectory.removePayload(_:provenBy:)`).
///
/// A manifest is written by another program: one that reuses an old share's id, or names
/// another share's payload, must not make a reader remove a file it never checked. So a name
/// is removed only when the reader proved, in this process, that the file is the share's:
/// - `identity`: the device and inode of a file it opened through the door and verified (its
///   size and SHA-256 were the manifest's, or were copied and checked), the name still naming
///   that same file when it is removed;
/// - `content`: a size and SHA-256 the reader trusts for another reason (the library's record
///   of the share), which the file is hashed against just before its removal.
package enum PayloadProof: Sendable, Hashable {
  /// The file opened and verified: its device and inode.
  case identity(device: UInt64, inode: UInt64)
  /// The size and SHA-256 (lower-case hexadecimal) the file must have.
  case content(byteCount: Int64, sha256: String)

  /// The identity of an opened file.
  package init(_ opened: FileDescriptor.Untrusted) {
    self = .identity(device: opened.status.device, inode: opened.status.inode)
  }
}

/// The payloads a claim's reader proved to be the share's (see `PayloadProof`), by name: what
/// the claim's `finish()` may remove, and nothing else.
package final class ProvenPayloads: Sendable {
  private let proofs = Mutex<[PayloadName: PayloadProof]>([:])

  /// None yet.
  package init() {}

  /// Records that `name` was proven the share's by `proof` (the latest proof wins).
  package func record(_ name: PayloadName, _ proof: PayloadProof) {
    proofs.withLock { $0[name] = proof }
  }

  /// The proof recorded for `name`, if any.
  package func proof(of name: PayloadName) -> PayloadProof? {
    proofs.withLock { $0[name] }
  }
}

/// A claim that keeps the proofs its reader gathered, so that its `finish()` removes only
/// payloads proven to be its share's.
package protocol ProvingClaim: InboxClaim {
  /// The payloads proven the share's so far.
  var proven: ProvenPayloads { get }
}

extension GroupDirectory {
  /// Removes the payload `name` from `Incoming/` if `proof` holds for the file it names now;
  /// returns whether it removed it (false: gone already, or not the file proven, which stays).
  ///
  /// Between the last check and the `unlinkat` another program could rename a different file
  /// to the name; only one that can write `Incoming/`, which can remove the file itself, can do
  /// that, and the name can never lead out of `Incoming/` (`PayloadName`).
  ///
  /// - Throws: `IOError` when the name cannot be examined or removed.
  @discardableResult
  package func removePayload(_ name: PayloadName, provenBy proof: PayloadProof) throws -> Bool {
    guard let found = try payloadStatus(name), found.kind == .regularFile else { return false }
    switch proof {
    case .identity(let device, let inode):
      guard found.device == device, found.inode == inode else { return false }
    case .content(let byteCount, let sha256):
      guard found.size == byteCount else { return false }
      let opened: FileDescriptor.Untrusted
      do {
        opened = try incoming.openUntrusted(name.fileName, maximumLinks: .max)
      } catch {
        guard error.code == .notFound else { throw error }
        return false
      }
      let digest = try opened.file.closeAfter { try PayloadDigest.sha256(of: opened.file) }
      guard digest.byteCount == byteCount, digest.sha256 == sha256.lowercased(),
        opened.isSameFile(as: try payloadStatus(name))
      else { return false }
    }
    do throws(IOError) {
      try incoming.removeFile(name.fileName)
    } catch {
      guard error.code == .notFound else { throw error }
      return false
    }
    return true
  }
}

extension GroupDirectory {
  /// Gives the payload `name` in `Incoming/` a second name, `newName` in `directory`, never
  /// replacing anything (`linkat`, no link followed).
  ///
  /// - Throws: `IOError` for operation `link`.
  package func linkPayload(_ name: PayloadName, to newName: String, in directory: FileDescriptor)
    throws(IOError)
  {
    try incoming.link(name.fileName, to: newName, in: directory)
  }

  /// Moves the payload `name` out of `Incoming/` as `newName` in `directory`, never replacing
  /// anything.
  ///
  /// - Throws: `IOError` for operation `rename`.
  package func movePayload(_ name: PayloadName, to newName: String, in directory: FileDescriptor)
    throws(IOError)
  {
    try incoming.rename(name.fileName, to: newName, in: directory, replacing: false)
  }

  /// Gives the file `name` of `directory` back its payload name `payload` in `Incoming/`
  /// (undoing `linkPayload` or `movePayload`): by a link (`moving` false) or a rename, never
  /// replacing anything.
  ///
  /// - Throws: `IOError`.
  package func restorePayload(
    _ payload: PayloadName, from name: String, in directory: FileDescriptor, moving: Bool
  ) throws(IOError) {
    if moving {
      try directory.rename(name, to: payload.fileName, in: incoming, replacing: false)
    } else {
      try directory.link(name, to: payload.fileName, in: incoming)
    }
  }
}
