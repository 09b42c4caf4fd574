extension MatrixRunner {
  /// Where `actual` differs from `expected`, field by field; fields the row leaves out are not
  /// compared.
  static func compare(_ expected: MatrixExpectation, _ actual: RowResult.Actual)
    -> [RowResult.Difference]
  {
    var differences: [RowResult.Difference] = []
    func check(_ field: String, _ expected: String?, _ actual: String?) {
      guard let expected, expected != actual else { return }
      differences.append(.init(field: field, expected: expected, actual: actual ?? "nothing"))
    }
    if let activation = expected.activation {
      check(
        "activation", activation.rawValue,
        actual.activation?.rawValue ?? "no verdict (the run has no rule)")
    }
    if let taken = expected.taken {
      if taken.count != actual.taken.count {
        check(
          "taken", Self.describe(taken), Self.describe(actual.taken))
      } else {
        for (index, (want, got)) in zip(taken, actual.taken).enumerated() {
          check("taken[\(index)].attachment", want.attachment, got.attachment)
          check("taken[\(index)].type", want.type, got.type)
          check("taken[\(index)].readAs", want.readAs, got.readAs)
        }
      }
    }
    check("outcome", expected.outcome.rawValue, actual.outcome.rawValue)
    if let reason = expected.reason { check("reason", reason, actual.reason ?? "none") }
    if let records = expected.records {
      if records.count != actual.records.count {
        check("records", "\(records.count) record(s)", "\(actual.records.count) record(s)")
      }
      for (index, (want, got)) in zip(records, actual.records).enumerated() {
        check("records[\(index)].kind", want.kind, got.kind)
        check("records[\(index)].type", want.type, got.type)
        check(
          "records[\(index)].byteCount", want.byteCount.map(String.init),
          got.byteCount.map(String.init))
        check("records[\(index)].sha256", want.sha256, got.sha256)
        check("records[\(index)].text", want.text, got.text)
        check("records[\(index)].url", want.url, got.url)
      }
    }
    return differences
  }

  /// The two contradictions between an app's rule and its contract a row can show.
  static func contradictions(_ actual: RowResult.Actual) -> [String] {
    // A load that failed is the source's doing, not a contradiction; a rejection is.
    switch (actual.activation, actual.outcome) {
    case (.shown?, .rejected):
      return [
        "the rule shows the extension but the contract turns the share down"
          + " (\(actual.reason ?? "?")): the extension appears, then tells the user it cannot"
          + " read what was shared"
      ]
    case (.hidden?, .accepted):
      return [
        "the contract would accept this share but the rule hides the extension: a capability"
          + " no user can reach"
      ]
    default:
      return []
    }
  }

  /// Whether the row's contradiction, if it shows one, is one of `reasons`: a shown share
  /// turned down for one of them, or (`hidden`) a hidden share the contract would take.
  static func isAcknowledged(_ actual: RowResult.Actual, _ reasons: Set<String>) -> Bool {
    switch (actual.activation, actual.outcome) {
    case (.shown?, .rejected): reasons.contains(actual.reason ?? "")
    case (.hidden?, .accepted): reasons.contains("hidden")
    default: false
    }
  }

  static func describe(_ taken: [MatrixExpectation.Taken]) -> String {
    taken.isEmpty
      ? "none" : taken.map { "\($0.attachment) \($0.type) (\($0.readAs))" }.joined(separator: ", ")
  }
}
