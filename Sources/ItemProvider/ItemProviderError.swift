import Foundation

/// Why a load failed, beyond Apple's four error codes.
///
/// Loads report `NSError`s in `NSItemProviderErrorDomain`, as on iOS; when the cause is one of
/// these, it travels as the `NSUnderlyingErrorKey` of that `NSError`, so a test or a log can say
/// exactly what happened.
public enum ItemProviderError: Error, Sendable, CustomStringConvertible {
  /// The source's load handler did not answer within the provider's `loadTimeout`.
  case loadTimedOut(typeIdentifier: String, seconds: Double)
  /// The source's load handler answered with neither a value nor an error.
  case emptyAnswer(typeIdentifier: String)
  /// A file load handler answered with a URL that is not a file URL.
  case notAFileURL(String, typeIdentifier: String)
  /// The file a load handler pointed at is neither a regular file nor a directory (a symbolic
  /// link, a socket, a device), so it is not followed or read.
  case unsupportedFileKind(path: String)
  /// An item given to `init(item:typeIdentifier:)` is of a class that cannot be carried to
  /// the consumer here (on iOS it would cross a process boundary by secure coding).
  case unsupportedItemClass(String)
  /// A folder is too large for the ZIP archive `loadDataRepresentation` makes of it.
  case archiveTooLarge(path: String, reason: String)
  /// An object could not be made from the loaded data.
  case cannotDecodeObject(className: String, typeIdentifier: String)
  /// A `userInfo` entry of an extension item has a key that is not a string or a value that is
  /// not a property list, so it cannot be kept.
  case userInfoEntryNotPropertyList(key: String)
  /// The load handler of `registerObject(ofClass:visibility:loadHandler:)` answered with an
  /// object of another class than the one registered.
  case unexpectedObjectClass(String, expected: String, typeIdentifier: String)
  /// `loadPreviewImage` was called on a provider without a `previewImageHandler`.
  case noPreviewImageHandler

  /// A sentence saying what failed and where.
  public var description: String {
    switch self {
    case .loadTimedOut(let type, let seconds):
      "the source did not deliver \(type) within \(seconds) s (the provider's loadTimeout)"
    case .emptyAnswer(let type):
      "the source's load handler for \(type) answered with neither a value nor an error"
    case .notAFileURL(let url, let type):
      "the file load handler for \(type) answered with \(url), which is not a file URL"
    case .unsupportedFileKind(let path):
      "\(path) is neither a regular file nor a directory; it is not followed or read"
    case .unsupportedItemClass(let name):
      "an item of class \(name) cannot be carried by an item provider here; use Data, URL,"
        + " String, a property list or ItemProviderImage"
    case .archiveTooLarge(let path, let reason):
      "cannot archive the folder \(path): \(reason)"
    case .cannotDecodeObject(let name, let type):
      "cannot make a \(name) from the \(type) data the provider delivered"
    case .userInfoEntryNotPropertyList(let key):
      "the userInfo entry \(key) is not a property list with a string key; an extension item"
        + " can only carry property lists besides its title, text and attachments"
    case .unexpectedObjectClass(let found, let expected, let type):
      "the object load handler for \(type) answered with a \(found), but the class registered"
        + " with registerObject(ofClass:) is \(expected)"
    case .noPreviewImageHandler:
      "the provider has no previewImageHandler, so it has no preview image; the source sets one"
    }
  }
}

extension ItemProviderError: CustomNSError {
  /// The domain these errors have as `NSError`s (under `NSUnderlyingErrorKey`).
  public static var errorDomain: String { "ItemProviderError" }

  /// A distinct code per case.
  public var errorCode: Int {
    switch self {
    case .loadTimedOut: 1
    case .emptyAnswer: 2
    case .notAFileURL: 3
    case .unsupportedFileKind: 4
    case .unsupportedItemClass: 5
    case .archiveTooLarge: 6
    case .cannotDecodeObject: 7
    case .userInfoEntryNotPropertyList: 8
    case .unexpectedObjectClass: 9
    case .noPreviewImageHandler: 10
    }
  }

  /// The description, as the `NSError`'s localized description.
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
}
