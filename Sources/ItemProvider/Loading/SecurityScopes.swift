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
///
/// The record stays bounded in a process that hands out files for ever (a server ingesting
/// uploads): it keeps two generations of grants, and when the newer one reaches
/// `generationSize` entries the older is forgotten, except for URLs with starts still
/// outstanding. A URL granted and left alone for that many later grants answers false, as a
/// device answers for a sandbox extension the system has since revoked.
final class SecurityScopes: Sendable {
  /// The record the loads and the URL methods share.
  static let shared = SecurityScopes()

  /// Grants per generation.
  let generationSize: Int

  /// Scoped paths, with how many starts are not yet balanced by a stop: the newer generation
  /// and the older one.
  private let scopes = Mutex<(current: [String: Int], previous: [String: Int])>(([:], [:]))

  /// A record that keeps `generationSize` grants per generation.
  init(generationSize: Int = 4096) {
    self.generationSize = max(1, generationSize)
  }

  /// Records that `url` was handed out security-scoped (nothing for a URL that is not a file
  /// URL).
  func grant(_ url: URL) {
    guard url.isFileURL else { return }
    let key = Self.key(url)
    scopes.withLock { scopes in
      let starts = scopes.current[key] ?? scopes.previous.removeValue(forKey: key) ?? 0
      scopes.current[key] = starts
      guard scopes.current.count >= generationSize else { return }
      // A new generation: the older one goes, but a URL still being accessed stays.
      var kept = scopes.current
      for (key, starts) in scopes.previous where starts > 0 { kept[key] = starts }
      scopes.previous = kept
      scopes.current = [:]
    }
  }

  /// Starts access: true, and one more start to balance, for a URL handed out security-scoped;
  /// false for any other.
  func startAccessing(_ url: URL) -> Bool {
    guard url.isFileURL else { return false }
    let key = Self.key(url)
    return scopes.withLock { scopes in
      if let starts = scopes.current[key] {
        scopes.current[key] = starts + 1
      } else if let starts = scopes.previous[key] {
        scopes.previous[key] = starts + 1
      } else {
        return false
      }
      return true
    }
  }

  /// Stops one access started with `startAccessing`; a stop with none outstanding does nothing.
  func stopAccessing(_ url: URL) {
    guard url.isFileURL else { return }
    let key = Self.key(url)
    scopes.withLock { scopes in
      if let starts = scopes.current[key] {
        if starts > 0 { scopes.current[key] = starts - 1 }
      } else if let starts = scopes.previous[key], starts > 0 {
        scopes.previous[key] = starts - 1
      }
    }
  }

  /// How many starts of `url` are not balanced by a stop; nil when it was never handed out
  /// security-scoped (or was forgotten, see above).
  func outstandingStarts(_ url: URL) -> Int? {
    let key = Self.key(url)
    return scopes.withLock { $0.current[key] ?? $0.previous[key] }
  }

  /// How many URLs the record holds now.
  var count: Int {
    scopes.withLock { $0.current.count + $0.previous.count }
  }

  /// The standardized path of `url`: its path as it is when that is already standard (absolute,
  /// no `.` or `..` component, no empty one), as the loads' own URLs are, else
  /// `standardizedFileURL`'s (which costs a share a few microseconds each time).
  private static func key(_ url: URL) -> String {
    if url.baseURL == nil {
      let path = url.path
      if isStandard(path) { return path }
    }
    return url.standardizedFileURL.path
  }

  /// Whether `path` is absolute with no `.`, `..` or empty component (a lone `/` aside).
  static func isStandard(_ path: String) -> Bool {
    var components = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    guard components.first?.isEmpty == true else { return false }
    components.removeFirst()
    if components.count == 1, components[0].isEmpty { return true }
    return !components.contains { component in
      component.isEmpty || component.elementsEqual(".".utf8) || component.elementsEqual("..".utf8)
    }
  }
}
