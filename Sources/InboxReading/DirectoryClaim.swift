import Foundation
import Ingest
import SystemCalls

/// A share claimed with an exclusive `flock` on its manifest.
final class DirectoryClaim: ProvingClaim {
  let inbox: DirectoryInbox
  let manifest: ShareManifest
  /// The manifest's file name in `Inbox/` (its share id in the case the writer used).
  let manifestName: String
  let file: FileDescriptor
  /// The payloads its reader proved the share's: the only ones `finish()` removes.
  let proven = ProvenPayloads()

  init(inbox: DirectoryInbox, manifest: ShareManifest, manifestName: String, file: FileDescriptor) {
    self.inbox = inbox
    self.manifest = manifest
    self.manifestName = manifestName
    self.file = file
  }

  var group: GroupDirectory { inbox.group }

  func payloadPath(of item: ShareManifest.Item) -> String? {
    guard item.kind == .file, let file = item.file else { return nil }
    return inbox.group.absolutePath(file)
  }

  func finish() async throws {
    try await IOExecutor.shared.run {
      let group = inbox.group
      defer { try? file.unlockAndClose() }
      try group.inbox.removeFile(manifestName)
      // The manifest's removal is flushed before a payload goes, so no crash leaves a manifest
      // whose payloads are gone. With no payload left to remove (the library importer released
      // them once its payloads' library names were flushed) there is nothing to order and no
      // flush: a manifest that a power failure brings back names a share its handler already
      // took, which handlers tolerate (`ShareHandler`). Only a payload the reader proved the
      // share's is removed (`PayloadProof`): one it did not prove stays, for the sweeper to
      // judge once no manifest names it.
      var flushed = false
      for item in manifest.items where item.kind == .file {
        guard let name = item.payloadName, let proof = proven.proof(of: name),
          try group.payloadStatus(name) != nil
        else { continue }
        if !flushed {
          try group.inbox.sync()
          flushed = true
        }
        try group.removePayload(name, provenBy: proof)
      }
      try? group.inbox.removeFile(DirectoryInbox.failureName(ofManifest: manifestName))
    }
  }

  func release(recording error: String) async throws {
    try await IOExecutor.shared.run {
      defer { try? file.unlockAndClose() }
      try inbox.recordFailure(ofManifest: manifestName, error: error)
    }
  }
}
