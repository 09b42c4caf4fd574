import Foundation

// Foundation on Apple platforms has these; Linux Foundation does not, and share-extension code
// calls them on every file URL it is handed. They answer what a device answers for the URLs a
// load hands out (see `SecurityScopes`): true for the source's own files (a `public.file-url`
// from Files or Notes, a file opened in place), false for the private copies of
// `loadFileRepresentation` and for any URL the extension made. Only where Foundation lacks them.

#if !canImport(Darwin)
  extension URL {
    /// Starts access to a security-scoped URL: true when the URL was handed out with a scope
    /// (balance it with `stopAccessingSecurityScopedResource()`), false otherwise, in which
    /// case there is nothing to stop.
    ///
    /// Apple: "If this method returns true, then you must relinquish access as soon as you
    /// finish using the resource." Nothing is enforced on Linux; the answer is a device's.
    public func startAccessingSecurityScopedResource() -> Bool {
      SecurityScopes.shared.startAccessing(self)
    }

    /// Ends one access begun by a `startAccessingSecurityScopedResource()` that returned true.
    public func stopAccessingSecurityScopedResource() {
      SecurityScopes.shared.stopAccessing(self)
    }

    /// How many `startAccessingSecurityScopedResource()` calls are not balanced by a stop; nil
    /// when the URL was not handed out security-scoped. Not in Apple's API: a test asserts
    /// with it that extension code relinquishes what it started.
    public var unbalancedSecurityScopedAccessCount: Int? {
      SecurityScopes.shared.outstandingStarts(self)
    }
  }

  extension NSURL {
    /// Starts access to a security-scoped URL, as `URL`'s method does.
    public func startAccessingSecurityScopedResource() -> Bool {
      (self as URL).startAccessingSecurityScopedResource()
    }

    /// Ends one access begun by `startAccessingSecurityScopedResource()`, as `URL`'s method
    /// does.
    public func stopAccessingSecurityScopedResource() {
      (self as URL).stopAccessingSecurityScopedResource()
    }
  }
#endif
