import Foundation

// The async forms Swift derives from Apple's Objective-C methods that end in a completion
// handler and return nothing. Modern share extensions call these
// (`try await provider.loadItem(forTypeIdentifier: UTType.url.identifier)`), so they must
// compile here unchanged. Methods that return a `Progress` have no derived async form on Apple's
// platforms either, and have none here.

extension NSItemProvider {
  /// Loads the best matching item for a type through the coercing interface; the async form of
  /// `loadItem(forTypeIdentifier:options:completionHandler:)`, with the same coercions and
  /// errors.
  public func loadItem(
    forTypeIdentifier typeIdentifier: String,
    options: [AnyHashable: Any]? = nil
  ) async throws -> any NSSecureCoding {
    // The item crosses from the completion's queue to the awaiting task by value (the way it
    // reaches an extension on iOS, by secure coding), so no object is shared between the two.
    let carried: StoredItem = try await withCheckedThrowingContinuation { continuation in
      loadItem(forTypeIdentifier: typeIdentifier, options: options) { item, error in
        if let item {
          continuation.resume(returning: StoredItem(item))
        } else {
          // A completion with neither item nor error (Apple's signature allows it) is an
          // unavailable item.
          continuation.resume(throwing: error ?? Self.itemUnavailable(typeIdentifier))
        }
      }
    }
    return try carried.materialize().get()
  }
}

extension NSExtensionContext {
  /// Ends the request successfully, returning `items` to the host app; the async form of
  /// `completeRequest(returningItems:completionHandler:)`. Returns whether the request had
  /// expired (always false here: requests do not expire).
  public func completeRequest(returningItems items: [Any]?) async -> Bool {
    await withCheckedContinuation { continuation in
      completeRequest(returningItems: items) { expired in continuation.resume(returning: expired) }
    }
  }
}
