import Foundation
import SystemCalls

extension SourceProfile {
  /// The classes an `object` delivery may name.
  public static let objectClasses: Set<String> = ["NSURL", "NSString", "NSDictionary", "UIImage"]

  /// The `NSItemProviderErrorDomain` codes a `failures` entry may give.
  public static let failureCodes: Set<Int> = [-1, -1000, -1100, -1200]

  /// The largest profile file read. A profile is a few kilobytes of JSON; 8 MiB leaves room
  /// for any real one while refusing a file that is plainly something else.
  public static let maximumFileSize = 8 << 20

  /// Reads and checks the profile at `url` (`corpus/sources/<name>.json`).
  ///
  /// The file must be a regular file (a symbolic link to one is followed) of at most
  /// ``maximumFileSize`` bytes. Besides the schema, it checks that `name` is the file's stem,
  /// that every delivery has the fields it needs, that corpus paths stay inside `corpus/` and
  /// exist there (the corpus is the folder above `sources/`), and that object classes and
  /// failure codes are known.
  ///
  /// - Parameters:
  ///   - url: The profile file.
  ///   - checksCorpusFiles: Whether the corpus files a profile names must exist. Pass false
  ///     when only the registered types matter (activation rules), so profiles kept apart from
  ///     a corpus can be read.
  /// - Throws: `SourceProfileError` saying what is wrong and where.
  public static func load(from url: URL, checksCorpusFiles: Bool = true) throws -> SourceProfile {
    let path = url.path
    let data: Data
    do {
      data = Data(try FileSystem.readFile(atPath: path, limit: Int64(maximumFileSize)))
    } catch {
      throw SourceProfileError.unreadable(error)
    }
    let profile: SourceProfile
    do {
      profile = try JSONInput.decode(SourceProfile.self, from: data)
    } catch {
      throw SourceProfileError.malformedJSON(path: path, reason: error.description)
    }
    let corpus = url.deletingLastPathComponent().deletingLastPathComponent()
    try profile.validate(path: path, corpus: checksCorpusFiles ? corpus : nil)
    return profile
  }

  /// Reads every `*.json` profile in `directory`, sorted by name (a symbolic link to the
  /// directory is followed).
  public static func loadAll(
    in directory: URL, checksCorpusFiles: Bool = true
  ) throws -> [SourceProfile] {
    let entries: [DirectoryEntry]
    do {
      entries = try FileSystem.entries(ofPath: directory.path, followSymbolicLinks: true)
    } catch {
      throw SourceProfileError.unreadable(error)
    }
    let profiles = entries.filter { $0.rawName.suffix(5).elementsEqual(".json".utf8) }
    if let misnamed = profiles.first(where: { !$0.isUTF8 }) {
      throw SourceProfileError.nameNotUTF8(rawName: misnamed.rawName, directory: directory.path)
    }
    return try profiles.map {
      try load(
        from: directory.appendingPathComponent($0.name), checksCorpusFiles: checksCorpusFiles)
    }.sorted { $0.name < $1.name }
  }

  /// Checks everything `load(from:)` checks beyond the JSON shape; corpus files only when
  /// `corpus` is given.
  public func validate(path: String, corpus: URL?) throws {
    guard schemaVersion == 1 else {
      throw SourceProfileError.unsupportedSchemaVersion(schemaVersion, path: path)
    }
    let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    guard name == stem else { throw SourceProfileError.nameMismatch(name: name, path: path) }
    for (field, value) in [("title", title), ("app", app), ("provenance", provenance)]
    where value.trimmingCharacters(in: .whitespaces).isEmpty {
      throw SourceProfileError.missingField(field, at: "profile", path: path)
    }
    guard !items.isEmpty else {
      throw SourceProfileError.missingField("items", at: "profile", path: path)
    }
    for (itemIndex, item) in items.enumerated() {
      guard !item.attachments.isEmpty else {
        throw SourceProfileError.missingField(
          "attachments", at: "items[\(itemIndex)]", path: path)
      }
      for (attachmentIndex, attachment) in item.attachments.enumerated() {
        let place = "items[\(itemIndex)].attachments[\(attachmentIndex)]"
        guard !attachment.representations.isEmpty else {
          throw SourceProfileError.missingField("representations", at: place, path: path)
        }
        for (index, representation) in attachment.representations.enumerated() {
          try representation.validate(
            at: "\(place).representations[\(index)]", path: path, corpus: corpus)
        }
      }
    }
  }
}

extension SourceProfile.Representation {
  func validate(at place: String, path: String, corpus: URL?) throws {
    guard !typeIdentifier.isEmpty else {
      throw SourceProfileError.missingField("typeIdentifier", at: place, path: path)
    }
    func check(_ file: String) throws {
      guard !file.hasPrefix("/"), !file.split(separator: "/").contains("..") else {
        throw SourceProfileError.unsafePath(file, at: place, path: path)
      }
      guard let corpus else { return }
      guard FileSystem.exists(corpus.appendingPathComponent(file).path) else {
        throw SourceProfileError.missingCorpusFile(file, at: place, path: path)
      }
    }
    switch delivery {
    case .file, .data:
      guard let file, !file.isEmpty else {
        throw SourceProfileError.missingField("file", at: place, path: path)
      }
      try check(file)
    case .directory:
      guard let files, !files.isEmpty else {
        throw SourceProfileError.missingField("files", at: place, path: path)
      }
      for file in files { try check(file) }
    case .object:
      guard let object else {
        throw SourceProfileError.missingField("object", at: place, path: path)
      }
      guard SourceProfile.objectClasses.contains(object.className) else {
        throw SourceProfileError.unknownObjectClass(object.className, at: place, path: path)
      }
      if let file = object.file { try check(file) }
      switch object.className {
      case "NSURL":
        if object.file == nil {
          guard let text = object.value?.stringValue, URL(string: text)?.scheme != nil else {
            throw SourceProfileError.invalidValue(
              "an NSURL object needs an absolute URL string as value, or a corpus file",
              at: place, path: path)
          }
        }
      case "NSString":
        guard object.value?.stringValue != nil else {
          throw SourceProfileError.invalidValue(
            "an NSString object needs a string value", at: place, path: path)
        }
      case "NSDictionary":
        guard case .object = object.value else {
          throw SourceProfileError.invalidValue(
            "an NSDictionary object needs a JSON object as value", at: place, path: path)
        }
      default:  // UIImage
        guard object.file != nil else {
          throw SourceProfileError.missingField("object.file", at: place, path: path)
        }
      }
    }
    for (type, code) in failures ?? [:] {
      guard !type.isEmpty, SourceProfile.failureCodes.contains(code) else {
        throw SourceProfileError.invalidValue(
          "failure \(type): \(code) is not an NSItemProviderErrorDomain code (-1, -1000, -1100,"
            + " -1200)", at: place, path: path)
      }
    }
  }
}
