import SystemCalls

/// Where something is in a predicate's source text, with the line around it.
public struct PredicateSourceLocation: Sendable, Equatable, Codable {
  /// The line, counting from 1.
  public var line: Int
  /// The column in characters, counting from 1.
  public var column: Int
  /// The text of that line (trimmed to at most 100 characters around the column).
  public var lineText: String
  /// The column of the caret within `lineText`, counting from 1.
  public var caretColumn: Int

  /// Locates a UTF-8 byte offset in `source`.
  init(offset: Int, in source: [UInt8]) {
    let offset = min(max(0, offset), source.count)
    var lineStart = 0
    var line = 1
    for index in 0..<offset where source[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    var lineEnd = offset
    while lineEnd < source.count, source[lineEnd] != UInt8(ascii: "\n"),
      source[lineEnd] != UInt8(ascii: "\r")
    {
      lineEnd += 1
    }
    let before = String(decoding: source[lineStart..<offset], as: UTF8.self)
    let after = String(decoding: source[offset..<lineEnd], as: UTF8.self)
    self.line = line
    self.column = before.count + 1
    // Keep the excerpt short: 60 characters before the caret, 40 after; tabs become spaces so
    // the caret lines up, and control characters U+FFFD so the rule's text cannot act on the
    // terminal that shows the error.
    let shownBefore = before.suffix(60)
    let text = String(shownBefore) + String(after.prefix(40))
    self.lineText = TerminalText.excerpt(text)
    self.caretColumn = shownBefore.count + 1
  }

  /// The line of text with a caret under the column.
  var excerpt: String {
    "  " + lineText + "\n  " + String(repeating: " ", count: caretColumn - 1) + "^"
  }
}
