import Foundation
import Synchronization

/// Counters, gauges and histograms for operators, written in the Prometheus text exposition
/// format (version 0.0.4) for `GET /metrics`.
///
/// A metric is declared once (`declare`), with its help text, then moved by `add` (a
/// counter), `set` (a gauge) or `observe` (a histogram), each with its labels. Label values
/// are the program's own words (a route, a reason, a status code), never user content. Safe
/// from any thread.
///
/// ```swift
/// let metrics = Metrics()
/// metrics.declare("share_ingest_shares_accepted_total", .counter, help: "Shares committed.")
/// metrics.add("share_ingest_shares_accepted_total")
/// print(metrics.exposition())
/// ```
public final class Metrics: Sendable {
  /// The kind of a metric, as its `# TYPE` line names it.
  public enum Kind: String, Sendable {
    /// A count that only goes up.
    case counter
    /// A value that goes up and down.
    case gauge
    /// Observations counted in cumulative buckets, with their sum and count.
    case histogram
  }

  /// The buckets histograms use unless told otherwise: seconds from 1 ms to 5 minutes.
  public static let secondsBuckets: [Double] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300,
  ]

  private struct Family {
    var kind: Kind
    var help: String
    var buckets: [Double]
    /// Values by their labels (rendered, sorted): a counter's or gauge's value.
    var values: [String: Double] = [:]
    /// A histogram's series by labels: counts per bucket, sum, count.
    var histograms: [String: Histogram] = [:]
  }

  private struct Histogram {
    var counts: [UInt64]
    var sum = 0.0
    var count: UInt64 = 0
  }

  private struct State {
    var order: [String] = []
    var families: [String: Family] = [:]
  }

  private let state = Mutex(State())

  /// An empty set of metrics.
  public init() {}

  /// Declares the metric `name` (`[a-zA-Z_:][a-zA-Z0-9_:]*`), its kind and its help text;
  /// a counter or gauge without labels shows 0 from now on. Declaring it again changes nothing.
  public func declare(
    _ name: String, _ kind: Kind, help: String, buckets: [Double] = Metrics.secondsBuckets
  ) {
    state.withLock { state in
      guard state.families[name] == nil else { return }
      var family = Family(kind: kind, help: help, buckets: buckets.sorted())
      if kind != .histogram { family.values[""] = 0 }
      state.order.append(name)
      state.families[name] = family
    }
  }

  /// Adds `amount` to the counter (or gauge) `name` with `labels`.
  public func add(_ name: String, _ amount: Double = 1, labels: KeyValuePairs<String, String> = [:])
  {
    let key = Self.labelText(labels)
    state.withLock { state in
      guard var family = state.families[name], family.kind != .histogram else { return }
      if !key.isEmpty, family.values[""] == 0 { family.values[""] = nil }
      family.values[key, default: 0] += amount
      state.families[name] = family
    }
  }

  /// Sets the gauge `name` with `labels` to `value`.
  public func set(_ name: String, _ value: Double, labels: KeyValuePairs<String, String> = [:]) {
    let key = Self.labelText(labels)
    state.withLock { state in
      guard var family = state.families[name], family.kind == .gauge else { return }
      if !key.isEmpty, family.values[""] == 0 { family.values[""] = nil }
      family.values[key] = value
      state.families[name] = family
    }
  }

  /// Records `value` in the histogram `name` with `labels`.
  public func observe(
    _ name: String, _ value: Double, labels: KeyValuePairs<String, String> = [:]
  ) {
    let key = Self.labelText(labels)
    state.withLock { state in
      guard var family = state.families[name], family.kind == .histogram else { return }
      var series =
        family.histograms[key]
        ?? Histogram(counts: Array(repeating: 0, count: family.buckets.count))
      for (index, bound) in family.buckets.enumerated() where value <= bound {
        series.counts[index] += 1
      }
      series.sum += value
      series.count += 1
      family.histograms[key] = series
      state.families[name] = family
    }
  }

  /// Records the seconds of `duration` in the histogram `name`.
  public func observe(
    _ name: String, _ duration: Duration, labels: KeyValuePairs<String, String> = [:]
  ) {
    let seconds =
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    observe(name, seconds, labels: labels)
  }

  /// The value of the counter or gauge `name` with `labels` (0 when it has none yet).
  public func value(_ name: String, labels: KeyValuePairs<String, String> = [:]) -> Double {
    let key = Self.labelText(labels)
    return state.withLock { $0.families[name]?.values[key] ?? 0 }
  }

  /// Every metric in the Prometheus text exposition format 0.0.4: `# HELP` and `# TYPE` lines,
  /// then one sample a line, in the order the metrics were declared.
  public func exposition() -> String {
    state.withLock { state in
      var text = ""
      for name in state.order {
        guard let family = state.families[name] else { continue }
        text += "# HELP \(name) \(Self.escapeHelp(family.help))\n"
        text += "# TYPE \(name) \(family.kind.rawValue)\n"
        switch family.kind {
        case .counter, .gauge:
          for (labels, value) in family.values.sorted(by: { $0.key < $1.key }) {
            text += "\(name)\(Self.braced(labels)) \(Self.number(value))\n"
          }
        case .histogram:
          for (labels, series) in family.histograms.sorted(by: { $0.key < $1.key }) {
            for (index, bound) in family.buckets.enumerated() {
              let le = "le=\"\(Self.number(bound))\""
              text +=
                "\(name)_bucket\(Self.braced(labels, adding: le)) \(series.counts[index])\n"
            }
            text += "\(name)_bucket\(Self.braced(labels, adding: "le=\"+Inf\"")) \(series.count)\n"
            text += "\(name)_sum\(Self.braced(labels)) \(Self.number(series.sum))\n"
            text += "\(name)_count\(Self.braced(labels)) \(series.count)\n"
          }
        }
      }
      return text
    }
  }

  /// The media type of `exposition()`.
  public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

  /// `route="/share",status="201"`: labels sorted by name, values escaped.
  static func labelText(_ labels: KeyValuePairs<String, String>) -> String {
    labels.sorted { $0.key < $1.key }.map { "\($0.key)=\"\(escapeValue($0.value))\"" }
      .joined(separator: ",")
  }

  private static func braced(_ labels: String, adding extra: String? = nil) -> String {
    let all = [labels, extra ?? ""].filter { !$0.isEmpty }.joined(separator: ",")
    return all.isEmpty ? "" : "{\(all)}"
  }

  private static func escapeValue(_ value: String) -> String {
    value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n")
  }

  private static func escapeHelp(_ help: String) -> String {
    help.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
  }

  /// A sample value as the format writes it: integers without a fraction, `+Inf`, `NaN`.
  static func number(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }
}
