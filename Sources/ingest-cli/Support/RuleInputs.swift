import ActivationRules
import Foundation
import Ingest
import ItemProvider
import Sniffing
import SystemCalls
import UTI

/// What the commands that evaluate rules read alike: a rule (a file or a predicate), source-app
/// profiles, and the warnings a rule carries. `rule`, `share`, `matrix` and `serve` each call
/// these; no command calls into another.
enum RuleInputs {

  /// A rule from a file when RULE names one, else RULE as a predicate string.
  ///
  /// The rule gets a registry of its own, never `.shared`: the type declarations of each
  /// `--declarations` file, then those of RULE when it is an Info.plist declaring types, are
  /// registered there first, so identifiers the app declares resolve (and conform) as they do
  /// once the app is installed. A RULE file is read once.
  static func loadRule(_ argument: String, declarationFiles: [String]) throws -> ActivationRule {
    try loadRule(argument, registry: try TypeDeclarations.registry(files: declarationFiles))
  }

  /// A rule read as ``loadRule(_:declarationFiles:)`` reads it, its identifiers resolving in
  /// `registry` (where an Info.plist RULE's own declarations are registered too), for commands
  /// that share that registry with their files and contract.
  static func loadRule(_ argument: String, registry: UTTypeRegistry) throws -> ActivationRule {
    do {
      if argument == "-" || FileSystem.exists(argument) || looksLikePath(argument) {
        let data = Data(
          try InputPath.read(argument, limit: Int64(ActivationRule.maximumFileSize)))
        let path = argument == "-" ? InputPath.standardInputName : argument
        return try ActivationRule(data: data, path: path, registry: registry)
      }
      let escaped = ["&lt;", "&gt;", "&amp;", "&quot;", "&apos;"].contains {
        argument.contains($0)
      }
      return try ActivationRule(
        predicateFormat: argument, options: escaped ? [.decodesXMLEntitiesInStrings] : [],
        origin: "the predicate given on the command line", registry: registry)
    } catch let error as ActivationRuleError {
      throw error.cliError
    }
  }

  /// Whether an argument that names no file was meant as a path rather than a predicate.
  static func looksLikePath(_ argument: String) -> Bool {
    let lower = argument.lowercased()
    if [".plist", ".xml", ".json", ".txt", ".predicate"].contains(where: { lower.hasSuffix($0) }) {
      return true
    }
    return argument.contains("/")
      && !argument.contains(where: { $0.isWhitespace || "()\"'=<>".contains($0) })
  }

  /// A profile by name: a `.json` path; else the file of that name in `--sources DIR`; else
  /// the shipped profile, compiled in, so it is found wherever the command runs.
  static func loadProfile(_ name: String, directory: String?) throws -> SourceProfile {
    guard name.hasSuffix(".json") || name.contains("/") || directory != nil else {
      return try shippedProfile(name)
    }
    let path =
      name.hasSuffix(".json") || name.contains("/")
      ? name
      : URL(fileURLWithPath: directory ?? ".").appendingPathComponent(name + ".json").path
    do {
      return try SourceProfile.load(from: URL(fileURLWithPath: path), checksCorpusFiles: false)
    } catch {
      throw profileError(error, path: path)
    }
  }

  /// The shipped profile `name`; a name that is not shipped is a usage error listing those
  /// that are.
  static func shippedProfile(_ name: String) throws -> SourceProfile {
    let profile: SourceProfile?
    do {
      profile = try SourceProfile.shipped(named: name)
    } catch {
      throw profileError(error, path: "<shipped>/\(name).json")
    }
    guard let profile else {
      throw CLIError.usage(
        "no source-app profile named '\(name)'; shipped: " + SourceProfile.shippedNameList)
    }
    return profile
  }

  /// A profile or directory that cannot be read is missing input (66, by
  /// `ExitStatus(for:role:)`); a malformed one is bad data (65).
  static func profileError(_ error: any Error, path: String) -> CLIError {
    guard let error = error as? SourceProfileError else {
      return CLIError(status: .dataError) { "\($0.quote(path)): \($0.describe(error))" }
    }
    return error.cliError
  }

  /// The profiles of `--sources DIR`, or the shipped ones.
  static func loadProfiles(_ sourcesDirectory: String?) throws -> [SourceProfile] {
    guard let sourcesDirectory else {
      do {
        return try SourceProfile.shipped()
      } catch {
        throw profileError(error, path: "<shipped>")
      }
    }
    let profiles: [SourceProfile]
    do {
      profiles = try SourceProfile.loadAll(
        in: URL(fileURLWithPath: sourcesDirectory, isDirectory: true), checksCorpusFiles: false)
    } catch {
      throw profileError(error, path: sourcesDirectory)
    }
    guard !profiles.isEmpty else {
      throw CLIError(status: .noInput) {
        "no source-app profiles (*.json) in \($0.quote(sourcesDirectory))"
      }
    }
    return profiles
  }

  /// Prints the rule's warnings on standard error, wrapped at `width`.
  static func printWarnings(_ rule: ActivationRule, width: Int = Terminal.width) {
    for warning in rule.warnings {
      Output.error(TextWrapping.wrap("\(warning)", width: width, prefix: "warning: ", indent: 9))
    }
  }
}
