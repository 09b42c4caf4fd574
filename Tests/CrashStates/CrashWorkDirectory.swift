import Foundation
import SystemCalls

/// A fresh private directory where crash states are written out, one at a time: in `/dev/shm`
/// where there is one (a tmpfs, so the flushes of the restarted program cost nothing; links,
/// renames, locks and directory listings behave as on any Linux file system), else in the
/// system's temporary directory. Remove it with `remove()`.
package struct CrashWorkDirectory: Sendable {
  /// The directory.
  package let path: String

  /// Makes the directory, named from `prefix` and a UUID.
  package init(prefix: String = "crash-states") throws {
    let name = "\(prefix)-\(UUID().uuidString)"
    let shared = "/dev/shm"
    if access(shared, W_OK) == 0, (try? FileSystem.makeDirectory(shared + "/" + name)) != nil {
      path = shared + "/" + name
    } else {
      path = FileManager.default.temporaryDirectory.path + "/" + name
      try FileSystem.makeDirectory(path)
    }
  }

  /// Removes the directory and everything in it.
  package func remove() {
    try? FileSystem.removeTree(path)
  }
}
