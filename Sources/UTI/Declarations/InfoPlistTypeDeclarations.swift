import Foundation
import PropertyLists

/// The type declarations of an `Info.plist`: `UTExportedTypeDeclarations` and
/// `UTImportedTypeDeclarations`, read with the guarded property list reader (XML or binary,
/// within `PropertyListLimits.infoPlist`).
///
/// Values that Apple accepts as "a string or an array of strings" (`UTTypeConformsTo`, the tag
/// specification entries) are accepted in both shapes. Unknown keys are ignored.
struct InfoPlistTypeDeclarations {
  private(set) var declarations: [LocatedDeclaration] = []
  private(set) var warnings: [UTTypeDeclarationWarning] = []

  init(data: Data, source: String) throws(UTTypeDeclarationError) {
    guard !data.isEmpty else {
      throw .malformedPropertyList(source: source, reason: "it is empty")
    }
    let root: Any
    do {
      root = try PropertyListReader(limits: .infoPlist).propertyList(from: data)
    } catch {
      throw .malformedPropertyList(source: source, reason: "\(error)")
    }
    guard let dictionary = root as? [String: Any] else {
      throw .malformedPropertyList(source: source, reason: "the top level is not a dictionary")
    }
    try self.init(root: dictionary)
  }

  /// The declarations of an `Info.plist` already parsed.
  init(root dictionary: [String: Any]) throws(UTTypeDeclarationError) {
    try read(dictionary, key: "UTExportedTypeDeclarations", kind: .exported)
    try read(dictionary, key: "UTImportedTypeDeclarations", kind: .imported)
  }

  private mutating func read(
    _ root: [String: Any],
    key: String,
    kind: UTTypeDeclaration.Kind
  ) throws(UTTypeDeclarationError) {
    guard let value = root[key] else { return }
    guard let entries = value as? [Any] else {
      throw .wrongValueType(keyPath: key, expected: "an array of dictionaries")
    }
    for (offset, entry) in entries.enumerated() {
      let keyPath = "\(key)[\(offset)]"
      guard let entry = entry as? [String: Any] else {
        throw .wrongValueType(keyPath: keyPath, expected: "a dictionary")
      }
      declarations.append(
        LocatedDeclaration(
          declaration: try declaration(entry, keyPath: keyPath, kind: kind),
          keyPath: keyPath
        )
      )
    }
  }

  private func declaration(
    _ entry: [String: Any],
    keyPath: String,
    kind: UTTypeDeclaration.Kind
  ) throws(UTTypeDeclarationError) -> UTTypeDeclaration {
    guard let rawIdentifier = entry["UTTypeIdentifier"] else {
      throw .missingIdentifier(keyPath: keyPath)
    }
    guard let identifier = rawIdentifier as? String else {
      throw .wrongValueType(keyPath: keyPath + ".UTTypeIdentifier", expected: "a string")
    }
    let conformsTo = try strings(entry["UTTypeConformsTo"], keyPath: keyPath + ".UTTypeConformsTo")
    var extensions: [String] = []
    var mimeTypes: [String] = []
    if let rawTags = entry["UTTypeTagSpecification"] {
      let tagsPath = keyPath + ".UTTypeTagSpecification"
      guard let tags = rawTags as? [String: Any] else {
        throw .wrongValueType(keyPath: tagsPath, expected: "a dictionary")
      }
      extensions = try strings(
        tags[UTTagClass.filenameExtension.rawValue],
        keyPath: tagsPath + "." + UTTagClass.filenameExtension.rawValue
      )
      mimeTypes = try strings(
        tags[UTTagClass.mimeType.rawValue],
        keyPath: tagsPath + "." + UTTagClass.mimeType.rawValue
      )
    }
    var description: String?
    if let raw = entry["UTTypeDescription"] {
      guard let text = raw as? String else {
        throw .wrongValueType(keyPath: keyPath + ".UTTypeDescription", expected: "a string")
      }
      description = text
    }
    var referenceURL: URL?
    if let raw = entry["UTTypeReferenceURL"] {
      guard let text = raw as? String else {
        throw .wrongValueType(keyPath: keyPath + ".UTTypeReferenceURL", expected: "a string")
      }
      referenceURL = URL(string: text)
    }
    return UTTypeDeclaration(
      identifier: identifier,
      conformsTo: conformsTo,
      filenameExtensions: extensions.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 },
      mimeTypes: mimeTypes,
      kind: kind,
      description: description,
      referenceURL: referenceURL
    )
  }

  /// A string or an array of strings, as Apple accepts for these keys.
  private func strings(_ value: Any?, keyPath: String) throws(UTTypeDeclarationError) -> [String] {
    switch value {
    case nil: return []
    case let string as String: return [string]
    case let array as [Any]:
      var strings: [String] = []
      for (offset, element) in array.enumerated() {
        guard let string = element as? String else {
          throw .wrongValueType(keyPath: "\(keyPath)[\(offset)]", expected: "a string")
        }
        strings.append(string)
      }
      return strings
    default:
      throw .wrongValueType(keyPath: keyPath, expected: "a string or an array of strings")
    }
  }
}
