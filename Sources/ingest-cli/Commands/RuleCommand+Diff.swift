import ActivationRules
import Foundation
import Ingest
import SystemCalls

/// `ingest-cli rule diff RULE OTHER`: where two rules decide differently.
extension RuleCommand {
  struct DiffRow: Encodable {
    var name: String
    var title: String
    var first: Verdict
    var second: Verdict
    var differs: Bool
  }

  struct Verdict: Encodable {
    var shown: Bool
    var reason: String
  }

  struct DiffReport: Encodable {
    var first: String
    var second: String
    var semantics: ActivationRule.Semantics
    var sources: String
    var rows: [DiffRow]
    var differing: Int
  }

  /// Both rules over every profile; exit 0 when they agree on all, 1 when not.
  static func diff(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let options = arguments.read(ProfilesOptions.self)
    let sourcesDirectory = options.sources
    let declarationFiles = options.declarations
    let semantics = options.reading.semantics
    let positionals = try arguments.positionals()
    let first = try RuleInputs.loadRule(positionals[0], declarationFiles: declarationFiles)
    let second = try RuleInputs.loadRule(positionals[1], declarationFiles: declarationFiles)
    let rows = try RuleInputs.loadProfiles(sourcesDirectory).map { profile in
      let one = first.evaluate(profile.activationInput, semantics: semantics)
      let other = second.evaluate(profile.activationInput, semantics: semantics)
      return DiffRow(
        name: profile.name, title: profile.title,
        first: Verdict(shown: one.isShown, reason: one.reason),
        second: Verdict(shown: other.isShown, reason: other.reason),
        differs: one.isShown != other.isShown)
    }
    let differing = rows.filter(\.differs).count
    if json {
      try Output.json(
        DiffReport(
          first: first.origin, second: second.origin, semantics: semantics,
          sources: sourcesDirectory ?? "shipped", rows: rows, differing: differing))
    } else {
      let width = Terminal.width
      for row in rows where row.differs {
        print(
          TextWrapping.wrap(
            "\(TerminalText.quoted(row.name))  \(TerminalText.quoted(row.title))", width: width))
        for (label, verdict) in [("first ", row.first), ("second", row.second)] {
          print(
            TextWrapping.wrap(
              "\(verdict.shown ? "shown " : "hidden") \(verdict.reason)", width: width,
              prefix: "  \(label)  ", indent: 18))
        }
      }
      print(
        "\(rows.count - differing) of \(rows.count) profile\(rows.count == 1 ? "" : "s") decided"
          + " alike; \(differing) differ\(differing == 1 ? "s" : "")")
    }
    return differing == 0 ? .success : .notAccepted
  }
}
