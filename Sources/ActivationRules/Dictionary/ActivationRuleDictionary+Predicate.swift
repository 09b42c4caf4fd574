extension ActivationRuleDictionary {
  /// The attachments of every extension item, as one list.
  static let allAttachments = "extensionItems.@unionOfArrays.attachments"
  /// How many attachments the share has, over every item. (`@unionOfArrays` applies the rest of
  /// the key path to each item, so the count is summed instead.)
  static let attachmentCount = "extensionItems.@sum.attachments.@count"

  /// The rule written as the predicate it is equivalent to, with notes on what a predicate
  /// cannot express.
  ///
  /// The predicate applies the same checks as ``evaluate(_:semantics:)`` with the kind table of
  /// ``ActivationAttachmentKind``, so it can be pasted into an `Info.plist` as a starting point.
  /// Two facts of the dictionary evaluation have no predicate form: the URL value behind a
  /// web URL and a representation delivered as a file. The notes say when they matter.
  public var equivalentPredicate: (predicate: FormatPredicate, notes: [String]) {
    equivalentPredicate(semantics: .default)
  }

  /// The rule written as the predicate it is equivalent to under `semantics` (see
  /// ``equivalentPredicate``).
  public func equivalentPredicate(
    semantics: ActivationRule.Semantics
  ) -> (predicate: FormatPredicate, notes: [String]) {
    var notes = [
      "counts are over the attachments of every extension item (\(Self.allAttachments))"
    ]
    if maximumCounts[.webURL] != nil {
      notes.append(
        "web URL: a predicate sees only type identifiers; the dictionary evaluation also requires"
          + " the URL value, when known, to be http or https")
    }
    if maximumCounts[.file] != nil {
      notes.append(
        "file: a predicate sees only type identifiers, so only public.file-url counts here; the"
          + " dictionary evaluation also counts any representation delivered as a file")
    }
    let text = predicateText(semantics)
    do {
      return (try FormatPredicate(format: text), notes)
    } catch {
      // The text is generated from a fixed grammar; a failure here is a bug, reported plainly.
      return (
        FormatPredicate(root: .constant(false)),
        notes + ["could not build the equivalent predicate: \(error)"]
      )
    }
  }

  private func predicateText(_ semantics: ActivationRule.Semantics) -> String {
    let all = Self.allAttachments
    var clauses: [String] = []
    let total = Self.attachmentCount
    clauses.append("\(total) >= \(max(1, attachmentsMinimumCount ?? 1))")
    if let maximum = attachmentsMaximumCount { clauses.append("\(total) <= \(maximum)") }
    for check in checks {
      guard case .kindMaximum(let kind, let maximum) = check else { continue }
      let count =
        "SUBQUERY(\(all), $attachment, \(Self.kindPredicate(kind, semantics))).@count"
      clauses.append(maximum == 0 ? "\(count) == 0" : "\(count) <= \(maximum)")
    }
    let acceptedKinds = ActivationAttachmentKind.allCases.filter(accepts)
    if !acceptsAnyAttachment(semantics) {
      if acceptedKinds.isEmpty { return "FALSEPREDICATE" }
      let accepted = acceptedKinds.map { Self.kindPredicate($0, semantics) }
        .joined(separator: " OR ")
      let matching = "SUBQUERY(\(all), $attachment, \(accepted)).@count"
      clauses.append(isStrict ? "\(matching) == \(total)" : "\(matching) >= 1")
    }
    return clauses.joined(separator: " AND ")
  }

  /// The kind's row of the table as a predicate over `$attachment`.
  static func kindPredicate(
    _ kind: ActivationAttachmentKind, _ semantics: ActivationRule.Semantics = .default
  ) -> String {
    if kind == .file, !semantics.countsMediaAsFiles {
      // Media never count as files under this reading.
      return "(\(kindPredicate(.file)) AND NOT \(kindPredicate(.image))"
        + " AND NOT \(kindPredicate(.movie)))"
    }
    let rule = kind.rule
    let types = "$attachment.registeredTypeIdentifiers"
    if rule.excluding.isEmpty {
      let tests = rule.conformsTo.map {
        "ANY \(types) UTI-CONFORMS-TO \(PredicateFormatter.quoted($0))"
      }
      return tests.count == 1 ? tests[0] : "(" + tests.joined(separator: " OR ") + ")"
    }
    let wanted = rule.conformsTo.map { "$type UTI-CONFORMS-TO \(PredicateFormatter.quoted($0))" }
      .joined(separator: " OR ")
    let unwanted = rule.excluding.map {
      "NOT $type UTI-CONFORMS-TO \(PredicateFormatter.quoted($0))"
    }
    return "SUBQUERY(\(types), $type, "
      + ([rule.conformsTo.count > 1 ? "(\(wanted))" : wanted] + unwanted)
      .joined(separator: " AND ") + ").@count > 0"
  }
}
