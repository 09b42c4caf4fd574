import Foundation

/// The languages of the hand-off summary card, each with the original product's fixed
/// template.
public enum SummaryLocale: String, Sendable, Hashable, CaseIterable, Codable {
  /// English: `Hand-off summary (today's records, 3 in all)`, `• to sort | …`.
  case english = "en"
  /// Traditional Chinese, the original's: `交接摘要（當天的紀錄，共 3 筆）`, `• 待整理｜…`.
  case traditionalChinese = "zh-Hant"

  /// The locale an identifier names, in any case; nil for a language without a card.
  ///
  /// A BCP 47 identifier (or a POSIX one, `zh_TW.UTF-8`) is matched by its language and script
  /// or region: `en`, `en-US`; `zh-Hant`, `zh-Hant-TW`, `zh-TW`, `zh-HK`, `zh-MO` (the regions
  /// that write Traditional Chinese). Simplified Chinese (`zh-Hans`, `zh-CN`) has no card here.
  public init?(identifier: String) {
    let parts = identifier.split(separator: ".").first.map(String.init) ?? identifier
    let subtags = parts.replacingOccurrences(of: "_", with: "-").lowercased()
      .split(separator: "-").map(String.init)
    switch subtags.first {
    case "en":
      self = .english
    case "zh":
      let rest = Set(subtags.dropFirst())
      if rest.contains("hant") || !rest.isDisjoint(with: ["tw", "hk", "mo"]) {
        self = .traditionalChinese
      } else {
        return nil
      }
    default:
      return nil
    }
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
