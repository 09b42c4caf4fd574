/// Where a record stands in the user's sorting.
///
/// Everything shared in starts as `toSort`: shared content is somebody else's words, so no
/// classification rule is applied to it on the way in. The set is open (a later version may
/// add statuses), so a status this version does not know is kept as it is.
public struct RecordStatus: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The stored value, such as `to-sort`.
  public let rawValue: String

  /// A status by its stored value.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Not sorted yet: what every imported share starts as.
  public static let toSort = RecordStatus(rawValue: "to-sort")

  /// The status as the summary card names it: `to sort`, `待整理`; an unknown status by its
  /// stored value.
  public func label(in locale: SummaryLocale) -> String {
    switch (self, locale) {
    case (.toSort, .english): "to sort"
    case (.toSort, .traditionalChinese): "待整理"
    default: rawValue
    }
  }

  /// The stored value.
  public var description: String { rawValue }

  /// Reads the stored value.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Writes the stored value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
