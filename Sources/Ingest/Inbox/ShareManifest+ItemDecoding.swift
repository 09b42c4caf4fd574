import Foundation

extension ShareManifest.Item {
  /// Reads an item; a `byteCount` must be a whole number from 0 to `Int64.max` (a negative
  /// size, or a fraction, is malformed where it is read, not a surprise in a later sum).
  /// Fields this reader does not know are ignored, as the manifest's discussion says.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    func key(_ name: String) -> AnyCodingKey { AnyCodingKey(name) }
    self.init(
      kind: try container.decode(Kind.self, forKey: key("kind")),
      typeIdentifier: try container.decode(String.self, forKey: key("typeIdentifier")),
      file: try container.decodeIfPresent(String.self, forKey: key("file")),
      byteCount: try container.decodeInteger(
        Int64.self, forKey: key("byteCount"), in: 0...Int64.max),
      sha256: try container.decodeIfPresent(String.self, forKey: key("sha256")),
      suggestedName: try container.decodeIfPresent(String.self, forKey: key("suggestedName")),
      text: try container.decodeIfPresent(String.self, forKey: key("text")),
      url: try container.decodeIfPresent(String.self, forKey: key("url")))
  }
}
