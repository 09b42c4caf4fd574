/// Why a property list was refused, and where: the byte offset and the rule it broke.
public struct PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The rule a property list broke.
  public enum Rule: Sendable, Hashable {
    /// The input holds no bytes.
    case empty
    /// The input is larger than the limit chosen for its use.
    case tooLarge(byteCount: Int, limit: Int)
    /// The input is neither a binary property list (`bplist00`) nor an XML one.
    case unknownFormat
    /// A binary property list of another version than `00` (`bplist15`, `bplist16`...), which
    /// Foundation does not read.
    case unsupportedVersion(String)
    /// An XML property list in an encoding other than UTF-8 (or another ASCII superset).
    case unsupportedEncoding(String)
    /// The binary trailer or offset table is inconsistent; the text says which field.
    case malformedTrailer(String)
    /// An entry of the offset table points outside the object data.
    case offsetOutOfRange(object: Int)
    /// An object's marker, length or contents are not what the format allows.
    case malformedObject(object: Int, String)
    /// An object type the format reserves or that the readers here refuse (sets, which crash
    /// Foundation; UIDs, which only keyed archives use; ordered sets; newer formats' types).
    case unsupportedObjectType(marker: UInt8)
    /// An array or dictionary refers to an object that does not exist.
    case referenceOutOfRange(reference: Int, objectCount: Int)
    /// A dictionary key is not a string.
    case keyNotString(object: Int)
    /// An array or dictionary contains itself.
    case cycle(object: Int)
    /// Values nest deeper than the limit.
    case tooDeep(limit: Int)
    /// The parsed value would hold more objects than the limit, counting every reference.
    case tooManyObjects(limit: Int)
    /// The XML is not well formed where the scan looks: the text says what.
    case malformedXML(String)
    /// Foundation's parser refused what the checks let through; the text is its message.
    case rejectedByParser(String)
  }

  /// The byte offset the problem was found at, when it has one.
  public var offset: Int?
  /// The rule that was broken.
  public var rule: Rule

  /// Creates an error.
  public init(_ rule: Rule, at offset: Int? = nil) {
    self.rule = rule
    self.offset = offset
  }

  /// `at byte N: what is wrong`, or just what is wrong when there is no offset.
  public var description: String {
    guard let offset else { return rule.description }
    return "at byte \(offset): \(rule)"
  }
}

extension PropertyListError.Rule: CustomStringConvertible {
  /// What is wrong, in words.
  public var description: String {
    switch self {
    case .empty:
      "the property list is empty"
    case .tooLarge(let byteCount, let limit):
      "the property list holds \(byteCount) bytes, more than the \(limit) accepted here"
    case .unknownFormat:
      "not a property list: neither binary (bplist00) nor XML"
    case .unsupportedVersion(let version):
      "binary property list version \(version) is not read here (only bplist00)"
    case .unsupportedEncoding(let encoding):
      "XML property lists in \(encoding) are not read here: convert it to UTF-8"
        + " (plutil -convert xml1) or to binary"
    case .malformedTrailer(let what):
      "the binary property list's trailer is malformed: \(what)"
    case .offsetOutOfRange(let object):
      "the offset of object \(object) points outside the object data"
    case .malformedObject(let object, let what):
      "object \(object) is malformed: \(what)"
    case .unsupportedObjectType(let marker):
      "object type 0x\(String(marker >> 4, radix: 16, uppercase: true))"
        + " (\(Self.typeName(marker: marker))) is not accepted here"
    case .referenceOutOfRange(let reference, let objectCount):
      "a reference to object \(reference), but there are only \(objectCount) objects"
    case .keyNotString(let object):
      "a dictionary key (object \(object)) is not a string"
    case .cycle(let object):
      "object \(object) contains itself"
    case .tooDeep(let limit):
      "values nest more than \(limit) levels deep"
    case .tooManyObjects(let limit):
      "the property list holds more than \(limit) objects, counting every reference"
    case .malformedXML(let what):
      "malformed XML: \(what)"
    case .rejectedByParser(let message):
      "not a valid property list: \(message)"
    }
  }

  /// The name of a binary object type that is refused.
  static func typeName(marker: UInt8) -> String {
    switch marker >> 4 {
    case 0x0: marker == 0x0F ? "fill byte" : "a type of a newer format"
    case 0x7: "UTF-8 string, a type of a newer format"
    case 0x8: "UID, used only by keyed archives"
    case 0xB: "ordered set"
    case 0xC: "set, which Foundation cannot bridge"
    default: "reserved"
    }
  }
}
