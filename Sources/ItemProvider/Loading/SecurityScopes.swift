import Foundation
import Synchronization

/// The file URLs loads handed out that point at another process's files, which a device hands
/// out security-scoped.
///
/// On iOS a file URL that crosses from the source app to the extension carries a sandbox
/// extension: the URL `loadItem` gives for a file (Files, Notes: `public.file-url`), a file
/// `NSURL` read back with `loadObject`, and the source's own file from
/// `loadInPlaceFileRepresentation` opened in place. For those
/// `startAccessingSecurityScopedResource()` answers true (and must be balanced by
/// `stopAccessingSecurityScopedResource()`). The copies `loadFileRepresentation` makes live in the
/// extension's own temporary directory and carry no scope: it answers false for them, as for
/// any URL the extension made itself. There is no sandbox on Linux, so nothing is enforced: this
/// record only lets the two calls answer what a device answers.
final class SecurityScopes: Sendable {
  /// The record the loads and the URL methods share.
  static let shared = SecurityScopes()

  /// Scoped paths, with how many starts are not yet balanced by a stop.
  private let scopes = Mutex<[String: Int]>([:])

  /// Records that `url` was handed out security-scoped (nothing for a URL that is not a file
  /// URL).
  func grant(_ url: URL) {
    guard url.isFileURL else { return }
    let key = Self.key(url)
    scopes.withLock { $0[key] = $0[key] ?? 0 }
  }

  /// Starts access: true, and one more start to balance, for a URL handed out security-scoped;
  /// false for any other.
  func startAccessing(_ url: URL) -> Bool {
    guard url.isFileURL else { return false }
    let key = Self.key(url)
    return scopes.withLock { scopes in
      guard let starts = scopes[key] else { return false }
      scopes[key] = starts + 1
      return true
    }
  }

  /// Stops one access started with `startAccessing`; a stop with none outstanding does nothing.
  func stopAccessing(_ url: URL) {
    guard url.isFileURL else { return }
    let key = Self.key(url)
    scopes.withLock { scopes in
      if let starts = scopes[key], starts > 0 { scopes[key] = starts - 1 }
    }
  }

  /// How many starts of `url` are not balanced by a stop; nil when it was never handed out
  /// security-scoped.
  func outstandingStarts(_ url: URL) -> Int? {
    let key = Self.key(url)
    return scopes.withLock { $0[key] }
  }

  private static func key(_ url: URL) -> String {
    url.standardizedFileURL.path
  }
}
