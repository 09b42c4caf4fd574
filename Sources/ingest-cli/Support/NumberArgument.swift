import Foundation
import SystemCalls

/// Every number a user gives on the command line, read in one place: checked to be a plain
/// finite number inside the range the option allows before it becomes a `Duration` or a count,
/// so a huge, infinite or negative value is a usage error that says what is accepted, never a
/// trap.
enum NumberArgument {
  /// The longest duration any option takes: a day.
  static let longestSeconds: Double = 86_400

  /// A number of seconds for `option`, between `range`'s bounds (default: a millisecond to a
  /// day).
  static func seconds(
    _ text: String, option: String, range: ClosedRange<Double> = 0.001...longestSeconds
  ) throws(CLIError) -> Duration {
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
      range.contains(value)
    else {
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
    guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value)
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
    guard let value = Int64(number), value >= 0,
      case (let seconds, false) = value.multipliedReportingOverflow(by: scale), seconds <= limit
    else {
      throw CLIError.usage(
        "\(option) needs a duration such as 90s, 30m, 2h or 1d (at most 100 years), not"
          + " \(TerminalText.echoed(text))")
    }
    return .seconds(seconds)
  }

  /// `value` as a user writes it: `0.001`, `30`, `86400`.
  private static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int64(value)) : String(value)
  }
}
