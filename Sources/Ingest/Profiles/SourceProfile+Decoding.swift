import Foundation

// A profile is read as strictly as its schema is written: a field the schema does not name is
// refused where it is, with the nearest known field (a misspelt `suggestedNmae` would otherwise
// be dropped, and the row built from the profile test something else than it says).

extension SourceProfile {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case schemaVersion, name, title, app, provenance, items
  }

  /// Reads a profile, refusing fields the schema does not name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.refuseUnknownKeys(known: CodingKeys.allCases.map(\.stringValue), in: decoder)
    guard
      let version = try container.decodeInteger(Int.self, forKey: .schemaVersion, in: 0...Int.max)
    else {
      throw DecodingError.keyNotFound(
        CodingKeys.schemaVersion,
        .init(codingPath: container.codingPath, debugDescription: "missing"))
    }
    self.init(
      schemaVersion: version,
      name: try container.decode(String.self, forKey: .name),
      title: try container.decode(String.self, forKey: .title),
      app: try container.decode(String.self, forKey: .app),
      provenance: try container.decode(String.self, forKey: .provenance),
      items: try container.decode([Item].self, forKey: .items))
  }
}

extension SourceProfile.Item {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case attributedTitle, attributedContentText, attachments
  }

  /// Reads an extension item, refusing fields the schema does not name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.refuseUnknownKeys(known: CodingKeys.allCases.map(\.stringValue), in: decoder)
    self.init(
      attributedTitle: try container.decodeIfPresent(String.self, forKey: .attributedTitle),
      attributedContentText: try container.decodeIfPresent(
        String.self, forKey: .attributedContentText),
      attachments: try container.decode([SourceProfile.Attachment].self, forKey: .attachments))
  }
}

extension SourceProfile.Attachment {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case suggestedName, representations
  }

  /// Reads an attachment, refusing fields the schema does not name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.refuseUnknownKeys(known: CodingKeys.allCases.map(\.stringValue), in: decoder)
    self.init(
      suggestedName: try container.decodeIfPresent(String.self, forKey: .suggestedName),
      representations: try container.decode(
        [SourceProfile.Representation].self, forKey: .representations))
  }
}

extension SourceProfile.Representation {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case typeIdentifier, delivery, file, files, object, failures
  }

  /// Reads a representation, refusing fields the schema does not name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.refuseUnknownKeys(known: CodingKeys.allCases.map(\.stringValue), in: decoder)
    self.init(
      typeIdentifier: try container.decode(String.self, forKey: .typeIdentifier),
      delivery: try container.decode(SourceProfile.Delivery.self, forKey: .delivery),
      file: try container.decodeIfPresent(String.self, forKey: .file),
      files: try container.decodeIfPresent([String].self, forKey: .files),
      object: try container.decodeIfPresent(SourceProfile.ObjectValue.self, forKey: .object),
      failures: try container.decodeIfPresent([String: Int].self, forKey: .failures))
  }
}

extension SourceProfile.ObjectValue {
  /// Reads an object delivery, refusing fields the schema does not name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.refuseUnknownKeys(known: ["class", "value", "file"], in: decoder)
    self.init(
      className: try container.decode(String.self, forKey: .className),
      value: try container.decodeIfPresent(JSONValue.self, forKey: .value),
      file: try container.decodeIfPresent(String.self, forKey: .file))
  }
}
