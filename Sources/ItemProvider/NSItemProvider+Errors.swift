import Foundation

extension NSItemProvider {
  /// The error codes of `NSItemProviderErrorDomain`, with Apple's values.
  public enum ErrorCode: Int, Sendable, Hashable {
    /// An unknown error occurred.
    case unknownError = -1
    /// The requested representation is not available (not registered, or the source failed to
    /// deliver it).
    case itemUnavailableError = -1000
    /// The item could not be delivered as the class the consumer asked for.
    case unexpectedValueClassError = -1100
    /// No coercion leads from what the provider holds to the class the consumer asked for.
    case unavailableCoercionError = -1200
  }

  /// The error domain of item provider errors, `NSItemProviderErrorDomain`.
  public static let errorDomain = NSItemProviderErrorDomain

  /// Apple's -1000: "Cannot load representation of type public.jpeg".
  static func itemUnavailable(_ typeIdentifier: String, underlying: (any Error)? = nil) -> NSError {
    error(
      .itemUnavailableError, "Cannot load representation of type \(typeIdentifier)",
      underlying: underlying)
  }

  /// Apple's -1100: "Cannot load an object of class NSURL".
  static func unexpectedValueClass(_ className: String) -> NSError {
    error(.unexpectedValueClassError, "Cannot load an object of class \(className)")
  }

  /// Apple's -1200: "Could not coerce an item to class NSURL".
  static func unavailableCoercion(_ className: String) -> NSError {
    error(.unavailableCoercionError, "Could not coerce an item to class \(className)")
  }

  /// The -1000 a preview load fails with: "Cannot load the preview image", with the cause
  /// underneath.
  static func previewUnavailable(underlying: any Error) -> NSError {
    error(.itemUnavailableError, "Cannot load the preview image", underlying: underlying)
  }

  /// The error a cancelled load ends with: `NSCocoaErrorDomain` 3072, "The operation was
  /// cancelled."
  static func cancelled() -> NSError {
    NSError(
      domain: NSCocoaErrorDomain, code: CocoaError.Code.userCancelled.rawValue,
      userInfo: [NSLocalizedDescriptionKey: "The operation was cancelled."])
  }

  private static func error(_ code: ErrorCode, _ message: String, underlying: (any Error)? = nil)
    -> NSError
  {
    var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message]
    if let underlying { userInfo[NSUnderlyingErrorKey] = underlying as NSError }
    return NSError(domain: errorDomain, code: code.rawValue, userInfo: userInfo)
  }
}

/// Foundation's Objective-C name for `NSItemProvider.ErrorCode`.
public typealias NSItemProviderErrorCode = NSItemProvider.ErrorCode
