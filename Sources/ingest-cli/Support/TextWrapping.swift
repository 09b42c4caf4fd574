/// Wraps help, reasons, traces and warnings to a terminal's width: presentation, so it lives in
/// the command line, not in the libraries (they give reasons and traces as plain strings and
/// structured values).
///
/// Lines break at spaces; a word longer than a line (a 52-character Info.plist key, a long type
/// identifier) stays whole on a line of its own rather than being cut. Continuation lines are
/// indented, so a wrapped reason still reads as one item. Widths count characters, which is
/// what a terminal shows for the ASCII this package's messages are made of.
enum TextWrapping {
  /// The width used when none is known, such as when output is not a terminal.
  static let defaultWidth = 80

  /// The narrowest width wrapping honours; narrower requests wrap at this width.
  static let minimumWidth = 20

  /// Wraps `text` to `width` columns.
  ///
  /// - Parameters:
  ///   - text: The text; its own line breaks are kept, each line wrapped on its own.
  ///   - width: The number of columns.
  ///   - prefix: Written before the first line, such as `reason: ` (counted in its width).
  ///   - indent: The number of spaces before each continuation line.
  /// - Returns: The wrapped lines joined with `\n`, without a trailing line break.
  static func wrap(_ text: String, width: Int, prefix: String = "", indent: Int = 2)
    -> String
  {
    let width = max(width, minimumWidth)
    let continuation = String(repeating: " ", count: max(0, min(indent, width / 2)))
    var lines: [String] = []
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (number, paragraph) in paragraphs.enumerated() {
      var line = number == 0 ? prefix : continuation
      var isEmpty = true
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        if isEmpty {
          line += word
          isEmpty = word.isEmpty
        } else if line.count + 1 + word.count <= width {
          line += " " + word
        } else {
          // The spaces where a line breaks are not kept at its end.
          while line.last == " " { line.removeLast() }
          lines.append(line)
          line = continuation + word
          isEmpty = word.isEmpty
        }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
