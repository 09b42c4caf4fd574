import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ISO 8601 times for manifests: written in UTC with fractional seconds when there are any;
/// read with or without fractional seconds and with any offset.
///
/// Written by the C library (`gmtime_r`, `strftime`) in the form `Date.ISO8601FormatStyle`
/// writes, `2026-09-21T14:13:20.404Z` (milliseconds, truncated): the format style's first use
/// in a process sets up a calendar, a time zone and a locale (ICU's), which a share that
/// writes one time would pay for whole. Reading, less hurried, stays with the format style.
enum ManifestDate {
  private static let plain = Date.ISO8601FormatStyle()
  private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  static func format(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970
    let seconds = interval.rounded(.down)
    var time = time_t(seconds)
    var parts = tm()
    var buffer = [CChar](repeating: 0, count: 32)
    guard gmtime_r(&time, &parts) != nil,
      case let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts), count > 0
    else {
      // A year gmtime_r cannot represent: the format style says what it can.
      return seconds == interval ? plain.format(date) : fractional.format(date)
    }
    var text = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if seconds != interval {
      let milliseconds = String(Int(((interval - seconds) * 1000).rounded(.down)))
      text += "." + String(repeating: "0", count: 3 - milliseconds.count) + milliseconds
    }
    return text + "Z"
  }

  static func parse(_ text: String) -> Date? {
    (try? fractional.parse(text)) ?? (try? plain.parse(text))
  }
}
