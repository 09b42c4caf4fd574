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

  /// Whether `NSExtensionActivationSupportsAttachmentsWithMaxCount` accepts any attachment:
  /// a count above 0, read as accepting any kind (see ``ActivationRule/Semantics``).
  func acceptsAnyAttachment(_ semantics: ActivationRule.Semantics) -> Bool {
    semantics.attachmentsMaximum == .acceptsAnyKind && (attachmentsMaximumCount ?? 0) > 0
  }

  func tally(_ input: ActivationInput, _ semantics: ActivationRule.Semantics) -> Tally {
    var tally = Tally()
    // Only kinds with a key can change the answer; the others are not classified.
    let kinds = ActivationAttachmentKind.allCases.filter { maximumCounts[$0] != nil }
    for (itemIndex, item) in input.extensionItems.enumerated() {
      for (index, attachment) in item.attachments.enumerated() {
        tally.total += 1
        var accepted = acceptsAnyAttachment(semantics)
        for kind in kinds where kind.matches(attachment, semantics: semantics) {
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
  /// - Parameters:
  ///   - input: The share, as the rule sees it.
  ///   - semantics: How the keys Apple leaves open are read.
  public func matches(
    _ input: ActivationInput, semantics: ActivationRule.Semantics = .default
  ) -> Bool {
    let tally = tally(input, semantics)
    return checks.allSatisfy { passes($0, tally) }
  }

  /// The keys that accept an attachment, in table order, then the attachments key.
  func acceptingKeys(
    _ attachment: ActivationAttachment, _ semantics: ActivationRule.Semantics
  ) -> [String] {
    ActivationAttachmentKind.kinds(of: attachment, semantics: semantics).filter(accepts).map(\.key)
      + (acceptsAnyAttachment(semantics) ? [Self.attachmentsMaximumKey] : [])
  }

  /// Evaluates the rule and says which key decided, for which attachment.
  /// - Parameters:
  ///   - input: The share, as the rule sees it.
  ///   - semantics: How the keys Apple leaves open are read.
  public func evaluate(
    _ input: ActivationInput, semantics: ActivationRule.Semantics = .default
  ) -> ActivationDecision {
    let tally = tally(input, semantics)
    var children: [ActivationTrace] = []
    for (itemIndex, index, attachment) in input.attachments {
      let kinds = ActivationAttachmentKind.kinds(of: attachment, semantics: semantics)
      let accepting = acceptingKeys(attachment, semantics)
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
      if !passed, failure == nil {
        failure = (check, reason(for: check, tally, input, semantics))
      }
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
    return ActivationDecision(
      isShown: true, reason: shownReason(tally, input, semantics), trace: root)
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

  private func reason(
    for check: Check, _ tally: Tally, _ input: ActivationInput,
    _ semantics: ActivationRule.Semantics
  ) -> String {
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
      let kinds = ActivationAttachmentKind.kinds(of: attachment, semantics: semantics)
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
      return "no attachment is of a kind the rule accepts (\(acceptedSummary(semantics)));"
        + " fuzzy matching needs at least one"
    }
  }

  /// Why a shown share is shown: which key accepted which attachments, and the counts that
  /// were checked (a key set to 0 under strict matching accepts nothing and caps nothing, so it
  /// is not listed as a maximum).
  private func shownReason(
    _ tally: Tally, _ input: ActivationInput, _ semantics: ActivationRule.Semantics
  ) -> String {
    // Accepted attachments grouped by the keys that accept them, in order of first appearance.
    var groups: [(keys: [String], first: String, count: Int)] = []
    for (itemIndex, index, attachment) in input.attachments {
      let keys = acceptingKeys(attachment, semantics)
      guard !keys.isEmpty else { continue }
      if let position = groups.firstIndex(where: { $0.keys == keys }) {
        groups[position].count += 1
      } else {
        groups.append((keys, input.label(item: itemIndex, attachment: index), 1))
      }
    }
    let acceptance = groups.map { group in
      let others = group.count > 1 ? " and \(group.count - 1) more" : ""
      return group.first + others + " by " + group.keys.joined(separator: " and ")
    }.joined(separator: "; ")
    var counts: [String] = []
    for check in checks {
      switch check {
      case .minimum(let minimum):
        counts.append(
          "\(tally.total) attachment\(tally.total == 1 ? "" : "s") of at least \(minimum)")
      case .maximum(let maximum):
        counts.append(
          "\(tally.total) attachment\(tally.total == 1 ? "" : "s") of at most \(maximum)")
      case .kindMaximum(let kind, let maximum):
        let count = tally.counts[Self.position(kind)]
        counts.append(
          maximum == 0
            ? "no \(kind.noun(2)) (\(kind.key) is 0)"
            : "\(count) \(kind.noun(count)) of at most \(maximum)")
      default: break
      }
    }
    let within =
      counts.isEmpty
      ? "" : "; every count is within its limit (" + counts.joined(separator: ", ") + ")"
    if isStrict {
      return "every attachment is accepted: " + acceptance + within
    }
    return "\(tally.acceptedCount) of \(tally.total) attachment\(tally.total == 1 ? "" : "s")"
      + " \(tally.acceptedCount == 1 ? "is" : "are") accepted: " + acceptance + within
  }

  /// What the rule accepts, such as `images up to 10, movies up to 1`.
  func acceptedSummary(_ semantics: ActivationRule.Semantics = .default) -> String {
    var parts: [String] = []
    for kind in ActivationAttachmentKind.allCases where accepts(kind) {
      parts.append(
        kind == .text ? "text" : "\(kind.noun(2)) up to \(maximumCounts[kind] ?? 0)")
    }
    if acceptsAnyAttachment(semantics) {
      parts.append("any attachment up to \(attachmentsMaximumCount ?? 0)")
    }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }
}
