import Foundation
import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// ANSI colours for a report: only on a terminal, never with `NO_COLOR` set (no-color.org),
/// and plain ASCII symbols when the locale is not UTF-8.
struct Colors: Sendable {
  var enabled: Bool
  var unicode: Bool

  /// The colours for standard output.
  static var forStandardOutput: Colors {
    decide(
      isTerminal: isatty(STDOUT_FILENO) == 1,
      environment: ProcessEnvironment.values(["NO_COLOR", "TERM", "LC_ALL", "LC_CTYPE", "LANG"]))
  }

  /// Colour only on a terminal, never with `NO_COLOR` set to anything but empty, nor with
  /// `TERM=dumb`; Unicode symbols only when the locale is UTF-8.
  static func decide(isTerminal: Bool, environment: [String: String]) -> Colors {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let dumb = environment["TERM"] == "dumb"
    return Colors(
      enabled: isTerminal && !noColor && !dumb, unicode: localeIsUTF8(environment))
  }

  /// Whether the locale's character set is UTF-8 (`LC_ALL`, then `LC_CTYPE`, then `LANG`).
  static func localeIsUTF8(_ environment: [String: String]) -> Bool {
    let value =
      [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
      .compactMap { $0 }.first { !$0.isEmpty } ?? ""
    let lower = value.lowercased()
    return lower.contains("utf-8") || lower.contains("utf8")
  }

  func green(_ text: String) -> String { paint(text, "32") }
  func red(_ text: String) -> String { paint(text, "31") }
  func yellow(_ text: String) -> String { paint(text, "33") }
  func dim(_ text: String) -> String { paint(text, "2") }
  func bold(_ text: String) -> String { paint(text, "1") }

  /// `→`, or `->` without UTF-8.
  var arrow: String { unicode ? "→" : "->" }
  /// `…`, or `...` without UTF-8.
  var ellipsis: String { unicode ? "…" : "..." }

  private func paint(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
