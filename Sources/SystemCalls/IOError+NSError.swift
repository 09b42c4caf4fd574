import Foundation

extension IOError: CustomNSError {
  /// The domain these errors have as `NSError`s (under `NSUnderlyingErrorKey` of a load's
  /// error, for example).
  public static var errorDomain: String { "IOError" }

  /// The `errno` value, or 0 when the cause is not one.
  public var errorCode: Int { Int(errno?.rawValue ?? 0) }

  /// The description, as the `NSError`'s localized description.
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
}
