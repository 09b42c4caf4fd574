import UTI

/// A predicate parsed from Apple's predicate format string syntax, evaluated without Objective-C.
///
/// Foundation on Linux has no `NSPredicate(format:)`; this type reads the same text — the form
/// `NSExtensionActivationRule` strings take — and evaluates it over ``PredicateValue``s:
///
/// ```swift
/// let rule = try FormatPredicate(format: """
///   SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $attachment,
///     ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count == 1
///   ).@count == 1
///   """)
/// rule.evaluate(with: input.predicateValue)
/// ```
///
/// `AND` binds tighter than `OR`: `a OR b AND c` is `a OR (b AND c)`. Keywords are matched
/// without regard to case. Rules copied from raw plist XML may keep their character references
/// (`&lt;`, `&amp;&amp;`, `&quot;public.url&quot;`).
public struct FormatPredicate: Sendable {
  /// Options for reading a format string.
  public struct ParseOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: Int
    /// Creates options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Decode XML character references inside string literals too, for text taken from raw plist
    /// XML. (Outside string literals they are always decoded.)
    public static let decodesXMLEntitiesInStrings = ParseOptions(rawValue: 1)
    /// The text is a string value read from a property list, whose XML character references
    /// were decoded when the property list was read. Like Apple's parser, decode none again:
    /// a reference still there (the XML was escaped twice) is a syntax error that says so.
    /// Overrides ``decodesXMLEntitiesInStrings``.
    public static let propertyListString = ParseOptions(rawValue: 2)
  }

  let root: PredicateNode
  /// The same predicate compiled for evaluation.
  let program: any PredicateInstruction
  /// The registry the predicate's type identifiers resolve in: the constants of
  /// `UTI-CONFORMS-TO` and `UTI-EQUALS` when it is parsed, other identifiers when it is
  /// evaluated.
  public let registry: UTTypeRegistry

  /// Parses a predicate format string.
  /// - Parameters:
  ///   - format: The predicate, in Apple's predicate format syntax.
  ///   - options: How to read the text (XML character references).
  ///   - registry: Where type identifiers resolve; `.shared` unless the app's own
  ///     declarations live in a registry of their own.
  /// - Throws: ``PredicateSyntaxError`` with the line, column, surrounding text and what was
  ///   expected.
  public init(
    format: String, options: ParseOptions = [], registry: UTTypeRegistry = .shared
  ) throws(PredicateSyntaxError) {
    var parser = try PredicateParser(
      format, decodesEntitiesInStrings: options.contains(.decodesXMLEntitiesInStrings),
      decodesEntities: !options.contains(.propertyListString), registry: registry)
    root = try parser.parse()
    program = PredicateCompiler.compile(root)
    self.registry = registry
  }

  init(root: PredicateNode, registry: UTTypeRegistry = .shared) {
    self.root = root
    self.program = PredicateCompiler.compile(root)
    self.registry = registry
  }

  /// The predicate as normalized format text, as `NSPredicate.predicateFormat` gives it.
  public var predicateFormat: String { PredicateFormatter.predicate(root) }

  /// The predicate normalized and indented two spaces per level, broken to fit `width` columns.
  public func indentedFormat(width: Int = 80) -> String {
    PredicateFormatter.indented(root, width: width)
  }

  /// Whether the predicate is `TRUEPREDICATE`, or has it as a clause.
  public var containsTruePredicate: Bool {
    var found = false
    PredicateWalker.visitPredicates(root) { node in
      if case .constant(true) = node { found = true }
    }
    return found
  }

  /// Evaluates the predicate with `object` as `SELF`, as `evaluate(with:)` does on Apple
  /// platforms; an evaluation error (an undefined key, a type mismatch) counts as false, as an
  /// exception during activation-rule evaluation hides the extension.
  public func evaluate(
    with object: PredicateValue, substitutionVariables: [String: PredicateValue] = [:]
  ) -> Bool {
    (try? evaluateThrowing(with: object, substitutionVariables: substitutionVariables)) ?? false
  }

  /// Evaluates the predicate, throwing instead of answering false when evaluation fails.
  /// - Throws: ``PredicateEvaluationError`` naming what failed and in which clause.
  public func evaluateThrowing(
    with object: PredicateValue, substitutionVariables: [String: PredicateValue] = [:]
  ) throws(PredicateEvaluationError) -> Bool {
    var evaluator = PredicateEvaluator(substitutions: substitutionVariables, registry: registry)
    return try program.evaluate(&evaluator, object)
  }
}

extension FormatPredicate: CustomStringConvertible {
  /// The normalized format text.
  public var description: String { predicateFormat }
}
