import Foundation
import SystemCalls

/// Every number a user gives on the command line, read in one place and spelt one way: plain
/// decimal digits (`30`, and for seconds `0.5`), inside the range the option allows, before it
/// becomes a `Duration` or a count. Nothing else is a number here: no sign (`+5`, `-0`), no
/// space around it, no hexadecimal (`0x10`), no exponent (`1e300`), no `inf` or `nan`; each is
/// a usage error that says what is accepted, never a trap.
enum NumberArgument {
  /// The most digits a whole number may have (`Int.max` has 19).
  private static let maximumDigits = 19

  /// Whether `text` is one or more ASCII decimal digits, at most `limit` of them.
  private static func isDigits(_ text: Substring, limit: Int) -> Bool {
    !text.isEmpty && text.utf8.count <= limit && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }

  /// `text` as a whole number when it is spelt as one: digits alone, with a leading `-` only
  /// when `allowsNegative`.
  private static func wholeNumber(_ text: String, allowsNegative: Bool) -> Int? {
    var digits = Substring(text)
    if allowsNegative, digits.hasPrefix("-") { digits = digits.dropFirst() }
    guard isDigits(digits, limit: maximumDigits) else { return nil }
    return Int(text)
  }

  /// `text` as a number of seconds when it is spelt as one: digits, then optionally `.` and
  /// at most nine more (a nanosecond).
  private static func decimalSeconds(_ text: String) -> Double? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard isDigits(parts[0], limit: 12), parts.count == 1 || isDigits(parts[1], limit: 9) else {
      return nil
    }
    return Double(text)
  }

  /// The longest duration any option takes: a day.
  static let longestSeconds: Double = 86_400

  /// A number of seconds for `option`, between `range`'s bounds (default: a millisecond to a
  /// day).
  static func seconds(
    _ text: String, option: String, range: ClosedRange<Double> = 0.001...longestSeconds
  ) throws(CLIError) -> Duration {
    guard let value = decimalSeconds(text), range.contains(value) else {
      throw CLIError.usage(
        "\(option) needs a number of seconds from \(format(range.lowerBound)) to"
          + " \(format(range.upperBound)), not \(TerminalText.echoed(text))")
    }
    return .microseconds(Int64((value * 1_000_000).rounded()))
  }

  /// A whole number for `option`, within `range`.
  static func count(_ text: String, option: String, range: ClosedRange<Int>) throws(CLIError)
    -> Int
  {
    guard let value = wholeNumber(text, allowsNegative: range.lowerBound < 0),
      range.contains(value)
    else {
      throw CLIError.usage(
        "\(option) needs a whole number from \(range.lowerBound) to \(range.upperBound), not"
          + " \(TerminalText.echoed(text))")
    }
    return value
  }

  /// `90`, `90s`, `30m`, `2h`, `1d`: a duration of whole units for `option`, at most 100 years.
  static func duration(_ text: String, option: String) throws(CLIError) -> Duration {
    let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
    var number = Substring(text)
    var scale: Int64 = 1
    if let last = text.last, let unit = units[last] {
      scale = unit
      number = number.dropLast()
    }
    let limit: Int64 = 100 * 366 * 86_400
    guard isDigits(number, limit: maximumDigits), let value = Int64(number),
      case (let seconds, false) = value.multipliedReportingOverflow(by: scale), seconds <= limit
    else {
      throw CLIError.usage(
        "\(option) needs a duration such as 90s, 30m, 2h or 1d (at most 100 years), not"
          + " \(TerminalText.echoed(text))")
    }
    return .seconds(seconds)
  }

  /// `value` as a user writes it: `0.001`, `30`, `86400`, never in scientific notation.
  private static func format(_ value: Double) -> String {
    if value == value.rounded(), let whole = Int64(exactly: value) { return String(whole) }
    return String(value)
  }
}
