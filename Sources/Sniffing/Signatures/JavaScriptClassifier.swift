/// JavaScript source (`com.netscape.javascript-source`), recognized by tokenizing the sample
/// as ECMAScript's lexical grammar describes it (comments, strings, template literals, regular
/// expressions, numbers, names, punctuators) and weighing what the tokens show.
///
/// The sample must tokenize cleanly, with brackets that nest, and must begin as a script
/// does (a name or keyword, `(`, `!`, `;`, or a directive string: never `{` or `[`, so JSON is
/// never JavaScript). It then needs constructs only JavaScript has, of three different kinds
/// (`function`, `=>`, `===`, `const`/`let`/`var` declarations, `require(...)`,
/// `module.exports`, ES module `import`/`export`, `document.`/`window.`/`console.`,
/// `typeof`, `this.`, `prototype`, `new X(`...), on two lines or more (or in 200 tokens of
/// minified code), and none of what marks other languages: a line starting with `#` (C's
/// preprocessor, Python and shell comments), `def`, `fn`, `func`, `package`, `::`, `:=`,
/// Java's `import a.b.C;`, access modifiers, or TypeScript's type syntax.
enum JavaScriptClassifier {
  enum Kind: Equatable { case name, punctuator, string, template, number, regex }

  struct Token {
    var kind: Kind
    /// The name or punctuator (names longer than 15 bytes are left empty: no keyword is).
    var text: String
    var line: Int
  }

  static let minimumFeatureKinds = 3
  static let openingTokens = 200
  static let maximumTokens = 4000

  static func detect(_ text: [UInt8], from start: Int, isWhole: Bool) -> Detection? {
    // A script shows what it is early: its first tokens must hold a construct only JavaScript
    // has, and nothing foreign, before the whole sample is tokenized.
    guard let opening = Tokenizer.tokens(text, from: start, isWhole: isWhole, limit: openingTokens),
      let first = opening.first, startsScript(first),
      !opening.indices.contains(where: { isForeign(opening, $0) }),
      opening.indices.contains(where: { feature(opening, $0) != nil })
    else { return nil }
    let tokens =
      opening.count < openingTokens
      ? opening : Tokenizer.tokens(text, from: start, isWhole: isWhole, limit: maximumTokens)
    guard let tokens else { return nil }
    var kinds: Set<String> = []
    var lines: Set<Int> = []
    for index in tokens.indices {
      if isForeign(tokens, index) { return nil }
      if let feature = feature(tokens, index) {
        kinds.insert(feature)
        lines.insert(tokens[index].line)
      }
    }
    guard kinds.count >= minimumFeatureKinds, lines.count >= 2 || tokens.count >= 200 else {
      return nil
    }
    return Detection(
      "com.netscape.javascript-source", mimeType: "text/javascript",
      note: "JavaScript tokens: \(kinds.sorted().prefix(4).joined(separator: ", "))")
  }

  private static func startsScript(_ token: Token) -> Bool {
    switch token.kind {
    case .name, .string: return true
    case .punctuator: return ["(", "!", ";", "~", "+", "-"].contains(token.text)
    default: return false
    }
  }

  /// What kind of JavaScript-only construct starts at `index`, if any.
  static func feature(_ tokens: [Token], _ index: Int) -> String? {
    let token = tokens[index]
    func next(_ offset: Int = 1) -> Token? {
      index + offset < tokens.count ? tokens[index + offset] : nil
    }
    switch token.kind {
    case .punctuator:
      if token.text == "=>" { return "=>" }
      if token.text == "===" || token.text == "!==" { return "===" }
      return nil
    case .string:
      return nil
    case .name:
      break
    default:
      return nil
    }
    let following = next()
    switch token.text {
    case "function":
      if let following, following.kind == .name || ["(", "*"].contains(following.text) {
        return "function"
      }
    case "const", "let", "var":
      if let following, following.kind == .name || ["{", "["].contains(following.text) {
        return "declaration"
      }
    case "require":
      if following?.text == "(", next(2)?.kind == .string { return "require" }
    case "module":
      if following?.text == ".", next(2)?.text == "exports" { return "module.exports" }
    case "exports":
      if following?.text == "." { return "module.exports" }
    case "import":
      if let following, following.kind == .string || ["{", "*"].contains(following.text) {
        return "import"
      }
      if following?.kind == .name, next(2)?.text == "from" || next(2)?.text == "," {
        return "import"
      }
    case "export":
      let heads = ["default", "const", "let", "var", "function", "class", "async", "{", "*"]
      if let following, heads.contains(following.text) { return "export" }
    case "document", "window", "console", "JSON":
      if following?.text == "." { return "browser object" }
    case "typeof", "undefined", "prototype", "await":
      return token.text
    case "this":
      if following?.text == "." { return "this." }
    case "new":
      if following?.kind == .name, next(2)?.text == "(" { return "new" }
    default:
      break
    }
    return nil
  }

  /// Type names TypeScript annotations use after `:`.
  static let typeScriptTypes: Set<String> = [
    "string", "number", "boolean", "any", "void", "never", "unknown",
  ]

  /// Whether the token at `index` marks another language.
  static func isForeign(_ tokens: [Token], _ index: Int) -> Bool {
    let token = tokens[index]
    let following = index + 1 < tokens.count ? tokens[index + 1] : nil
    let previous = index > 0 ? tokens[index - 1] : nil
    switch token.kind {
    case .punctuator:
      switch token.text {
      case "#": return true  // set by the tokenizer for a line that starts with #
      case ":":
        if following?.text == ":" || following?.text == "=" { return true }  // :: and :=
        if let following, typeScriptTypes.contains(following.text),
          previous?.kind == .name || previous?.text == ")"
        {
          return following.kind == .name
        }
        return false
      case "@": return true  // decorators and annotations
      default: return false
      }
    case .name:
      guard let following else { return false }
      switch token.text {
      case "def", "fn", "func", "sub":
        return following.kind == .name
      case "package", "using", "namespace":
        return following.kind == .name && previous.map { [";", "}"].contains($0.text) } ?? true
      case "public", "private", "protected":
        return following.kind == .name
      case "interface", "enum":
        return following.kind == .name
      case "import":
        // `import a.b.C;` (Java) or `import Name` (Swift, Go, Python) without `from`.
        guard following.kind == .name else { return false }
        let after = index + 2 < tokens.count ? tokens[index + 2].text : ""
        return after != "from" && after != ","
      default:
        return false
      }
    default:
      return false
    }
  }
}
