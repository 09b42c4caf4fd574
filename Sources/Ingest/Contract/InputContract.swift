import Foundation
import UTI

/// What a share extension accepts: which types, how many, how large, and what to do with the
/// rest. Declarative, so the same contract drives the extension, the command line and the type
/// matrix, and reads from JSON.
///
/// The defaults are the product this package is modelled on: images, movies, PDFs, plain text
/// and web URLs; at most 10 attachments of at most 512 MiB each and 2 GiB together; text of at
/// most 1000 characters (longer text is rejected, never truncated); `http` and `https` URLs;
/// no folders; a share holding anything else is rejected whole.
public struct InputContract: Codable, Sendable, Hashable {
  /// What to do with an attachment the contract does not accept.
  public enum UnsupportedPolicy: String, Codable, Sendable, Hashable, CaseIterable {
    /// Reject the whole share, saying which attachment and why.
    case rejectShare
    /// Leave the attachment out, with the reason in the manifest and the outcome.
    case skipAttachment
  }

  /// Accepted types, by conformance: an attachment is accepted when one of its registered types
  /// is or conforms to one of these (`public.image` accepts `public.heic`).
  public var acceptedTypes: [String]
  /// The most attachments a share may hold.
  public var maximumAttachmentCount: Int
  /// The most bytes one file may hold.
  public var maximumFileSize: Int64
  /// The most bytes the files of one share may hold together.
  public var maximumShareSize: Int64
  /// The most characters (extended grapheme clusters, as Swift's `String.count`) a text may
  /// hold; longer text is rejected, never truncated.
  public var maximumTextLength: Int
  /// The URL schemes accepted, lower case.
  public var urlSchemes: [String]
  /// Whether folders (types conforming to `public.directory`, such as a Live Photo bundle) may
  /// be taken; when false such representations are passed over for the next one.
  public var acceptsDirectories: Bool
  /// Whether a file of no bytes is accepted; an empty photo or document is taken for a failed
  /// source by default.
  public var acceptsEmptyFiles: Bool
  /// What to do with an attachment the contract does not accept.
  public var unsupported: UnsupportedPolicy

  /// The default contract (see the type's discussion).
  public static let `default` = InputContract()

  /// The contract of the text-only share extension the four-field inbox form comes from
  /// (`ShareManifest`): plain text or one `http`/`https` URL, one attachment, at most 1000
  /// characters; images, PDFs and several attachments are rejected.
  public static let textOrWebURL = InputContract(
    acceptedTypes: ["public.plain-text", "public.url"], maximumAttachmentCount: 1,
    maximumTextLength: 1000, urlSchemes: ["http", "https"])

  /// The contracts known by name (`share --preset NAME`, `inbox import --preset NAME`).
  public static let presets: [String: InputContract] = [
    "default": .default, "text-or-url": .textOrWebURL,
  ]

  /// Creates a contract; every parameter defaults to the product's value.
  public init(
    acceptedTypes: [String] = [
      "public.image", "public.movie", "com.adobe.pdf", "public.plain-text", "public.url",
    ],
    maximumAttachmentCount: Int = 10,
    maximumFileSize: Int64 = 512 << 20,
    maximumShareSize: Int64 = 2 << 30,
    maximumTextLength: Int = 1000,
    urlSchemes: [String] = ["http", "https"],
    acceptsDirectories: Bool = false,
    acceptsEmptyFiles: Bool = false,
    unsupported: UnsupportedPolicy = .rejectShare
  ) {
    self.acceptedTypes = acceptedTypes
    self.maximumAttachmentCount = maximumAttachmentCount
    self.maximumFileSize = maximumFileSize
    self.maximumShareSize = maximumShareSize
    self.maximumTextLength = maximumTextLength
    self.urlSchemes = urlSchemes
    self.acceptsDirectories = acceptsDirectories
    self.acceptsEmptyFiles = acceptsEmptyFiles
    self.unsupported = unsupported
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case acceptedTypes, maximumAttachmentCount, maximumFileSize, maximumShareSize
    case maximumTextLength, urlSchemes, acceptsDirectories, acceptsEmptyFiles, unsupported
  }

  /// The sizes a contract file may give `maximumFileSize` and `maximumShareSize`: from 1 byte
  /// (a limit of 0 would refuse every file: leave a type out of `acceptedTypes` instead) to
  /// 2^62 bytes; the `contract` of `schemas/type-matrix-v1.schema.json` states the same.
  public static let sizeRange: ClosedRange<Int64> = 1...(1 << 62)
  /// The counts a contract file may give `maximumAttachmentCount`.
  public static let attachmentCountRange: ClosedRange<Int> = 1...10_000
  /// The lengths a contract file may give `maximumTextLength`, in characters.
  public static let textLengthRange: ClosedRange<Int> = 1...100_000_000

  /// Reads a contract; every field is optional and defaults as `init` does, so a contract file
  /// says only what differs. Unknown fields are refused (with the nearest known one, for a
  /// misspelling), every number must lie in its range (sizes from 1 byte to 2^62, counts from
  /// 1, a text length from 1 to 100,000,000), and the lists must name something.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.refuseUnknownKeys(
      known: CodingKeys.allCases.map(\.stringValue), in: decoder)
    let defaults = InputContract()
    func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
      try container.decodeIfPresent(T.self, forKey: key) ?? fallback
    }
    func whole<T: FixedWidthInteger & Decodable & Sendable>(
      _ key: CodingKeys, _ range: ClosedRange<T>
    ) throws -> T? {
      try container.decodeInteger(T.self, forKey: key, in: range)
    }
    func names(_ key: CodingKeys, _ fallback: [String]) throws -> [String] {
      let list = try value(key, fallback).map { $0.trimmingCharacters(in: .whitespaces) }
      guard !list.isEmpty, !list.contains(where: \.isEmpty) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: "needs at least one name, and no empty one")
      }
      return list
    }
    self.init(
      acceptedTypes: try names(.acceptedTypes, defaults.acceptedTypes),
      maximumAttachmentCount: try whole(.maximumAttachmentCount, Self.attachmentCountRange)
        ?? defaults.maximumAttachmentCount,
      maximumFileSize: try whole(.maximumFileSize, Self.sizeRange) ?? defaults.maximumFileSize,
      maximumShareSize: try whole(.maximumShareSize, Self.sizeRange)
        ?? defaults.maximumShareSize,
      maximumTextLength: try whole(.maximumTextLength, Self.textLengthRange)
        ?? defaults.maximumTextLength,
      urlSchemes: try names(.urlSchemes, defaults.urlSchemes).map { $0.lowercased() },
      acceptsDirectories: try value(.acceptsDirectories, defaults.acceptsDirectories),
      acceptsEmptyFiles: try value(.acceptsEmptyFiles, defaults.acceptsEmptyFiles),
      unsupported: container.contains(.unsupported)
        ? try container.decodeChoice(UnsupportedPolicy.self, forKey: .unsupported)
        : defaults.unsupported)
  }

  /// The accepted types that name declared types (identifiers the catalogue and the
  /// registered declarations know); unknown identifiers match only themselves.
  var resolvedAcceptedTypes: [UTType] { acceptedTypes.compactMap { UTType($0) } }
}
