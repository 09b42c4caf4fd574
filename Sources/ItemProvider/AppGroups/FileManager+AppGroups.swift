import Foundation

extension FileManager {
  /// The shared container of an App Group, as on iOS: the directory configured for
  /// `groupIdentifier` (see `AppGroupContainers`), created with mode 0700 on first use.
  ///
  /// Returns nil for a malformed or unknown identifier, or when the directory cannot be used;
  /// `AppGroupContainers.shared.containerURL(forGroupIdentifier:)` throws the reason instead.
  public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
    try? AppGroupContainers.shared.containerURL(forGroupIdentifier: groupIdentifier)
  }
}
