import Foundation
import TestSupport
import Testing

@testable import Ingest

@Suite(
  "Manifest times: written from gmtime_r as Date.ISO8601FormatStyle writes them", .onIOExecutor)
struct ManifestDateTests {
  @Test("The same text as the format style, whole seconds and fractions, and read back")
  func sameAsFormatStyle() {
    let plain = Date.ISO8601FormatStyle()
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    var generator = SplitMix64(seed: 32)
    var intervals: [TimeInterval] = [
      0, -0.25, 1_790_000_000, 1_790_000_000.4049, 1_790_000_000.9996, 1_790_000_000.0004,
      1_790_000_000.1235, 951_782_400.5, 4_102_444_799.999,
      // Before the Gregorian calendar, and past year 9999: the format style's own text.
      -12_219_292_800, -12_219_292_801, -50_000_000_000.5, 300_000_000_000,
    ]
    for _ in 0..<2000 {
      intervals.append(Double(Int64.random(in: 0...4_102_444_800, using: &generator)))
      intervals.append(Double.random(in: -13_000_000_000...4_102_444_800, using: &generator))
    }
    for interval in intervals {
      let date = Date(timeIntervalSince1970: interval)
      let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
      let expected = whole ? plain.format(date) : fractional.format(date)
      #expect(ManifestDate.format(date) == expected, "\(interval)")
      let read = ManifestDate.parse(ManifestDate.format(date))
      #expect(read.map { abs($0.timeIntervalSince(date)) < 0.001 } == true, "\(interval)")
    }
  }
}
