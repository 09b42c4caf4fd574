import Foundation

extension ShareManifest {
  /// The manifest as JSON, in this package's form (`currentSchemaVersion`): sorted keys, ISO
  /// 8601 times in UTC, one line.
  ///
  /// Written directly rather than through `JSONEncoder`, which costs a small share more than
  /// copying its file; the bytes are exactly those `JSONEncoder` writes with sorted keys and
  /// unescaped slashes (`ManifestJSONTests` holds the two together, strings of every control
  /// character included), so readers see no difference.
  public func jsonData() throws -> Data {
    var json = JSONText()
    json.open("{")
    json.member("id", id.uuidString)
    json.key("items")
    json.open("[")
    for item in items { json.item(item) }
    json.close("]")
    if !notIncluded.isEmpty {
      json.key("notIncluded")
      json.open("[")
      for omission in notIncluded { json.omission(omission) }
      json.close("]")
    }
    json.member("receivedAt", ManifestDate.format(receivedAt))
    json.key("schemaVersion")
    json.number(Int64(Self.currentSchemaVersion))
    json.member("source", source)
    json.member("title", title)
    json.close("}")
    return Data(json.bytes)
  }
}

/// JSON text written piece by piece, the way `JSONEncoder` writes it: no spaces, members in
/// the order given (callers give them sorted), strings escaped as it escapes them.
private struct JSONText {
  var bytes: [UInt8] = []
  /// For each object or array open: whether it has a member or element yet.
  private var started: [Bool] = []

  init() {
    bytes.reserveCapacity(1024)
  }

  /// Opens an object (`{`) or an array (`[`), as a value in place.
  mutating func open(_ bracket: Unicode.Scalar) {
    element()
    bytes.append(UInt8(ascii: bracket))
    started.append(false)
  }

  mutating func close(_ bracket: Unicode.Scalar) {
    started.removeLast()
    bytes.append(UInt8(ascii: bracket))
  }

  /// A member's key; its value follows.
  mutating func key(_ key: StaticString) {
    element()
    bytes.append(UInt8(ascii: "\""))
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    // The value that follows is not an element of its own.
    started[started.count - 1] = false
  }

  mutating func item(_ item: ShareManifest.Item) {
    open("{")
    if let byteCount = item.byteCount {
      key("byteCount")
      number(byteCount)
    }
    member("file", item.file)
    member("kind", item.kind.rawValue)
    member("sha256", item.sha256)
    member("suggestedName", item.suggestedName)
    member("text", item.text)
    member("typeIdentifier", item.typeIdentifier)
    member("url", item.url)
    close("}")
  }

  /// A member whose value is a string; none when it is nil (as `encodeIfPresent` leaves it).
  mutating func member(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    key(name)
    string(value)
  }

  mutating func omission(_ omission: ShareManifest.Omission) {
    open("{")
    member("attachment", omission.attachment)
    key("offeredTypes")
    open("[")
    for type in omission.offeredTypes { string(type) }
    close("]")
    member("reason", omission.reason)
    close("}")
  }

  mutating func number(_ value: Int64) {
    element()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A string, escaped as `JSONEncoder` escapes it: quote and backslash, `\b \t \n \f \r`,
  /// other control characters as `\u00xx`; everything else (slashes included) as it is.
  mutating func string(_ value: String) {
    element()
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
      case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
      case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
      case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0..<0x20:
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
        bytes += [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Before a value or key: a comma when it is not the first in its object or array.
  private mutating func element() {
    guard let last = started.last else { return }
    if last { bytes.append(UInt8(ascii: ",")) }
    started[started.count - 1] = true
  }
}
