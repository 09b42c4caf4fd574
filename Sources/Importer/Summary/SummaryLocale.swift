/// The languages of the hand-off summary card, each with the original product's fixed
/// template.
public enum SummaryLocale: String, Sendable, Hashable, CaseIterable, Codable {
  /// English: `Hand-off summary (today's records, 3 in all)`, `• to sort | …`.
  case english = "en"
  /// Traditional Chinese, the original's: `交接摘要（當天的紀錄，共 3 筆）`, `• 待整理｜…`.
  case traditionalChinese = "zh-Hant"

  /// The locale named `en` or `zh-Hant` (any case); nil for others.
  public init?(identifier: String) {
    guard
      let locale = Self.allCases.first(where: {
        $0.rawValue.lowercased() == identifier.lowercased()
      })
    else { return nil }
    self = locale
  }

  /// The first line: the card's title and the day's record count.
  public func heading(count: Int) -> String {
    switch self {
    case .english: "Hand-off summary (today's records, \(count) in all)"
    case .traditionalChinese: "交接摘要（當天的紀錄，共 \(count) 筆）"
    }
  }

  /// One record's line.
  public func line(status: String, content: String) -> String {
    switch self {
    case .english: "• \(status) | \(content)"
    case .traditionalChinese: "• \(status)｜\(content)"
    }
  }

  /// The last line when records were left out.
  public func notListed(_ count: Int) -> String {
    switch self {
    case .english: "\(count) more not listed"
    case .traditionalChinese: "還有 \(count) 筆未列出"
    }
  }
}
