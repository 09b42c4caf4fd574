import SystemCalls

/// A value an option takes, parsed from its text where the option is declared, as
/// swift-argument-parser's `ExpressibleByArgument` parses it.
///
/// The parser reads each option's value as its declaration's type the moment it meets it: a
/// value that is not spelt as one (or is outside the declared range) is a usage error before
/// any command runs and before anything is changed, and a command reads typed values, never
/// text. Every number is spelt one way: plain decimal digits (`30`, and for seconds `0.5`);
/// no sign (`+5`, `-0`), no space around it, no hexadecimal (`0x10`), no exponent (`1e300`),
/// no `inf` or `nan`.
protocol ExpressibleByArgument: Sendable {
  /// The value `argument` spells, or nil when it spells none.
  init?(argument: String)

  /// What a value looks like, for the error a bad one gets: `a whole number`,
  /// `a number of seconds`.
  static var argumentKind: String { get }

  /// The value as a user writes it on the command line (`30`, `0.5`), for the default and
  /// range that help and errors show.
  var argumentText: String { get }
}

extension ExpressibleByArgument {
  /// `text` as a value of this type within `range`, or a usage error naming `name` (an option,
  /// or an environment variable) that says what is accepted and echoes the value quoted.
  static func parse(_ text: String, named name: String, range: ArgumentRange<Self>? = nil)
    throws(CLIError) -> Self
  {
    guard let value = Self(argument: text), range?.contains(value) ?? true else {
      throw CLIError.usage(
        "\(name) needs \(argumentKind)\(range.map { " " + $0.text } ?? ""), not"
          + " \(TerminalText.echoed(text))")
    }
    return value
  }
}

/// The values an option accepts, from its declaration: checked by the parser, shown in errors.
struct ArgumentRange<Value: ExpressibleByArgument>: Sendable {
  /// Whether `value` is accepted.
  let contains: @Sendable (Value) -> Bool
  /// `from 1 to 256`.
  let text: String

  /// The values from `bounds`' lower to its upper bound.
  init(_ bounds: ClosedRange<Value>) where Value: Comparable {
    contains = { bounds.contains($0) }
    text = "from \(bounds.lowerBound.argumentText) to \(bounds.upperBound.argumentText)"
  }
}

/// Whether `text` is one or more ASCII decimal digits, at most `limit` of them.
private func isDigits(_ text: Substring, limit: Int) -> Bool {
  !text.isEmpty && text.utf8.count <= limit && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
}

/// Whole numbers: digits, with a `-` before them for a negative value of a signed type.
extension ExpressibleByArgument where Self: FixedWidthInteger {
  /// `argument` when it is spelt as a whole number of this type: no `+`, no `-0`, no space.
  init?(argument: String) {
    var digits = Substring(argument)
    let isNegative = Self.isSigned && digits.hasPrefix("-")
    if isNegative { digits = digits.dropFirst() }
    // `Int.max` has 19 digits; more overflow every type here.
    guard isDigits(digits, limit: 20), let value = Self(argument), !(isNegative && value == 0)
    else { return nil }
    self = value
  }

  static var argumentKind: String { "a whole number" }

  var argumentText: String { String(self) }
}

extension Int: ExpressibleByArgument {}
extension Int64: ExpressibleByArgument {}
extension UInt16: ExpressibleByArgument {}
extension UInt32: ExpressibleByArgument {}

extension String: ExpressibleByArgument {
  init?(argument: String) { self = argument }
  static var argumentKind: String { "a value" }
  var argumentText: String { self }
}

/// A number of seconds with a fraction (`--deadline 0.5`): digits, then optionally `.` and at
/// most nine more (a nanosecond).
struct Seconds: ExpressibleByArgument, Comparable {
  /// The number of seconds.
  var value: Double

  /// `value` seconds.
  init(_ value: Double) {
    self.value = value
  }

  init?(argument: String) {
    let parts = argument.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard isDigits(parts[0], limit: 12), parts.count == 1 || isDigits(parts[1], limit: 9),
      let value = Double(argument)
    else { return nil }
    self.value = value
  }

  static var argumentKind: String { "a number of seconds" }

  /// `0.001`, `30`, `86400`: never in scientific notation.
  var argumentText: String {
    if value == value.rounded(), let whole = Int64(exactly: value) { return String(whole) }
    return String(value)
  }

  /// The seconds as a `Duration`, to the microsecond.
  var duration: Duration { .microseconds(Int64((value * 1_000_000).rounded())) }

  static func < (lhs: Seconds, rhs: Seconds) -> Bool { lhs.value < rhs.value }

  /// A millisecond to a day: what an option in seconds takes unless it says otherwise.
  static let usualRange = ArgumentRange(Seconds(0.001)...Seconds(86_400))
}

/// `90`, `90s`, `30m`, `2h`, `1d`: a duration of whole units, at most 100 years
/// (`--older-than`).
struct DurationArgument: ExpressibleByArgument {
  /// The duration.
  var duration: Duration
  /// The whole seconds it holds.
  private var seconds: Int64

  init?(argument: String) {
    let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
    var number = Substring(argument)
    var scale: Int64 = 1
    if let last = argument.last, let unit = units[last] {
      scale = unit
      number = number.dropLast()
    }
    let limit: Int64 = 100 * 366 * 86_400
    guard isDigits(number, limit: 19), let value = Int64(number),
      case (let seconds, false) = value.multipliedReportingOverflow(by: scale), seconds <= limit
    else { return nil }
    self.seconds = seconds
    duration = .seconds(seconds)
  }

  static var argumentKind: String {
    "a duration such as 90s, 30m, 2h or 1d (at most 100 years)"
  }

  /// `duration`, to the whole second.
  init(_ duration: Duration) {
    seconds = duration.components.seconds
    self.duration = .seconds(seconds)
  }

  /// In the largest unit that holds it whole: `1h`, `90s`, `0`.
  var argumentText: String {
    guard seconds > 0 else { return "0" }
    for (unit, scale) in [("d", Int64(86400)), ("h", 3600), ("m", 60)] where seconds % scale == 0 {
      return "\(seconds / scale)\(unit)"
    }
    return "\(seconds)s"
  }
}

/// One of a fixed set of words (`--input screenshot`), as an enumeration's raw values spell
/// them.
protocol ArgumentChoice: ExpressibleByArgument, CaseIterable, RawRepresentable
where RawValue == String {}

extension ArgumentChoice {
  init?(argument: String) { self.init(rawValue: argument) }

  /// `screenshot, shortcut-input or clipboard`.
  static var argumentKind: String {
    ArgumentParser.list(allCases.map(\.rawValue), conjunction: "or")
  }

  var argumentText: String { rawValue }
}
