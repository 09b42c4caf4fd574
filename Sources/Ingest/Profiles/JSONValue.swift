import Foundation

/// A JSON value of a profile's object (`NSDictionary` values, URL and text strings).
public enum JSONValue: Codable, Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Decodes any JSON value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value as JSON, an object's members in sorted order (a Swift dictionary's own
  /// order changes from process to process: written files must not).
  public func encode(to encoder: any Encoder) throws {
    if case .object(let members) = self {
      var container = encoder.container(keyedBy: AnyCodingKey.self)
      for key in members.keys.sorted() {
        try container.encode(members[key], forKey: AnyCodingKey(key))
      }
      return
    }
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object: break
    }
  }

  /// The string, when the value is one.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The value as a property list object (`NSDictionary`, `NSArray`, `NSString`, `NSNumber`);
  /// nil for JSON `null`, which property lists cannot hold.
  public var propertyListObject: Any? {
    switch self {
    case .null: return nil
    case .bool(let value): return NSNumber(value: value)
    case .number(let value):
      return value.rounded() == value && abs(value) < 1e15
        ? NSNumber(value: Int64(value)) : NSNumber(value: value)
    case .string(let value): return value as NSString
    case .array(let values): return NSArray(array: values.compactMap(\.propertyListObject))
    case .object(let members):
      let dictionary = NSMutableDictionary()
      for (key, value) in members {
        if let object = value.propertyListObject { dictionary[key] = object }
      }
      return dictionary
    }
  }
}
