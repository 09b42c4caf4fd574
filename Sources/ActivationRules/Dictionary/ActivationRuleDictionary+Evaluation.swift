extension ActivationRuleDictionary {
  /// The counts a decision rests on, gathered in one pass over the attachments.
  struct Tally {
    var total = 0
    var counts = [Int](repeating: 0, count: ActivationAttachmentKind.allCases.count)
    var acceptedCount = 0
    /// The first attachment no key accepts, as (item, index).
    var firstUnaccepted: (item: Int, index: Int)?
    /// The first attachment of each kind, as (item, index).
    var firstOfKind: [(item: Int, index: Int)?] = Array(
      repeating: nil, count: ActivationAttachmentKind.allCases.count)
  }

  /// Whether a present key accepts its kind (a count above 0; text: any non-zero value).
  func accepts(_ kind: ActivationAttachmentKind) -> Bool {
    (maximumCounts[kind] ?? 0) > 0
  }

  /// Whether `NSExtensionActivationSupportsAttachmentsWithMaxCount` accepts any attachment.
  var acceptsAnyAttachment: Bool { (attachmentsMaximumCount ?? 0) > 0 }

  func tally(_ input: ActivationInput) -> Tally {
    var tally = Tally()
    // Only kinds with a key can change the answer; the others are not classified.
    let kinds = ActivationAttachmentKind.allCases.filter { maximumCounts[$0] != nil }
    for (itemIndex, item) in input.extensionItems.enumerated() {
      for (index, attachment) in item.attachments.enumerated() {
        tally.total += 1
        var accepted = acceptsAnyAttachment
        for kind in kinds where kind.matches(attachment) {
          let position = Self.position(kind)
          tally.counts[position] += 1
          if tally.firstOfKind[position] == nil { tally.firstOfKind[position] = (itemIndex, index) }
          if accepts(kind) { accepted = true }
        }
        if accepted {
          tally.acceptedCount += 1
        } else if tally.firstUnaccepted == nil {
          tally.firstUnaccepted = (itemIndex, index)
        }
      }
    }
    return tally
  }

  /// One check a decision is made of, in the order they are made.
  enum Check {
    case hasAttachments
    case minimum(Int)
    case maximum(Int)
    case kindMaximum(ActivationAttachmentKind, Int)
    case everyAttachmentAccepted
    case someAttachmentAccepted
  }

  /// The checks this rule makes, in order.
  var checks: [Check] {
    var checks: [Check] = [.hasAttachments]
    if let minimum = attachmentsMinimumCount { checks.append(.minimum(minimum)) }
    if let maximum = attachmentsMaximumCount { checks.append(.maximum(maximum)) }
    for kind in ActivationAttachmentKind.allCases {
      guard let maximum = maximumCounts[kind] else { continue }
      if kind == .text {
        // SupportsText is a Boolean: true accepts any amount of text; an explicit false
        // rejects text under fuzzy matching.
        if maximum == 0, !isStrict { checks.append(.kindMaximum(kind, 0)) }
        continue
      }
      if maximum > 0 || !isStrict { checks.append(.kindMaximum(kind, maximum)) }
    }
    checks.append(isStrict ? .everyAttachmentAccepted : .someAttachmentAccepted)
    return checks
  }

  func passes(_ check: Check, _ tally: Tally) -> Bool {
    switch check {
    case .hasAttachments: tally.total > 0
    case .minimum(let minimum): tally.total >= minimum
    case .maximum(let maximum): tally.total <= maximum
    case .kindMaximum(let kind, let maximum): tally.counts[Self.position(kind)] <= maximum
    case .everyAttachmentAccepted: tally.firstUnaccepted == nil
    case .someAttachmentAccepted: tally.acceptedCount > 0
    }
  }

  static func position(_ kind: ActivationAttachmentKind) -> Int {
    switch kind {
    case .image: 0
    case .movie: 1
    case .text: 2
    case .webURL: 3
    case .webPage: 4
    case .file: 5
    }
  }

  /// Whether the rule matches the share, without building an explanation.
  public func matches(_ input: ActivationInput) -> Bool {
    let tally = tally(input)
    return checks.allSatisfy { passes($0, tally) }
  }

  /// Evaluates the rule and says which key decided, for which attachment.
  public func evaluate(_ input: ActivationInput) -> ActivationDecision {
    let tally = tally(input)
    var children: [ActivationTrace] = []
    for (itemIndex, index, attachment) in input.attachments {
      let kinds = ActivationAttachmentKind.kinds(of: attachment)
      let accepting =
        kinds.filter(accepts).map(\.key)
        + (acceptsAnyAttachment ? [Self.attachmentsMaximumKey] : [])
      let kindText =
        kinds.isEmpty
        ? "of no kind the keys count"
        : kinds.map { $0.noun(1) }
          .joined(separator: ", ")
      children.append(
        ActivationTrace(
          clause: "kinds: \(kindText)", result: !accepting.isEmpty,
          detail: accepting.isEmpty
            ? "no key accepts it" : "accepted by \(accepting.joined(separator: ", "))",
          subject: input.label(item: itemIndex, attachment: index)))
    }
    var failure: (Check, String)?
    for check in checks {
      let passed = passes(check, tally)
      let (clause, detail) = describe(check, tally, input)
      children.append(ActivationTrace(clause: clause, result: passed, detail: detail))
      if !passed, failure == nil { failure = (check, reason(for: check, tally, input)) }
    }
    let mode =
      isStrict
      ? "strict matching (\(strictnessCause))"
      : "fuzzy matching (dictionary version \(dictionaryVersion ?? 2))"
    let root = ActivationTrace(
      clause: "NSExtensionActivationRule dictionary, \(mode)", result: failure == nil,
      children: children)
    if let failure {
      return ActivationDecision(isShown: false, reason: failure.1, trace: root)
    }
    return ActivationDecision(isShown: true, reason: shownReason(tally, input), trace: root)
  }

  var strictnessCause: String {
    if usesStrictMatching == true { return "NSExtensionActivationUsesStrictMatching is true" }
    if let version = dictionaryVersion { return "dictionary version \(version)" }
    return "no NSExtensionActivationDictionaryVersion, so version 1"
  }

  private func describe(
    _ check: Check, _ tally: Tally, _ input: ActivationInput
  ) -> (String, String) {
    let attachments = tally.total == 1 ? "1 attachment" : "\(tally.total) attachments"
    switch check {
    case .hasAttachments:
      return ("the share has attachments", attachments)
    case .minimum(let minimum):
      return ("\(Self.attachmentsMinimumKey) = \(minimum)", "\(attachments), at least \(minimum)")
    case .maximum(let maximum):
      return ("\(Self.attachmentsMaximumKey) = \(maximum)", "\(attachments), at most \(maximum)")
    case .kindMaximum(let kind, let maximum):
      let count = tally.counts[Self.position(kind)]
      return ("\(kind.key) = \(maximum)", "\(count) \(kind.noun(count)), at most \(maximum)")
    case .everyAttachmentAccepted:
      return (
        "strict matching: every attachment is accepted",
        "\(tally.acceptedCount) of \(attachments) accepted"
      )
    case .someAttachmentAccepted:
      return (
        "fuzzy matching: at least one attachment is accepted",
        "\(tally.acceptedCount) of \(attachments) accepted"
      )
    }
  }

  private func reason(for check: Check, _ tally: Tally, _ input: ActivationInput) -> String {
    switch check {
    case .hasAttachments:
      return "the share has no attachments, and a dictionary rule only counts attachments"
    case .minimum(let minimum):
      return "\(Self.attachmentsMinimumKey) is \(minimum) but the share has \(tally.total)"
        + " attachment\(tally.total == 1 ? "" : "s")"
    case .maximum(let maximum):
      return "\(Self.attachmentsMaximumKey) is \(maximum) but the share has \(tally.total)"
        + " attachments"
    case .kindMaximum(let kind, let maximum):
      let position = Self.position(kind)
      let count = tally.counts[position]
      let first =
        tally.firstOfKind[position].map {
          "; \(input.label(item: $0.item, attachment: $0.index)) is one"
        } ?? ""
      if maximum == 0 {
        return "\(kind.key) is 0, which under fuzzy matching rejects any \(kind.noun(1)),"
          + " and the share has \(count)\(first)"
      }
      return "\(kind.key) is \(maximum) but the share has \(count) \(kind.noun(count))\(first)"
    case .everyAttachmentAccepted:
      guard let position = tally.firstUnaccepted else { return "an attachment is not accepted" }
      let attachment = input.extensionItems[position.item].attachments[position.index]
      let kinds = ActivationAttachmentKind.kinds(of: attachment)
      let what =
        switch kinds.count {
        case 0: "of no kind the dictionary keys count"
        case 1: "\(kinds[0].withArticle), which no key accepts"
        default:
          kinds.map(\.withArticle).joined(separator: " and ") + ", and no key accepts either kind"
        }
      return "\(input.label(item: position.item, attachment: position.index)) is \(what);"
        + " \(strictnessCause) means strict matching, where every attachment must be accepted"
    case .someAttachmentAccepted:
      return "no attachment is of a kind the rule accepts (\(acceptedSummary)); fuzzy matching"
        + " needs at least one"
    }
  }

  private func shownReason(_ tally: Tally, _ input: ActivationInput) -> String {
    let counts = ActivationAttachmentKind.allCases.compactMap { kind -> String? in
      guard maximumCounts[kind] != nil, kind != .text else { return nil }
      let count = tally.counts[Self.position(kind)]
      return "\(count) \(kind.noun(count)) of at most \(maximumCounts[kind] ?? 0)"
    }
    let within = counts.isEmpty ? "" : " (" + counts.joined(separator: ", ") + ")"
    if isStrict {
      return "every attachment is of an accepted kind and every count is within its maximum"
        + within
    }
    return "\(tally.acceptedCount) of \(tally.total) attachment\(tally.total == 1 ? "" : "s")"
      + " \(tally.acceptedCount == 1 ? "is" : "are") of an accepted kind and every count is"
      + " within its maximum" + within
  }

  /// What the rule accepts, such as `images up to 10, movies up to 1`.
  var acceptedSummary: String {
    var parts: [String] = []
    for kind in ActivationAttachmentKind.allCases where accepts(kind) {
      parts.append(
        kind == .text ? "text" : "\(kind.noun(2)) up to \(maximumCounts[kind] ?? 0)")
    }
    if acceptsAnyAttachment { parts.append("any attachment up to \(attachmentsMaximumCount ?? 0)") }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }
}
