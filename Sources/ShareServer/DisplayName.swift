import Foundation

/// A file name a client gave (a form part's `filename`, a raw body's `Content-Disposition`),
/// made fit to show: the last component of a path (`C:\Users\me\Q3 report.pdf` is
/// `Q3 report.pdf`), without control characters (no NUL, no line break, nothing a terminal
/// acts on), trimmed, at most 255 bytes of UTF-8 (cut between characters). It becomes the
/// file's suggested name, display-only: no file is ever named by it, and every page and
/// terminal escapes it when it shows it.
struct DisplayName: Sendable, Hashable {
  /// The name to show.
  let text: String

  /// The name `raw` shows as; nil when nothing is left of it (empty, `.`, `..`).
  init?(_ raw: String) {
    let last = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
    var scalars = String.UnicodeScalarView()
    for scalar in last.unicodeScalars
    where !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) {
      scalars.append(scalar)
    }
    var name = String(scalars).trimmingCharacters(in: .whitespaces)
    while name.utf8.count > 255 { name.removeLast() }
    guard !name.isEmpty, name != ".", name != ".." else { return nil }
    text = name
  }

  /// The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (RFC 8187,
  /// `UTF-8''` and percent-encoded bytes) before `filename` (a token or a quoted string);
  /// nil when it gives none.
  init?(contentDisposition header: String) {
    var plain: String?
    var extended: String?
    for parameter in Self.parameters(header) {
      switch parameter.name {
      case "filename*": extended = Self.extendedValue(parameter.value)
      case "filename": plain = parameter.value
      default: continue
      }
    }
    guard let raw = extended ?? plain else { return nil }
    self.init(raw)
  }

  /// The `name=value` parameters after the disposition type, names lowercased, quoted values
  /// unquoted (`\"` and `\\` unescaped).
  static func parameters(_ header: String) -> [(name: String, value: String)] {
    var result: [(String, String)] = []
    var scalars = Array(header.unicodeScalars)[...]
    // The disposition type.
    while let first = scalars.first, first != ";" { scalars.removeFirst() }
    while !scalars.isEmpty {
      scalars.removeFirst()  // ";"
      var name = ""
      while let first = scalars.first, first != "=", first != ";" {
        name.unicodeScalars.append(first)
        scalars.removeFirst()
      }
      guard scalars.first == "=" else { continue }
      scalars.removeFirst()
      while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
      var value = ""
      if scalars.first == "\"" {
        scalars.removeFirst()
        while let first = scalars.first, first != "\"" {
          scalars.removeFirst()
          if first == "\\", let escaped = scalars.first {
            value.unicodeScalars.append(escaped)
            scalars.removeFirst()
          } else {
            value.unicodeScalars.append(first)
          }
        }
        if !scalars.isEmpty { scalars.removeFirst() }
        while let first = scalars.first, first != ";" { scalars.removeFirst() }
      } else {
        while let first = scalars.first, first != ";" {
          value.unicodeScalars.append(first)
          scalars.removeFirst()
        }
        value = value.trimmingCharacters(in: .whitespaces)
      }
      result.append((name.trimmingCharacters(in: .whitespaces).lowercased(), value))
    }
    return result
  }

  /// An RFC 8187 value, `UTF-8'language'percent-encoded`: the text, when its charset is
  /// UTF-8 and its bytes are UTF-8.
  static func extendedValue(_ value: String) -> String? {
    let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].lowercased() == "utf-8" else { return nil }
    var bytes: [UInt8] = []
    var utf8 = Array(parts[2].utf8)[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard utf8.count >= 2, let high = hexDigit(utf8.removeFirst()),
        let low = hexDigit(utf8.removeFirst())
      else { return nil }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
