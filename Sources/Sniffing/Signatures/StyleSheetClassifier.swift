/// CSS style sheets (`public.css`), recognized by parsing their statements as CSS Syntax
/// Level 3 lays them out, from the first byte: at-rules (`@charset`, `@import`, `@media { ... }`,
/// `@font-face { ... }`, `@keyframes`) and qualified rules (a selector, then a block of
/// `property: value;` declarations, or nested rules), with comments anywhere.
///
/// Every statement up to the end of the sample must parse: the first thing that is not CSS (a
/// selector holding `=` outside brackets or a call that is not a pseudo-class, as code does; a
/// block item that is neither a declaration nor a rule; an unknown at-rule, as in LESS or SCSS)
/// refuses the file. It takes at least two rules and one declaration (one rule if that is the
/// whole file), so one line never decides.
enum StyleSheetClassifier {
  /// At-rules whose block holds rules; the others' blocks hold declarations, or (keyframes)
  /// rules whose selectors are `from`, `to` and percentages.
  static let groupingAtRules: Set<String> = [
    "media", "supports", "document", "-moz-document", "layer", "container", "scope",
    "starting-style", "keyframes", "-webkit-keyframes", "-moz-keyframes", "-o-keyframes",
  ]
  static let otherAtRules: Set<String> = [
    "charset", "import", "namespace", "font-face", "page", "property", "counter-style",
    "font-feature-values", "font-palette-values", "viewport", "-ms-viewport", "color-profile",
  ]

  static func detect(_ text: [UInt8], from start: Int, isWhole: Bool) -> Detection? {
    var parser = Parser(text: text, position: start)
    var rules = 0
    var declarations = 0
    while true {
      parser.skipTrivia()
      guard parser.position < text.count else { break }
      switch parser.statement(depth: 0, declarations: &declarations) {
      case .complete:
        rules += 1
      case .cut:
        guard !isWhole else { return nil }
        return verdict(rules: rules, declarations: declarations, isWhole: false)
      case .invalid:
        return nil
      }
      if rules >= 64 { break }
    }
    return verdict(rules: rules, declarations: declarations, isWhole: isWhole)
  }

  private static func verdict(rules: Int, declarations: Int, isWhole: Bool) -> Detection? {
    guard declarations >= 1, rules >= 2 || (isWhole && rules == 1) else { return nil }
    return Detection(
      "public.css", mimeType: "text/css",
      note: "CSS syntax: \(rules) rules, \(declarations) declarations")
  }

  enum Outcome { case complete, cut, invalid }

  struct Parser {
    let text: [UInt8]
    var position: Int

    /// Skips white space, comments and the `<!--` `-->` tokens CSS allows around a sheet.
    mutating func skipTrivia() {
      while position < text.count {
        let byte = text[position]
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
          position += 1
        } else if text.matches(ascii: "/*", at: position) {
          guard let end = text.firstIndex(of: Array("*/".utf8), from: position + 2) else {
            position = text.count
            return
          }
          position = end + 2
        } else if text.matches(ascii: "<!--", at: position) {
          position += 4
        } else if text.matches(ascii: "-->", at: position) {
          position += 3
        } else {
          return
        }
      }
    }

    /// One at-rule or qualified rule.
    mutating func statement(depth: Int, declarations: inout Int) -> Outcome {
      guard depth < 6 else { return .invalid }
      if text[position] == 0x40 {  // @
        var end = position + 1
        while end < text.count, isNameByte(text[end]) { end += 1 }
        let name = String(decoding: text[(position + 1)..<end], as: UTF8.self).lowercased()
        guard Self.isKnownAtRule(name) else { return end >= text.count ? .cut : .invalid }
        position = end
        switch prelude(isSelector: false) {
        case .invalid: return .invalid
        case .cut: return .cut
        case .complete: break
        }
        if text[position] == 0x3B {  // ;
          position += 1
          return .complete
        }
        position += 1  // {
        return StyleSheetClassifier.groupingAtRules.contains(name)
          ? rules(depth: depth + 1, declarations: &declarations)
          : block(depth: depth + 1, declarations: &declarations)
      }
      switch prelude(isSelector: true) {
      case .invalid: return .invalid
      case .cut: return .cut
      case .complete: break
      }
      guard text[position] == 0x7B else { return .invalid }  // a selector ends at {
      position += 1
      return block(depth: depth + 1, declarations: &declarations)
    }

    static func isKnownAtRule(_ name: String) -> Bool {
      StyleSheetClassifier.groupingAtRules.contains(name)
        || StyleSheetClassifier.otherAtRules.contains(name)
    }

    /// A prelude up to `{` or `;` (left at `position`). A selector may not hold `;`, `}`,
    /// `=` outside attribute brackets, or `(` other than a pseudo-class's (`:not(`).
    mutating func prelude(isSelector: Bool) -> Outcome {
      var brackets = 0
      var parentheses = 0
      let start = position
      while position < text.count {
        let byte = text[position]
        switch byte {
        case 0x7B where brackets == 0 && parentheses == 0:  // {
          return position > start || !isSelector ? .complete : .invalid
        case 0x3B where !isSelector && parentheses == 0:  // ;
          return .complete
        case 0x3B, 0x7D:  // ; }
          return .invalid
        case 0x22, 0x27:  // a string
          guard skipString() else { return .cut }
          continue
        case 0x5B: brackets += 1
        case 0x5D: brackets -= 1
        case 0x28:  // (
          if isSelector {
            var back = position - 1
            while back > start, isNameByte(text[back]) { back -= 1 }
            guard back >= start, text[back] == 0x3A else { return .invalid }
          }
          parentheses += 1
        case 0x29: parentheses -= 1
        case 0x3D where isSelector && brackets == 0: return .invalid  // =
        default:
          if isSelector, byte < 0x80, !Self.selectorBytes.contains(byte) { return .invalid }
        }
        guard brackets >= 0, parentheses >= 0, position - start < 2048 else { return .invalid }
        position += 1
      }
      return .cut
    }

    /// ASCII bytes a selector may hold besides brackets, parentheses and quotes.
    static let selectorBytes = Set(
      Array(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.#:,>+~*^$|%!&\\/ \t\r\n@"
          .utf8))

    /// Rules up to the closing `}`.
    mutating func rules(depth: Int, declarations: inout Int) -> Outcome {
      while true {
        skipTrivia()
        guard position < text.count else { return .cut }
        if text[position] == 0x7D {
          position += 1
          return .complete
        }
        let outcome = statement(depth: depth, declarations: &declarations)
        guard outcome == .complete else { return outcome }
      }
    }

    /// Declarations (and nested rules) up to the closing `}`.
    mutating func block(depth: Int, declarations: inout Int) -> Outcome {
      while true {
        skipTrivia()
        guard position < text.count else { return .cut }
        switch text[position] {
        case 0x7D:
          position += 1
          return .complete
        case 0x3B:
          position += 1
          continue
        default:
          break
        }
        let itemStart = position
        var end = position
        while end < text.count, isNameByte(text[end]) || text[end] == 0x2A { end += 1 }
        position = end
        skipTrivia()
        if end > itemStart, position < text.count, text[position] == 0x3A {
          position += 1
          switch value() {
          case .complete:
            declarations += 1
            continue
          case .cut:
            return .cut
          case .invalid:
            break  // a `{` in the value: a nested rule such as `a:hover { ... }`
          }
        }
        guard position < text.count else { return .cut }
        position = itemStart
        let outcome = statement(depth: depth, declarations: &declarations)
        guard outcome == .complete else { return outcome }
      }
    }

    /// A declaration's value, up to `;` (consumed) or `}` (left); `.invalid` at a `{`.
    mutating func value() -> Outcome {
      var parentheses = 0
      while position < text.count {
        switch text[position] {
        case 0x22, 0x27:
          guard skipString() else { return .cut }
          continue
        case 0x28: parentheses += 1
        case 0x29: parentheses -= 1
        case 0x3B where parentheses == 0:
          position += 1
          return .complete
        case 0x7D where parentheses == 0:
          return .complete
        case 0x7B:
          return .invalid
        default:
          break
        }
        position += 1
      }
      return .cut
    }

    /// Skips a quoted string at `position`; false when the text ends inside it.
    mutating func skipString() -> Bool {
      let quote = text[position]
      var at = position + 1
      while at < text.count, text[at] != quote, text[at] != 0x0A {
        at += text[at] == 0x5C ? 2 : 1
      }
      guard at < text.count else { return false }
      position = at + 1
      return true
    }

    func isNameByte(_ byte: UInt8) -> Bool {
      (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
        || byte == 0x2D || byte == 0x5F || byte >= 0x80
    }
  }
}
