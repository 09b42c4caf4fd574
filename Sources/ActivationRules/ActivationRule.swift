import UTI

/// An extension's `NSExtensionActivationRule`, in either form, ready to evaluate and explain.
///
/// ```swift
/// let rule = try ActivationRule(contentsOf: infoPlistURL)
/// let decision = rule.evaluate(ActivationInput(attachments: [
///   ActivationAttachment(registeredTypeIdentifiers: ["public.heic", "public.jpeg"],
///                        hasFileRepresentation: true)]))
/// decision.isShown   // whether the extension appears
/// decision.reason    // which clause or key decided, for which attachment
/// ```
///
/// Type identifiers resolve in a `UTTypeRegistry`: `.shared` by default, or one passed in,
/// such as a fresh registry holding one app's declarations. A share is resolved in the rule's
/// registry before the rule sees it.
public struct ActivationRule: Sendable {
  /// The two forms Apple accepts.
  public enum Form: Sendable {
    /// A dictionary of `NSExtensionActivationSupports…` counts.
    case dictionary(ActivationRuleDictionary)
    /// A predicate format string.
    case predicate(FormatPredicate)
  }

  /// The rule.
  public let form: Form
  /// What Apple ignores or rejects in the rule and around it.
  public let warnings: [ActivationRuleWarning]
  /// Where the rule came from, for messages.
  public let origin: String
  /// The registry the rule's type identifiers resolve in.
  public let registry: UTTypeRegistry
  /// Why the share sheet never offers the extension, whatever the rule says: its `Info.plist`
  /// names an extension point other than a share or action extension's, or misspells the key
  /// naming it. The rule then hides the extension for every share, with this reason (a
  /// ``ActivationRuleWarning/Code/extensionPoint`` warning says the same); nil when the
  /// extension point allows the share sheet to offer it or was not given.
  public let notOfferedReason: String?

  /// Creates a rule from a form and its warnings.
  /// - Parameters:
  ///   - form: The rule: a predicate or a dictionary.
  ///   - warnings: What Apple ignores or rejects in the rule and around it.
  ///   - origin: Where the rule came from, for messages.
  ///   - registry: Where type identifiers resolve; nil for the predicate's own registry
  ///     (a predicate form), else `.shared`.
  ///   - notOfferedReason: Why the share sheet never offers the extension, whatever the rule
  ///     says (see ``notOfferedReason``); nil when it may.
  public init(
    form: Form, warnings: [ActivationRuleWarning] = [], origin: String = "the rule",
    registry: UTTypeRegistry? = nil, notOfferedReason: String? = nil
  ) {
    self.form = form
    self.warnings = warnings
    self.origin = origin
    self.notOfferedReason = notOfferedReason
    switch (registry, form) {
    case (let registry?, _): self.registry = registry
    case (nil, .predicate(let predicate)): self.registry = predicate.registry
    case (nil, .dictionary): self.registry = .shared
    }
  }

  /// Parses a predicate format string as a rule.
  /// - Parameters:
  ///   - predicateFormat: The predicate, in Apple's predicate format syntax.
  ///   - options: How to read the text (XML character references, see
  ///     ``FormatPredicate/ParseOptions``).
  ///   - origin: Where the rule came from, for messages.
  ///   - registry: Where the rule's type identifiers resolve.
  /// - Throws: ``ActivationRuleError/syntax(_:origin:)``.
  public init(
    predicateFormat: String, options: FormatPredicate.ParseOptions = [],
    origin: String = "the rule", registry: UTTypeRegistry = .shared
  ) throws(ActivationRuleError) {
    let predicate: FormatPredicate
    do {
      predicate = try FormatPredicate(format: predicateFormat, options: options, registry: registry)
    } catch {
      throw .syntax(error, origin: origin)
    }
    self.init(
      form: .predicate(predicate),
      warnings: PredicateLint.warnings(for: predicate.root, registry: registry),
      origin: origin, registry: registry)
  }

  /// Reads a rule from the value of `NSExtensionActivationRule`: a string or a dictionary.
  ///
  /// A string is read as Apple reads it: the property-list reader already decoded its XML
  /// character references, so none is decoded again (a leftover `&gt;` is a syntax error). Use
  /// ``init(predicateFormat:options:origin:registry:)`` for text copied from raw XML.
  /// - Parameters:
  ///   - value: The property-list value, as `PropertyListSerialization` returns it.
  ///   - attributes: The `NSExtensionAttributes` dictionary around the rule, when known, to
  ///     check keys placed beside the rule and the JavaScript preprocessing file.
  ///   - extensionDictionary: The `NSExtension` dictionary around `attributes`, when known, to
  ///     check rule keys placed in it directly.
  ///   - origin: Where the value came from, for messages.
  ///   - registry: Where the rule's type identifiers resolve.
  /// - Throws: ``ActivationRuleError``.
  public init(
    propertyListValue value: Any, attributes: [String: Any]? = nil,
    extensionDictionary: [String: Any]? = nil, origin: String = "the rule",
    registry: UTTypeRegistry = .shared
  ) throws(ActivationRuleError) {
    var contextWarnings: [ActivationRuleWarning] = []
    if let attributes {
      for key in ActivationRuleDictionary.knownKeys where attributes[key] != nil {
        contextWarnings.append(
          ActivationRuleWarning(
            .keyBesideRule,
            "\(key) is in NSExtensionAttributes beside the rule; Apple only reads it inside the"
              + " NSExtensionActivationRule dictionary, so it is ignored"))
      }
    }
    for key in (extensionDictionary ?? [:]).keys.sorted() where Self.isRuleKey(key) {
      contextWarnings.append(
        ActivationRuleWarning(
          .keyBesideRule,
          key == "NSExtensionActivationRule"
            ? "NSExtensionActivationRule is also in NSExtension itself; Apple reads only the one"
              + " in NSExtension/NSExtensionAttributes, so this one is ignored"
            : "\(key) is in NSExtension itself; Apple only reads it inside the"
              + " NSExtensionActivationRule dictionary (NSExtension/NSExtensionAttributes/"
              + "NSExtensionActivationRule), so it is ignored"))
    }
    var notOfferedReason: String?
    if let extensionDictionary {
      let extensionPoint = Self.extensionPointCheck(extensionDictionary)
      contextWarnings += extensionPoint.warnings
      notOfferedReason = extensionPoint.notOfferedReason
    }
    switch value {
    case let text as String:
      // Already XML-decoded by the property-list reader; Apple decodes nothing more.
      try self.init(
        predicateFormat: text, options: [.propertyListString], origin: origin, registry: registry)
      self = ActivationRule(
        form: form, warnings: contextWarnings + warnings, origin: origin, registry: registry,
        notOfferedReason: notOfferedReason)
    case let dictionary as [String: Any]:
      let rule = try ActivationRuleDictionary(propertyList: dictionary)
      var warnings = contextWarnings + rule.warnings
      if (rule.maximumCounts[.webPage] ?? 0) > 0 {
        if let attributes, attributes["NSExtensionJavaScriptPreprocessingFile"] == nil {
          warnings.append(
            ActivationRuleWarning(
              .webPageWithoutPreprocessing,
              "NSExtensionActivationSupportsWebPageWithMaxCount is set but NSExtensionAttributes"
                + " has no NSExtensionJavaScriptPreprocessingFile, so Safari never supplies a web"
                + " page"))
        }
      }
      self.init(
        form: .dictionary(rule), warnings: warnings, origin: origin, registry: registry,
        notOfferedReason: notOfferedReason)
    default:
      throw .invalidRule(found: ActivationRuleDictionary.kind(of: value), origin: origin)
    }
  }

  /// Whether the extension appears for the share, without building an explanation.
  /// - Parameters:
  ///   - input: The share, as the rule sees it.
  ///   - semantics: How a dictionary's keys that Apple leaves open are read.
  public func matches(_ input: ActivationInput, semantics: Semantics = .default) -> Bool {
    guard notOfferedReason == nil else { return false }
    let input = input.resolved(in: registry)
    return switch form {
    case .dictionary(let rule): rule.matches(input, semantics: semantics)
    case .predicate(let predicate): predicate.evaluate(with: input.predicateValue)
    }
  }

  /// Evaluates the rule and explains the answer.
  /// - Parameters:
  ///   - input: The share, as the rule sees it.
  ///   - semantics: How a dictionary's keys that Apple leaves open are read.
  public func evaluate(
    _ input: ActivationInput, semantics: Semantics = .default
  ) -> ActivationDecision {
    if let notOfferedReason {
      // Decided before any rule: the share sheet lists share and action extensions only.
      return ActivationDecision(
        isShown: false, reason: "never offered: \(notOfferedReason)",
        trace: ActivationTrace(
          clause: "NSExtension/NSExtensionPointIdentifier", result: false,
          detail: notOfferedReason))
    }
    let input = input.resolved(in: registry)
    switch form {
    case .dictionary(let rule):
      return rule.evaluate(input, semantics: semantics)
    case .predicate(let predicate):
      var explainer = PredicateExplainer(registry: predicate.registry)
      let trace = explainer.explain(predicate.root, with: input.predicateValue)
      let shown = trace.result == true
      if let error = explainer.firstError {
        return ActivationDecision(
          isShown: false,
          reason: "evaluation failed: \(error); Apple raises an exception there, and the"
            + " extension is hidden",
          trace: trace, evaluationError: "\(error)")
      }
      return ActivationDecision(isShown: shown, reason: trace.decidingChain, trace: trace)
    }
  }

  /// The rule as a predicate: the dictionary's equivalent, or the predicate normalized.
  /// - Parameters:
  ///   - width: The column the predicate's text wraps at.
  ///   - semantics: How a dictionary's keys that Apple leaves open are read.
  public func explanation(
    width: Int = 80, semantics: Semantics = .default
  ) -> ActivationRuleExplanation {
    switch form {
    case .dictionary(let rule):
      var (predicate, notes) = rule.equivalentPredicate(semantics: semantics)
      notes.append("reading of the keys Apple leaves open: \(semantics.summary)")
      var summary = [
        rule.isStrict
          ? "strict matching (\(rule.strictnessCause)): every attachment must be of an"
            + " accepted kind"
          : "fuzzy matching (dictionary version \(rule.dictionaryVersion ?? 2)): one attachment of"
            + " an accepted kind is enough; a key set to 0 rejects that kind",
        "accepts: \(rule.acceptedSummary(semantics))",
      ]
      if let minimum = rule.attachmentsMinimumCount {
        summary.append("needs at least \(minimum) attachment\(minimum == 1 ? "" : "s")")
      }
      return ActivationRuleExplanation(
        form: "dictionary", predicateFormat: predicate.predicateFormat,
        indentedFormat: predicate.indentedFormat(width: width), summary: summary, notes: notes,
        warnings: warnings)
    case .predicate(let predicate):
      return ActivationRuleExplanation(
        form: "predicate", predicateFormat: predicate.predicateFormat,
        indentedFormat: predicate.indentedFormat(width: width),
        summary: ["AND binds tighter than OR; keywords are read without regard to case"],
        notes: [], warnings: warnings)
    }
  }
}
