/// Checks every key path of an activation rule against the object it is read from, following
/// Apple's scoping: the rule is evaluated on the share (whose one key is `extensionItems`), and
/// `SUBQUERY(collection, $x, p)` binds only `$x` to each element, so inside `p` a key path that
/// does not start with a variable is still read from the share.
///
/// `SUBQUERY(extensionItems, $item, $item.attachments.@count <= 20 AND extensionItems.@count
/// <= 20)` is therefore valid, while `SUBQUERY(extensionItems, $item, attachments.@count > 0)`
/// reads `attachments` from the share and fails there (the extension is hidden).
struct PredicateKeyLint {
  /// What a key path holds, as far as the lint can tell.
  indirect enum Shape {
    /// The share the rule is evaluated on (Apple's `NSExtensionContext`-like object).
    case share
    /// An `NSExtensionItem`.
    case item
    /// An `NSItemProvider`.
    case attachment
    /// An `NSAttributedString` (`attributedTitle`, `attributedContentText`).
    case attributedString
    /// A string or type identifier (`length` is its one key).
    case text
    /// A number.
    case number
    /// A dictionary (`userInfo`) or anything the lint cannot follow: every key is accepted.
    case unknown
    /// A list; a key applies to each element, as `valueForKey:` on an array does.
    case list(Shape)

    /// The class name Apple's exception would name, for messages.
    var typeName: String {
      switch self {
      case .share: "the share (the object the rule is evaluated on)"
      case .item: "NSExtensionItem"
      case .attachment: "NSItemProvider"
      case .attributedString: "NSAttributedString"
      case .text: "NSString"
      case .number: "NSNumber"
      case .unknown: "an unknown object"
      case .list(let element): element.typeName
      }
    }

    /// The keys an object of this shape answers.
    var keys: [String] {
      switch self {
      case .share: [ActivationKeys.extensionItems]
      case .item:
        [
          ActivationKeys.attachments, ActivationKeys.attributedTitle,
          ActivationKeys.attributedContentText, ActivationKeys.userInfo,
        ]
      case .attachment: [ActivationKeys.registeredTypeIdentifiers, ActivationKeys.suggestedName]
      case .attributedString: [ActivationKeys.string, ActivationKeys.length]
      case .text: [ActivationKeys.length]
      case .number, .unknown: []
      case .list(let element): element.keys
      }
    }

    /// The shape under `key`; nil when an object of this shape has no such key.
    func member(_ key: String) -> Shape? {
      if key == "self" { return self }
      switch self {
      case .list(let element): return element.member(key).map(Shape.list)
      case .unknown: return .unknown
      case .share where key == ActivationKeys.extensionItems: return .list(.item)
      case .item where key == ActivationKeys.attachments: return .list(.attachment)
      case .item where key == ActivationKeys.attributedTitle,
        .item where key == ActivationKeys.attributedContentText:
        return .attributedString
      case .item where key == ActivationKeys.userInfo: return .unknown
      case .attachment where key == ActivationKeys.registeredTypeIdentifiers:
        return .list(.text)
      case .attachment where key == ActivationKeys.suggestedName: return .text
      case .attributedString where key == ActivationKeys.string: return .text
      case .attributedString where key == ActivationKeys.length, .text where key == "length":
        return .number
      default: return nil
      }
    }
  }

  /// The variables of enclosing subqueries with the shape of their elements, outermost first.
  private var scope: [(name: String, shape: Shape)] = []
  /// What was found: one message per problem.
  private(set) var messages: [String] = []

  /// The problems in `root`'s key paths.
  static func messages(for root: PredicateNode) -> [String] {
    var lint = PredicateKeyLint()
    lint.check(root)
    return lint.messages
  }

  private mutating func check(_ node: PredicateNode) {
    switch node {
    case .constant: break
    case .not(let operand): check(operand)
    case .and(let operands), .or(let operands): for operand in operands { check(operand) }
    case .comparison(let comparison):
      _ = shape(of: comparison.left)
      _ = shape(of: comparison.right)
    }
  }

  /// The shape of an expression's value, reporting the key paths that fail on the way.
  private mutating func shape(of node: ExpressionNode) -> Shape {
    switch node {
    case .constant: return .unknown
    case .evaluatedObject: return .share
    case .variable(let name):
      return scope.last { $0.name == name }?.shape ?? .unknown
    case .keyPath(let base, let steps):
      let start = base.map { shape(of: $0) } ?? .share
      return follow(steps[...], from: start, path: node)
    case .subquery(let collection, let variable, let predicate):
      let collectionShape = shape(of: collection)
      let element: Shape
      if case .list(let inner) = collectionShape { element = inner } else { element = .unknown }
      scope.append((variable, element))
      check(predicate)
      scope.removeLast()
      return .list(element)
    case .aggregate(let elements), .function(_, let elements):
      for element in elements { _ = shape(of: element) }
      return .unknown
    case .arithmetic(let first, let rest):
      _ = shape(of: first)
      for step in rest { _ = shape(of: step.operand) }
      return .number
    case .power(let base, let exponent):
      _ = shape(of: base)
      _ = shape(of: exponent)
      return .number
    case .negate(let inner), .cast(let inner, _):
      _ = shape(of: inner)
      return .unknown
    }
  }

  private mutating func follow(
    _ steps: ArraySlice<KeyPathStep>, from start: Shape, path: ExpressionNode
  ) -> Shape {
    var current = start
    var position = steps.startIndex
    while position < steps.endIndex {
      switch steps[position] {
      case .key(let key):
        guard let next = current.member(key) else {
          report(key, on: current, path: path)
          return .unknown
        }
        current = next
      case .index(let selector):
        switch (selector, current) {
        case (.size, _): current = .number
        case (.expression(let inner), .list(let element)):
          _ = shape(of: inner)
          current = element
        case (.expression(let inner), _):
          _ = shape(of: inner)
          current = .unknown
        case (_, .list(let element)): current = element
        default: current = .unknown
        }
      case .collectionOperator(let operation):
        let element: Shape
        if case .list(let inner) = current { element = inner } else { element = .unknown }
        let rest = follow(steps[(position + 1)...], from: element, path: path)
        switch operation {
        case .count, .sum, .avg, .min, .max: return .number
        case .unionOfObjects, .distinctUnionOfObjects: return .list(rest)
        case .unionOfArrays, .distinctUnionOfArrays:
          if case .list(let inner) = rest { return .list(inner) }
          return .list(rest)
        }
      }
      position += 1
    }
    return current
  }

  private mutating func report(_ key: String, on shape: Shape, path: ExpressionNode) {
    let written = PredicateFormatter.expression(path)
    var message = "'\(key)' (in `\(written)`) is not a key of \(shape.typeName)"
    let keys = shape.keys
    message += keys.isEmpty ? ", which has none" : ", which has \(keys.joined(separator: ", "))"
    message += "; Apple raises an exception there and the extension is hidden"
    if case .share = shape, let variable = scope.last(where: { $0.shape.member(key) != nil }) {
      message +=
        ". Inside SUBQUERY only $\(variable.name) is bound to each element; a key path without a"
        + " variable is read from the share: write $\(variable.name).\(key)"
    } else if keys.isEmpty || shape.isShare {
      message += " (the rule walks extensionItems → attachments → registeredTypeIdentifiers)"
    }
    if !messages.contains(message) { messages.append(message) }
  }
}

extension PredicateKeyLint.Shape {
  /// Whether this is the share itself.
  var isShare: Bool {
    if case .share = self { return true }
    return false
  }
}
