import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ISO 8601 times for manifests: written in UTC with fractional seconds when there are any;
/// read with or without fractional seconds and with any offset.
///
/// Written from the C library's broken-down UTC time (`gmtime_r`) in the form
/// `Date.ISO8601FormatStyle` writes, `2026-09-21T14:13:20.404Z` (milliseconds, truncated): the
/// format style's first use in a process sets up a calendar, a time zone and a locale (ICU's),
/// which a share that writes one time would pay for whole (and `strftime` reads the local
/// time zone, which UTC does not need). Reading, less hurried, stays with the format style.
package enum ManifestDate {
  private static let plain = Date.ISO8601FormatStyle()
  private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  static func format(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970
    let seconds = interval.rounded(.down)
    var time = time_t(seconds)
    var parts = tm()
    guard seconds >= gregorianStart, gmtime_r(&time, &parts) != nil, parts.tm_year + 1900 <= 9999
    else {
      // Before the Gregorian calendar (the format style writes Julian dates there), or a year
      // four digits cannot hold: the format style says what it can.
      return seconds == interval ? plain.format(date) : fractional.format(date)
    }
    var text = digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-"
    text += digits(parts.tm_mday, 2) + "T" + digits(parts.tm_hour, 2) + ":"
    text += digits(parts.tm_min, 2) + ":" + digits(parts.tm_sec, 2)
    if seconds != interval {
      text += "." + digits(Int32(((interval - seconds) * 1000).rounded(.down)), 3)
    }
    return text + "Z"
  }

  /// 1582-10-15T00:00:00Z, the first day of the Gregorian calendar: gmtime_r's calendar, and
  /// the format style's from that day on.
  private static let gregorianStart: Double = -12_219_292_800

  /// `value` in decimal, zero-padded to `width` digits.
  private static func digits(_ value: Int32, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  package static func parse(_ text: String) -> Date? {
    (try? fractional.parse(text)) ?? (try? plain.parse(text))
  }
}
