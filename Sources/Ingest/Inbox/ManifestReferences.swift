import Foundation

/// The file names a manifest this reader cannot read may name, found without trusting its
/// shape: what the sweeper keeps for a manifest of a newer schema, a date it cannot parse, or
/// bytes that are not JSON at all.
///
/// Deliberately generous: every string of a JSON document (keys and values, at any depth, with
/// escapes decoded), and every token of its raw bytes, is taken as a name, and so is the last
/// path component of each. A file is kept when any of them is its name (or its name in
/// `.staging/`). Keeping a file that no share needs costs only space until the manifest is
/// dealt with; removing one a share needs would lose it.
enum ManifestReferences {
  /// The names `bytes` may refer to.
  static func names(in bytes: [UInt8]) -> Set<String> {
    var names = Set<String>()
    func add(_ text: Substring) {
      guard !text.isEmpty, text.utf8.count <= 4096 else { return }
      names.insert(String(text))
      if let slash = text.lastIndex(of: "/") {
        let last = text[text.index(after: slash)...]
        if !last.isEmpty { names.insert(String(last)) }
      }
    }
    if let document = try? JSONSerialization.jsonObject(
      with: Data(bytes), options: [.fragmentsAllowed])
    {
      walk(document) { add(Substring($0)) }
    }
    // The raw tokens too: a document that is not JSON, or a name in an escaped form.
    var token: [UInt8] = []
    func flush() {
      if !token.isEmpty, let text = String(validating: token, as: UTF8.self) {
        add(Substring(text.replacingOccurrences(of: "\\/", with: "/")))
      }
      token.removeAll(keepingCapacity: true)
    }
    for byte in bytes {
      if isDelimiter(byte) { flush() } else { token.append(byte) }
    }
    flush()
    return names
  }

  /// Calls `body` with every string in a `JSONSerialization` document.
  private static func walk(_ value: Any, _ body: (String) -> Void) {
    switch value {
    case let text as String:
      body(text)
    case let array as [Any]:
      for element in array { walk(element, body) }
    case let object as [String: Any]:
      for (key, element) in object {
        body(key)
        walk(element, body)
      }
    default:
      break
    }
  }

  /// Bytes that end a token: JSON and markup punctuation, quotes, spaces and control bytes.
  private static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0..<0x21, 0x7F: true
    case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ","), UInt8(ascii: ":"),
      UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
      UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "("), UInt8(ascii: ")"),
      UInt8(ascii: "="), UInt8(ascii: ";"):
      true
    default: false
    }
  }
}
