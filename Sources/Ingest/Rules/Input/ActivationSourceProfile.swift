import Foundation

/// A source-app profile (`corpus/sources/<name>.json`) read as an activation input: what a
/// share from that app registers, per the profile schema agreed in the project notes.
///
/// Only the fields activation needs are decoded; unknown fields are ignored. A representation's
/// `delivery` of `file` or `directory` makes its attachment carry a file representation, and an
/// `NSURL` object's `value` is the attachment's URL.
public struct ActivationSourceProfile: Sendable {
  /// The file stem, such as `photos-photo`.
  public let name: String
  /// The human label, such as `Photos: one photo`.
  public let title: String
  /// The source app's bundle identifier.
  public let app: String?
  /// The share as the rule sees it.
  public let input: ActivationInput

  /// The schema versions this reader understands.
  public static let supportedSchemaVersions = [1]

  /// Reads one profile.
  /// - Throws: ``ActivationSourceProfileError``.
  public init(contentsOf url: URL) throws(ActivationSourceProfileError) {
    let path = url.path
    guard FileManager.default.fileExists(atPath: path) else {
      throw .file(
        RuleFileError(operation: "read", path: path, underlying: "no such file", isMissing: true))
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .file(
        RuleFileError(operation: "read", path: path, underlying: "\(error)", isMissing: false))
    }
    let profile: ProfileFile
    do {
      profile = try JSONDecoder().decode(ProfileFile.self, from: data)
    } catch {
      throw .malformed(path: path, reason: "\(error)")
    }
    guard Self.supportedSchemaVersions.contains(profile.schemaVersion) else {
      throw .unsupportedSchemaVersion(path: path, version: profile.schemaVersion)
    }
    name = profile.name ?? url.deletingPathExtension().lastPathComponent
    title = profile.title ?? name
    app = profile.app
    input = ActivationInput(
      extensionItems: profile.items.map { item in
        ActivationItem(
          attributedTitle: item.attributedTitle, attributedContentText: item.attributedContentText,
          attachments: (item.attachments ?? []).map(\.attachment))
      })
  }

  /// Reads every `*.json` profile in a directory, sorted by file name.
  /// - Throws: ``ActivationSourceProfileError`` for the first profile that cannot be read, or
  ///   when the directory cannot be listed.
  public static func profiles(in directory: URL) throws(ActivationSourceProfileError) -> [Self] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
      let missing = !FileManager.default.fileExists(atPath: directory.path)
      throw .file(
        RuleFileError(
          operation: "list", path: directory.path,
          underlying: missing ? "no such directory" : "\(error)", isMissing: missing))
    }
    var profiles: [Self] = []
    for name in names.sorted() where name.hasSuffix(".json") {
      profiles.append(try Self(contentsOf: directory.appendingPathComponent(name)))
    }
    return profiles
  }
}

/// The part of the profile schema activation reads.
private struct ProfileFile: Decodable {
  var schemaVersion: Int
  var name: String?
  var title: String?
  var app: String?
  var items: [Item]

  struct Item: Decodable {
    var attributedTitle: String?
    var attributedContentText: String?
    var attachments: [Attachment]?
  }

  struct Attachment: Decodable {
    var suggestedName: String?
    var representations: [Representation]

    var attachment: ActivationAttachment {
      let url = representations.lazy.compactMap { representation -> URL? in
        guard let object = representation.object, object.class == "NSURL",
          case .string(let text) = object.value
        else { return nil }
        return URL(string: text)
      }.first
      return ActivationAttachment(
        registeredTypeIdentifiers: representations.map(\.typeIdentifier), url: url,
        hasFileRepresentation: representations.contains {
          $0.delivery == "file" || $0.delivery == "directory"
        },
        suggestedName: suggestedName)
    }
  }

  struct Representation: Decodable {
    var typeIdentifier: String
    var delivery: String?
    var object: Object?
  }

  struct Object: Decodable {
    var `class`: String?
    var value: Value?
  }

  /// A JSON value of which only strings matter here.
  enum Value: Decodable {
    case string(String)
    case other

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        self = .string(text)
      } else {
        self = .other
      }
    }
  }
}
