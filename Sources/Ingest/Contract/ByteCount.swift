import Foundation

/// A byte count for people, in decimal units as Finder shows them, with one decimal: `999 B`,
/// `53.9 KB`, `536.9 MB`, `1.1 GB`. The one formatter of the package: the command line, the
/// contract's refusals and the share server's answers all print sizes with it.
public struct ByteCount: Sendable, Hashable, CustomStringConvertible {
  /// The bytes counted.
  public var bytes: Int64

  /// The count of `bytes`.
  public init(_ bytes: Int64) { self.bytes = bytes }

  private static let units = ["B", "KB", "MB", "GB", "TB"]

  /// `53.9 KB`: the largest unit the count reaches, one decimal (bytes are whole).
  public var description: String {
    var unit = 0
    var value = Double(bytes)
    while abs(value) >= 1000, unit < Self.units.count - 1 {
      value /= 1000
      unit += 1
    }
    return Self.text(bytes, unit: unit)
  }

  /// Two counts in one unit, the smaller one's, so that they compare at a glance:
  /// `("1073.7 MB", "536.9 MB")`, never `1.1 GB` beside `537 MB`.
  public static func inOneUnit(_ first: Int64, _ second: Int64) -> (String, String) {
    var unit = 0
    var value = Double(min(first, second))
    while abs(value) >= 1000, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return (text(first, unit: unit), text(second, unit: unit))
  }

  private static func text(_ bytes: Int64, unit: Int) -> String {
    guard unit > 0 else { return "\(bytes) B" }
    var value = Double(bytes)
    for _ in 0..<unit { value /= 1000 }
    return String(format: "%.1f %@", value, units[unit])
  }

  /// The exact count with thousands separators: `20,971,520 bytes`.
  public var exact: String {
    let digits = Array(String(bytes.magnitude))
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (bytes < 0 ? "-" : "") + grouped + (bytes == 1 ? " byte" : " bytes")
  }

  /// A sentence about two counts that must read differently: both in one unit
  /// (`inOneUnit`), or both exact (`21,000,000 bytes`, `20,971,520 bytes`) when the rounded
  /// figures are the same, so a message never says a file of 21.0 MB is over a limit of
  /// 21.0 MB.
  public static func distinct(
    _ first: Int64, _ second: Int64, _ sentence: (String, String) -> String
  ) -> String {
    let (a, b) = inOneUnit(first, second)
    return a == b && first != second
      ? sentence(ByteCount(first).exact, ByteCount(second).exact) : sentence(a, b)
  }
}
