import Foundation

/// A matrix run as JUnit XML, which every CI system shows: one test suite, one test case per
/// row (named after it), a failure per row that did not do what it expected, with the fields
/// that differ; contradictions between rule and contract are reported as system output, and
/// what the rule's reading warned of as the suite's properties and its system error output.
public enum JUnitReport {
  /// The XML document.
  /// - Parameters:
  ///   - results: The rows' results, in order.
  ///   - suiteName: The suite's name (the matrix's title, or its path).
  ///   - warnings: What reading the rule warned of (`ActivationRule.warnings`),
  ///     each a `rule-warning` property of the suite and a line of its `system-err`, so a CI
  ///     page that shows rows failing on `activation` also shows the typo behind them.
  public static func xml(
    _ results: [RowResult], suiteName: String, warnings: [String] = []
  ) -> String {
    let failures = results.filter { !$0.passed && $0.error == nil }.count
    let errors = results.filter { $0.error != nil }.count
    let total = results.reduce(0.0) { $0 + seconds($1.duration) }
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites name="\#(escape(suiteName))" tests="\#(results.count)""#
        + #" failures="\#(failures)" errors="\#(errors)" time="\#(format(total))">"#,
      #"  <testsuite name="\#(escape(suiteName))" tests="\#(results.count)""#
        + #" failures="\#(failures)" errors="\#(errors)" time="\#(format(total))">"#,
    ]
    if !warnings.isEmpty {
      lines.append("    <properties>")
      lines += warnings.map { #"      <property name="rule-warning" value="\#(escape($0))"/>"# }
      lines.append("    </properties>")
    }
    for result in results {
      let open =
        #"    <testcase classname="\#(escape(suiteName))" name="\#(escape(result.name))""#
        + #" time="\#(format(seconds(result.duration)))""#
      var body: [String] = []
      if let error = result.error {
        body.append(#"      <error message="\#(escape(error))"/>"#)
      } else if !result.passed {
        let message = result.differences.map(\.description).joined(separator: "; ")
        body.append(#"      <failure message="\#(escape(message))">"#)
        body += result.differences.map { "        " + escape($0.description) }
        body.append("      </failure>")
      }
      if !result.contradictions.isEmpty {
        body.append(
          "      <system-out>" + escape(result.contradictions.joined(separator: "\n"))
            + "</system-out>")
      }
      if body.isEmpty {
        lines.append(open + "/>")
      } else {
        lines.append(open + ">")
        lines += body
        lines.append("    </testcase>")
      }
    }
    if !warnings.isEmpty {
      lines.append(
        "    <system-err>"
          + escape(warnings.map { "warning: \($0)" }.joined(separator: "\n")) + "</system-err>")
    }
    lines += ["  </testsuite>", "</testsuites>", ""]
    return lines.joined(separator: "\n")
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n", "\t": out.unicodeScalars.append(scalar)
      default:
        // XML 1.0 has no way to carry other control characters; show them as code points.
        if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
          out += "U+" + String(scalar.value, radix: 16, uppercase: true)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  static func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }
}
