import Foundation

/// Why the contract does not take an attachment or a share: each case says what was found and
/// what the contract allows, never the content itself.
public enum ContractViolation: Error, Sendable, Hashable, CustomStringConvertible {
  /// No registered type conforms to an accepted type; `notes` says why a type that looks
  /// accepted was passed over (`public.file-url`: "a file: URL"), by type identifier.
  case unsupportedType(offered: [String], accepted: [String], notes: [String: String] = [:])
  /// The share holds more attachments than allowed.
  case tooManyAttachments(count: Int, maximum: Int)
  /// A file is larger than allowed (`byteCount` is at least what was read when the copy
  /// stopped).
  case fileTooLarge(byteCount: Int64, maximum: Int64)
  /// The files together are larger than allowed.
  case shareTooLarge(byteCount: Int64, maximum: Int64)
  /// A file has no bytes.
  case emptyFile
  /// A text is longer than allowed (it is rejected, never truncated); `characters` is nil when
  /// the text was too large to be worth counting.
  case textTooLong(characters: Int?, maximum: Int)
  /// A text is not valid UTF-8 or UTF-16 text.
  case notText
  /// A URL's scheme is not accepted.
  case urlSchemeNotAccepted(scheme: String, accepted: [String])
  /// A URL representation does not hold an absolute URL.
  case malformedURL
  /// The share holds no attachments at all.
  case noAttachments

  /// A sentence for the person who shared: what was wrong, and what is accepted.
  public var description: String {
    switch self {
    case .unsupportedType(let offered, let accepted, let notes):
      "none of its types ("
        + offered.map { type in notes[type].map { "\(type): \($0)" } ?? type }
        .joined(separator: ", ") + ") is accepted; this extension takes"
        + " \(accepted.joined(separator: ", "))"
    case .tooManyAttachments(let count, let maximum):
      "the share holds \(count) attachments; at most \(maximum) are accepted"
    case .fileTooLarge(let bytes, let maximum):
      ByteCount.distinct(bytes, maximum) {
        "the file holds \($0) or more; at most \($1) are accepted"
      }
    case .shareTooLarge(let bytes, let maximum):
      ByteCount.distinct(bytes, maximum) {
        "the files hold \($0) or more together; at most \($1) are accepted in one share"
      }
    case .emptyFile:
      "the file is empty"
    case .textTooLong(let characters, let maximum):
      "the text holds \(characters.map(String.init) ?? "far more than \(maximum)") characters;"
        + " at most \(maximum) are accepted (text is never shortened)"
    case .notText:
      "the text is not valid UTF-8 or UTF-16"
    case .urlSchemeNotAccepted(let scheme, let accepted):
      "\(scheme): URLs are not accepted; this extension takes"
        + " \(accepted.map { "\($0):" }.joined(separator: ", ")) URLs"
    case .malformedURL:
      "the URL representation does not hold an absolute URL"
    case .noAttachments:
      "the share holds no attachments"
    }
  }

  /// The byte count found and the most allowed, for a file or a share too large (for JSON, so
  /// a program need not read them out of the sentence); nil for every other violation.
  public var byteCounts: (byteCount: Int64, maximum: Int64)? {
    switch self {
    case .fileTooLarge(let bytes, let maximum), .shareTooLarge(let bytes, let maximum):
      (bytes, maximum)
    default: nil
    }
  }

  /// A short machine-readable name, stable for JSON and matrices: `unsupportedType`...
  public var code: String {
    switch self {
    case .unsupportedType: "unsupportedType"
    case .tooManyAttachments: "tooManyAttachments"
    case .fileTooLarge: "fileTooLarge"
    case .shareTooLarge: "shareTooLarge"
    case .emptyFile: "emptyFile"
    case .textTooLong: "textTooLong"
    case .notText: "notText"
    case .urlSchemeNotAccepted: "urlSchemeNotAccepted"
    case .malformedURL: "malformedURL"
    case .noAttachments: "noAttachments"
    }
  }
}
