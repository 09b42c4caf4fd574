/// Text from outside (file names, paths) made safe to print on a line of a terminal.
///
/// A name holding a newline, a carriage return or an escape sequence could otherwise forge an
/// output line or move the cursor. Such names are printed the way GNU `ls` and bash quote them:
/// `$'a\nb'`, with C escapes for control characters and bidirectional overrides; any other
/// name is printed as it is.
public enum TerminalText {
  /// `text` as it is when it holds nothing that could act on a terminal, else `$'...'`.
  public static func quoted(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = "$'"
    for scalar in text.unicodeScalars { append(scalar, to: &out) }
    return out + "'"
  }

  /// A name as the system gave it, which may not be valid UTF-8 (a file name), quoted as GNU
  /// `ls` quotes it: as ``quoted(_:)`` when it is valid UTF-8, else `$'...'` with each byte of
  /// an invalid sequence written `\xNN`, so no byte is lost or passed to the terminal raw.
  public static func quoted(bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return quoted(text) }
    var out = "$'"
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var position = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        position += encoded.count
        append(Unicode.UTF8.decode(encoded), to: &out)
      case .error(let length):
        for byte in bytes[position..<(position + length)] {
          out += "\\x" + pad(String(byte, radix: 16, uppercase: true), 2)
        }
        position += length
      case .emptyInput:
        return out + "'"
      }
    }
  }

  /// Appends `scalar` to the inside of a `$'...'` string, escaped when it must be.
  private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
    switch scalar {
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case "\u{1B}": out += "\\E"
    case "\\": out += "\\\\"
    case "'": out += "\\'"
    default:
      if needsEscape(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += scalar.value < 0x100 ? "\\x" + pad(hex, 2) : "\\u" + pad(hex, 4)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }

  /// `text` quoted as ``quoted(_:)`` quotes it, shortened to at most `limit` characters with
  /// an ellipsis, for echoing a value a user or a file gave (an argument, a field) inside a
  /// message: a 10 MB value never becomes a 10 MB error line.
  public static func shortened(_ text: String, limit: Int = 80) -> String {
    guard text.count > limit else { return quoted(text) }
    return quoted(String(text.prefix(limit))) + "…"
  }

  /// A value echoed inside a sentence: `'reject'`, or `$'…'` when it holds anything that could
  /// act on a terminal; shortened to `limit` characters with an ellipsis.
  public static func echoed(_ text: String, limit: Int = 80) -> String {
    NameQuoting.terminal.echoed(text, limit: limit)
  }

  /// `text` cut to at most `columns` terminal columns with an ellipsis (East Asian wide
  /// characters take two columns), for a line that must stay one line on a screen.
  public static func fitted(_ text: String, columns: Int) -> String {
    var used = 0
    var result = ""
    for character in text {
      let width = character.unicodeScalars.first.map(isWide) == true ? 2 : 1
      if used + width > columns - 1 {
        return result + "…"
      }
      used += width
      result.append(character)
    }
    return text
  }

  /// Whether `scalar` takes two columns on a terminal (East Asian wide and full-width forms).
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }

  /// A message for standard error made safe whatever went into it: every character that could
  /// act on a terminal except the line breaks between its lines replaced by U+FFFD, and each
  /// line cut at `lineLimit` characters with an ellipsis. The last guard behind the quoting
  /// of each value a message holds.
  public static func safeMessage(_ text: String, lineLimit: Int = 1000) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let cut = line.count > lineLimit ? line.prefix(lineLimit) + "…" : line
      return excerpt(String(cut))
    }.joined(separator: "\n")
  }

  /// `text` with each character that could act on a terminal replaced by U+FFFD and each tab
  /// by a space, one character for one, for excerpts under which a caret must line up.
  public static func excerpt(_ text: String) -> String {
    String(
      text.map { character -> Character in
        if character == "\t" { return " " }
        return character.unicodeScalars.contains(where: needsEscape) ? "\u{FFFD}" : character
      })
  }

  /// Whether `scalar` is a control character (C0, DEL, C1), a line or paragraph separator or a
  /// bidirectional override or isolate, any of which can change how a line reads.
  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F:
      true
    default:
      false
    }
  }

  private static func pad(_ hex: String, _ width: Int) -> String {
    String(repeating: "0", count: max(0, width - hex.count)) + hex
  }
}
