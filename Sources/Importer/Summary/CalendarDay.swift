import Foundation

/// A day of the Gregorian calendar, such as 2026-03-08, independent of any time zone.
///
/// Its span in a time zone comes from the calendar: from the first moment of the day to the
/// first moment of the next, never 86,400 seconds added to a start, so a day that daylight
/// saving time makes 23 or 25 hours long is counted exactly (a day whose midnight does not
/// exist starts at the first moment it does; a day a zone skipped entirely is empty there).
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
  /// The year, 1 to 9999.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, from 1.
  public let day: Int

  /// The day, when it exists in the Gregorian calendar.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= Self.days(inMonth: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Reads `YYYY-MM-DD` (exactly that shape); nil for anything else or a day that does not
  /// exist (2026-02-29).
  public init?(_ description: String) {
    let parts = description.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The day `date` falls on in `timeZone`.
  public init(containing date: Date, in timeZone: TimeZone) {
    let parts = Self.calendar(timeZone).dateComponents([.year, .month, .day], from: date)
    year = parts.year ?? 1970
    month = parts.month ?? 1
    day = parts.day ?? 1
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  /// The day's span in `timeZone`: from its first moment to the next day's, as the calendar
  /// says.
  public func interval(in timeZone: TimeZone) -> DateInterval {
    let calendar = Self.calendar(timeZone)
    let parts = DateComponents(year: year, month: month, day: day, hour: 12)
    // Noon is inside the day wherever the day exists; the calendar finds the day around it.
    guard let noon = calendar.date(from: parts),
      let span = calendar.dateInterval(of: .day, for: noon)
    else {
      // Unreachable for a valid Gregorian day; an empty span counts nothing.
      return DateInterval(start: Date(timeIntervalSince1970: 0), duration: 0)
    }
    // A zone that skipped the whole day (Samoa skipped 2011-12-30) has an empty span for it.
    if CalendarDay(containing: span.start, in: timeZone) != self {
      return DateInterval(start: span.start, duration: 0)
    }
    return span
  }

  /// Earlier days first.
  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// Reads `YYYY-MM-DD`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = CalendarDay(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a day as YYYY-MM-DD")
    }
    self = day
  }

  /// Writes `YYYY-MM-DD`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  static func calendar(_ timeZone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
