/// The tokenizer of `JavaScriptClassifier`: ECMAScript's input elements, enough to tell its
/// code from other text. It fails (nil) at what JavaScript's lexical grammar does not allow: a
/// byte no token starts with, a string broken by a line end, brackets that do not nest, or a
/// comment or string left open at the end of a whole file.
extension JavaScriptClassifier {
  enum Tokenizer {
    /// Punctuators, longest first, so that the longest match wins.
    static let punctuators: [[UInt8]] = [
      ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
      "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=",
      "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>",
      "{", "}", "(", ")", "[", "]", ";", ",", "<", ">", "+", "-", "*", "%", "&", "|", "^",
      "!", "~", "?", ":", "=", ".", "@", "/",
    ].map { Array($0.utf8) }

    /// The punctuators by their first byte, longest first.
    static let punctuatorsByFirstByte: [[[UInt8]]] = {
      var table = [[[UInt8]]](repeating: [], count: 128)
      for punctuator in punctuators { table[Int(punctuator[0])].append(punctuator) }
      return table
    }()

    /// Names after which `/` starts a regular expression rather than a division.
    static let regexAfter: Set<String> = [
      "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw",
      "yield", "await", "instanceof",
    ]

    static func tokens(_ text: [UInt8], from start: Int, isWhole: Bool, limit: Int) -> [Token]? {
      var tokens: [Token] = []
      var brackets: [UInt8] = []
      var index = start
      var line = 1
      var atLineStart = true
      func isNameStart(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || byte == 0x5F
          || byte == 0x24 || byte >= 0x80
      }
      func isNamePart(_ byte: UInt8) -> Bool { isNameStart(byte) || (0x30...0x39).contains(byte) }

      while index < text.count, tokens.count < limit {
        let byte = text[index]
        if byte == 0x0A {
          line += 1
          atLineStart = true
          index += 1
          continue
        }
        if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C {
          index += 1
          continue
        }
        if text.matches(ascii: "//", at: index) {
          while index < text.count, text[index] != 0x0A { index += 1 }
          continue
        }
        if text.matches(ascii: "/*", at: index) {
          guard let end = text.firstIndex(of: Array("*/".utf8), from: index + 2) else {
            return isWhole ? nil : tokens
          }
          line += text[index..<end].filter { $0 == 0x0A }.count
          index = end + 2
          continue
        }
        let lineStart = atLineStart
        atLineStart = false
        if byte == 0x23 {  // #
          if index + 1 < text.count, isNameStart(text[index + 1]), !lineStart {
            index += 1  // a private name, `this.#count`: read as a name below
          } else {
            tokens.append(Token(kind: .punctuator, text: "#", line: line))
            return tokens
          }
        }
        let current = text[index]
        if current == 0x22 || current == 0x27 {  // ' "
          var at = index + 1
          while at < text.count, text[at] != current {
            if text[at] == 0x0A { return nil }
            at += text[at] == 0x5C ? 2 : 1
          }
          guard at < text.count else { return isWhole ? nil : tokens }
          tokens.append(Token(kind: .string, text: "", line: line))
          index = at + 1
          continue
        }
        if current == 0x60 {  // `
          var at = index + 1
          while at < text.count, text[at] != 0x60 {
            if text[at] == 0x0A { line += 1 }
            at += text[at] == 0x5C ? 2 : 1
          }
          guard at < text.count else { return isWhole ? nil : tokens }
          tokens.append(Token(kind: .template, text: "", line: line))
          index = at + 1
          continue
        }
        if (0x30...0x39).contains(current)
          || (current == 0x2E && index + 1 < text.count && (0x30...0x39).contains(text[index + 1]))
        {
          var at = index + 1
          while at < text.count,
            isNamePart(text[at]) || text[at] == 0x2E
              || ((text[at] == 0x2B || text[at] == 0x2D) && (text[at - 1] | 0x20) == 0x65)
          {
            at += 1
          }
          tokens.append(Token(kind: .number, text: "", line: line))
          index = at
          continue
        }
        if isNameStart(current) {
          var at = index + 1
          while at < text.count, isNamePart(text[at]) { at += 1 }
          let name = at - index <= 15 ? String(decoding: text[index..<at], as: UTF8.self) : ""
          tokens.append(Token(kind: .name, text: name, line: line))
          index = at
          continue
        }
        if current == 0x2F, startsRegex(after: tokens.last) {
          guard let end = regexEnd(text, from: index) else { return nil }
          tokens.append(Token(kind: .regex, text: "", line: line))
          index = end
          continue
        }
        guard current < 0x80,
          let punctuator = punctuatorsByFirstByte[Int(current)].first(where: {
            text.matches($0, at: index)
          })
        else { return nil }
        let symbol = String(decoding: punctuator, as: UTF8.self)
        switch punctuator[0] {
        case 0x28, 0x5B, 0x7B: brackets.append(punctuator[0])
        case 0x29, 0x5D, 0x7D:
          let opener: UInt8 = punctuator[0] == 0x29 ? 0x28 : punctuator[0] == 0x5D ? 0x5B : 0x7B
          guard brackets.popLast() == opener else { return nil }
        default: break
        }
        tokens.append(Token(kind: .punctuator, text: symbol, line: line))
        index += punctuator.count
      }
      return tokens
    }

    /// Whether `/` after `previous` starts a regular expression literal.
    static func startsRegex(after previous: Token?) -> Bool {
      guard let previous else { return true }
      switch previous.kind {
      case .punctuator: return ![")", "]", "}"].contains(previous.text)
      case .name: return regexAfter.contains(previous.text)
      default: return false
      }
    }

    /// The end of a regular expression literal at `start` (its flags included), or nil when
    /// a line ends inside it.
    static func regexEnd(_ text: [UInt8], from start: Int) -> Int? {
      var at = start + 1
      var inClass = false
      while at < text.count {
        switch text[at] {
        case 0x0A: return nil
        case 0x5C: at += 1
        case 0x5B: inClass = true
        case 0x5D: inClass = false
        case 0x2F where !inClass:
          at += 1
          while at < text.count, (0x61...0x7A).contains(text[at]) { at += 1 }
          return at
        default: break
        }
        at += 1
      }
      return nil
    }
  }
}
