import Foundation

/// The one writer of property lists the package makes (shortcut workflows, a source's
/// dictionaries, an item's options and extras): byte-stable, whatever order a dictionary
/// holds its keys in.
///
/// `PropertyListSerialization` on Linux writes a dictionary's keys in the order the dictionary
/// enumerates them, which for a Swift dictionary changes from process to process (hashing is
/// seeded per process): two runs wrote different bytes for the same value, so a digest of them
/// never matched twice (a type matrix that failed on its own rerun). This writer sorts every
/// dictionary's keys and writes through `PropertyListEncoder`, which keeps the order given.
package enum PropertyListWriter {
  /// Why a value cannot be written: what was found where.
  package struct Unsupported: Error, Sendable, CustomStringConvertible {
    /// Where in the value (`Parameters.ItemClass`, `[2]`).
    package var path: String
    /// The type found.
    package var found: String

    package var description: String {
      "\(path.isEmpty ? "the value" : path): \(found) cannot be held in a property list"
    }
  }

  /// `value` (a tree of dictionaries with string keys, arrays, strings, numbers, Booleans,
  /// dates and data, as Foundation or Swift types) as a property list in `format`.
  ///
  /// - Throws: `Unsupported` for anything a property list cannot hold (a null, a dictionary
  ///   key that is not a string), or the encoder's error.
  package static func data(
    fromPropertyList value: Any, format: PropertyListSerialization.PropertyListFormat = .binary
  ) throws -> Data {
    let node = try Node(value, path: "")
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format == .xml ? .xml : .binary
    return try encoder.encode(node)
  }

  /// A property list value, with dictionaries' keys in sorted order.
  enum Node: Encodable {
    case dictionary([(key: String, value: Node)])
    case array([Node])
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)

    init(_ value: Any, path: String) throws {
      // Swift's own scalars first, by their exact type (a cast would bridge an NSNumber).
      if type(of: value) == Bool.self, let value = value as? Bool {
        self = .bool(value)
        return
      }
      if type(of: value) == Int.self, let value = value as? Int {
        self = .integer(Int64(value))
        return
      }
      if type(of: value) == Double.self, let value = value as? Double {
        self = .real(value)
        return
      }
      switch value {
      case let value as String: self = .string(value)
      case let value as NSString: self = .string(value as String)
      case let value as NSNumber: self = Self.number(value)
      case let value as Int64: self = .integer(value)
      case let value as Date: self = .date(value)
      case let value as Data: self = .data(value)
      case let value as [Any]: self = .array(try Self.elements(value, path: path))
      case let value as NSArray: self = .array(try Self.elements(value as [AnyObject], path: path))
      case let value as [String: Any]: self = .dictionary(try Self.members(value, path: path))
      case let value as NSDictionary:
        var members: [String: Any] = [:]
        for (key, element) in value {
          guard let key = key as? String else {
            throw Unsupported(path: path, found: "a key of \(type(of: key))")
          }
          members[key] = element
        }
        self = .dictionary(try Self.members(members, path: path))
      default:
        throw Unsupported(path: path, found: "\(type(of: value))")
      }
    }

    /// An `NSNumber` as what it holds: a Boolean, a whole number or a real one.
    private static func number(_ number: NSNumber) -> Node {
      // Foundation's Booleans are its two shared instances.
      if number === NSNumber(value: true) || number === NSNumber(value: false) {
        return .bool(number.boolValue)
      }
      let real = number.doubleValue
      if real.rounded() == real, abs(real) < 9.0e18 { return .integer(number.int64Value) }
      return .real(real)
    }

    private static func elements(_ values: [Any], path: String) throws -> [Node] {
      try values.enumerated().map { try Node($1, path: "\(path)[\($0)]") }
    }

    private static func members(_ values: [String: Any], path: String) throws -> [(
      key: String, value: Node
    )] {
      try values.keys.sorted().map { key in
        (key, try Node(values[key] as Any, path: path.isEmpty ? key : "\(path).\(key)"))
      }
    }

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .dictionary(let members):
        var container = encoder.container(keyedBy: Key.self)
        for member in members { try container.encode(member.value, forKey: Key(member.key)) }
      case .array(let elements):
        var container = encoder.unkeyedContainer()
        for element in elements { try container.encode(element) }
      case .string(let value):
        var container = encoder.singleValueContainer()
        try container.encode(value)
      case .integer(let value):
        var container = encoder.singleValueContainer()
        try container.encode(value)
      case .real(let value):
        var container = encoder.singleValueContainer()
        try container.encode(value)
      case .bool(let value):
        var container = encoder.singleValueContainer()
        try container.encode(value)
      case .date(let value):
        var container = encoder.singleValueContainer()
        try container.encode(value)
      case .data(let value):
        var container = encoder.singleValueContainer()
        try container.encode(value)
      }
    }
  }

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
