import Foundation

/// A strict reader of the Prometheus text exposition format 0.0.4, for tests that scrape
/// `GET /metrics`: every line a `# HELP`, a `# TYPE` or a sample; names and labels as the
/// format allows them; each family's `# TYPE` once and before its samples; a histogram's
/// buckets cumulative, with a `+Inf` bucket equal to its `_count`. Anything else is an error
/// naming the line.
struct PrometheusText {
  /// One sample: its name (with a histogram's `_bucket`, `_sum`, `_count`), labels and value.
  struct Sample: Hashable {
    var name: String
    var labels: [String: String]
    var value: Double
  }

  struct Malformed: Error, CustomStringConvertible {
    var line: Int
    var problem: String
    var description: String { "line \(line) of the exposition: \(problem)" }
  }

  var samples: [Sample] = []
  var types: [String: String] = [:]
  var helps: [String: String] = [:]

  init(_ text: String) throws {
    guard text.isEmpty || text.hasSuffix("\n") else {
      throw Malformed(line: 0, problem: "the text does not end with a newline")
    }
    var seenSamples = Set<String>()
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .enumerated()
    {
      let line = String(raw)
      let number = index + 1
      if line.hasPrefix("# HELP ") {
        let parts = line.dropFirst(7).split(separator: " ", maxSplits: 1)
        guard let name = parts.first.map(String.init), Self.isName(name) else {
          throw Malformed(line: number, problem: "a HELP line without a metric name")
        }
        guard helps[name] == nil else { throw Malformed(line: number, problem: "HELP twice") }
        helps[name] = parts.count > 1 ? String(parts[1]) : ""
      } else if line.hasPrefix("# TYPE ") {
        let parts = line.dropFirst(7).split(separator: " ")
        guard parts.count == 2, Self.isName(String(parts[0])),
          ["counter", "gauge", "histogram", "summary", "untyped"].contains(String(parts[1]))
        else { throw Malformed(line: number, problem: "a malformed TYPE line: \(line)") }
        let name = String(parts[0])
        guard types[name] == nil else { throw Malformed(line: number, problem: "TYPE twice") }
        guard !seenSamples.contains(name) else {
          throw Malformed(line: number, problem: "TYPE of \(name) after its samples")
        }
        types[name] = String(parts[1])
      } else if line.hasPrefix("#") {
        continue  // a comment
      } else {
        let sample = try Self.sample(line, number: number)
        let family = family(of: sample.name)
        guard types[family] != nil else {
          throw Malformed(line: number, problem: "a sample of \(family) before its TYPE")
        }
        seenSamples.insert(family)
        samples.append(sample)
      }
    }
    try checkHistograms()
  }

  /// The family a sample belongs to: a histogram's `_bucket`/`_sum`/`_count` are its own.
  func family(of name: String) -> String {
    for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
      let base = String(name.dropLast(suffix.count))
      if types[base] == "histogram" || types[base] == "summary" { return base }
    }
    return name
  }

  /// The value of the sample `name` with exactly `labels`; nil when there is none.
  func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
    samples.first { $0.name == name && $0.labels == labels }?.value
  }

  private func checkHistograms() throws {
    for (name, type) in types where type == "histogram" {
      var series: [[String: String]: [(Double, Double)]] = [:]
      for sample in samples where sample.name == name + "_bucket" {
        guard let bound = sample.labels["le"].flatMap(Self.number) else {
          throw Malformed(line: 0, problem: "a bucket of \(name) without a numeric le")
        }
        var labels = sample.labels
        labels["le"] = nil
        series[labels, default: []].append((bound, sample.value))
      }
      for (labels, buckets) in series {
        let sorted = buckets.sorted { $0.0 < $1.0 }
        guard sorted.last?.0 == .infinity else {
          throw Malformed(line: 0, problem: "\(name) has no +Inf bucket")
        }
        for (lower, upper) in zip(sorted, sorted.dropFirst()) where upper.1 < lower.1 {
          throw Malformed(line: 0, problem: "\(name)'s buckets are not cumulative")
        }
        guard value(name + "_count", labels) == sorted.last?.1,
          value(name + "_sum", labels) != nil
        else { throw Malformed(line: 0, problem: "\(name)'s _count is not its +Inf bucket") }
      }
    }
  }

  static func isName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.isASCII,
      first.properties.isAlphabetic || first == "_" || first == ":"
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ":")
    }
  }

  static func number(_ text: String) -> Double? {
    switch text {
    case "+Inf": .infinity
    case "-Inf": -.infinity
    case "NaN": .nan
    default: Double(text)
    }
  }

  private static func sample(_ line: String, number: Int) throws -> Sample {
    var rest = Substring(line)
    let name = String(rest.prefix { $0 != "{" && $0 != " " })
    guard isName(name) else { throw Malformed(line: number, problem: "a bad name: \(line)") }
    rest = rest.dropFirst(name.count)
    var labels: [String: String] = [:]
    if rest.first == "{" {
      rest = rest.dropFirst()
      while rest.first != "}" {
        let key = String(rest.prefix { $0 != "=" })
        guard isName(key), !key.hasPrefix("__"), labels[key] == nil else {
          throw Malformed(line: number, problem: "a bad label name: \(line)")
        }
        rest = rest.dropFirst(key.count)
        guard rest.hasPrefix("=\"") else {
          throw Malformed(line: number, problem: "a label without a quoted value: \(line)")
        }
        rest = rest.dropFirst(2)
        var value = ""
        while true {
          guard let character = rest.first else {
            throw Malformed(line: number, problem: "an unterminated label value: \(line)")
          }
          rest = rest.dropFirst()
          if character == "\"" { break }
          if character == "\\" {
            guard let escaped = rest.first, ["\\", "\"", "n"].contains(escaped) else {
              throw Malformed(line: number, problem: "a bad escape: \(line)")
            }
            rest = rest.dropFirst()
            value.append(escaped == "n" ? "\n" : escaped)
          } else {
            value.append(character)
          }
        }
        labels[key] = value
        if rest.first == "," { rest = rest.dropFirst() }
      }
      rest = rest.dropFirst()
    }
    guard rest.first == " " else {
      throw Malformed(line: number, problem: "no space before the value: \(line)")
    }
    let fields = rest.dropFirst().split(separator: " ")
    guard (1...2).contains(fields.count), let value = Self.number(String(fields[0])),
      fields.count == 1 || Int64(fields[1]) != nil
    else { throw Malformed(line: number, problem: "a bad value: \(line)") }
    return Sample(name: name, labels: labels, value: value)
  }
}
