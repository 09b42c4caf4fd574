import UTI

/// Finds what in an activation-rule predicate Apple rejects or that is probably a mistake.
enum PredicateLint {
  /// The warnings for a predicate whose type identifiers resolve in `registry` (which also
  /// names the declared identifier nearest to an unknown one).
  static func warnings(for root: PredicateNode, registry: UTTypeRegistry = .shared)
    -> [ActivationRuleWarning]
  {
    var warnings: [ActivationRuleWarning] = []
    var seen: Set<String> = []
    func add(_ code: ActivationRuleWarning.Code, _ message: String) {
      if seen.insert(message).inserted { warnings.append(ActivationRuleWarning(code, message)) }
    }
    if case .constant(true) = root {
      add(
        .truePredicate,
        "the rule is TRUEPREDICATE: the App Store rejects extensions that ship it; declare the"
          + " types the extension handles")
    }
    PredicateWalker.visit(
      root,
      predicate: { node in
        switch node {
        case .constant(true):
          if case .constant = root { return }
          add(
            .truePredicate,
            "the rule contains TRUEPREDICATE, which the App Store rejects in activation rules")
        case .comparison(let comparison):
          lint(comparison, registry: registry, add)
        default: break
        }
      })
    // Key paths, each against the object it is read from (SUBQUERY binds only its variable).
    for message in PredicateKeyLint.messages(for: root) { add(.unknownInputKey, message) }
    return warnings
  }

  private static func lint(
    _ comparison: ComparisonNode, registry: UTTypeRegistry,
    _ add: (ActivationRuleWarning.Code, String) -> Void
  ) {
    lintAttributedText(comparison, add)
    guard comparison.operation.isTypeOperator else { return }
    if case .constant(let value) = comparison.right, let name = value.stringValue,
      comparison.rightType == nil, !name.hasPrefix("dyn.")
    {
      let nearest = registry.suggestion(for: name).map { " (did you mean \($0)?)" } ?? ""
      add(
        .unknownTypeIdentifier,
        "\(PredicateFormatter.quoted(name)) is not a declared type identifier\(nearest): a typo,"
          + " or a type the app declares in UTExportedTypeDeclarations or"
          + " UTImportedTypeDeclarations that is not registered here; until it is, only that"
          + " exact identifier \(comparison.operation == .conformsTo ? "conforms to" : "equals")"
          + " it"
      )
    }
    if comparison.modifier == .direct, case .keyPath(_, let steps) = comparison.left,
      case .key("registeredTypeIdentifiers") = steps.last
    {
      add(
        .missingModifier,
        "`\(PredicateFormatter.comparison(comparison))` tests the whole list of identifiers:"
          + " write ANY before it to test each one")
    }
  }

  /// `attributedTitle` and `attributedContentText` are `NSAttributedString`s, which Apple's
  /// string operators refuse and `==` never finds equal to a string: the text is `.string`.
  private static func lintAttributedText(
    _ comparison: ComparisonNode, _ add: (ActivationRuleWarning.Code, String) -> Void
  ) {
    guard case .keyPath(_, let steps) = comparison.left, case .key(let key) = steps.last,
      key == "attributedTitle" || key == "attributedContentText"
    else { return }
    let clause = "`\(PredicateFormatter.comparison(comparison))`"
    switch comparison.operation {
    case .contains, .beginsWith, .endsWith, .like, .matches:
      add(
        .attributedText,
        "\(clause): \(key) is an NSAttributedString, and \(comparison.operation.spelling) raises"
          + " an exception on it when it is set (hiding the extension): compare \(key).string")
    case .equalTo, .notEqualTo:
      guard case .constant(let value) = comparison.right, value.stringValue != nil else { return }
      add(
        .attributedText,
        "\(clause): \(key) is an NSAttributedString, which is never equal to a string: compare"
          + " \(key).string")
    default: return
    }
  }
}
