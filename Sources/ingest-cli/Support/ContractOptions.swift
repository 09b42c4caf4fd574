import Foundation
import Ingest
import SystemCalls
import UTI

/// `--preset`, `--contract` and `--accept`: the contract a command applies, as `share`,
/// `inbox import|watch` and `matrix init` read it.
struct ContractOptions: ParsableOptions {
  /// `--preset NAME`: a contract by name.
  var preset: String?
  /// `--contract FILE`: the contract as a JSON file.
  var file: String?
  /// `--accept TYPES`: the accepted types, comma-separated.
  var accept: String?

  init(from reader: inout OptionReader) {
    preset = reader.read(
      Option(
        "--preset", value: "NAME",
        help: "a contract by name: default (images, movies, PDFs, text, web URLs), or"
          + " text-or-url (plain text or one http(s) URL, one attachment, at most 1000"
          + " characters)",
        completion: .values(["default", "text-or-url"])))
    file = reader.read(
      Option(
        "--contract", value: "FILE",
        help: "the contract as a JSON file, as matrix run --contract reads it (over --preset)",
        completion: .file))
    accept = reader.read(
      Option(
        "--accept", value: "TYPES",
        help: "the types the contract accepts, comma-separated (over --preset and --contract);"
          + " default: public.image,public.movie,com.adobe.pdf,public.plain-text,public.url"))
  }

  /// The contract `--preset NAME`, `--contract FILE` and `--accept TYPES` describe, each over
  /// the one before; the extension's default when none is given. Its accepted types are
  /// checked in `registry` (the system catalogue, with `--declarations` and a rule's own
  /// Info.plist declarations where the command has them): see ``checkAcceptedTypes(_:registry:)``.
  func contract(registry: UTTypeRegistry = .shared) throws -> InputContract {
    var contract = InputContract.default
    if let name = preset {
      guard let preset = InputContract.presets[name] else {
        throw CLIError.usage(
          "--preset needs one of \(InputContract.presets.keys.sorted().joined(separator: ", "))"
            + ", not \(TerminalText.quoted(String(name.prefix(80))))")
      }
      contract = preset
    }
    if let file = try ContractOptions.contract(file: file) {
      contract = file
    }
    if let accept {
      let types = accept.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      guard !types.isEmpty else {
        throw CLIError.usage(
          "--accept needs at least one type identifier, such as public.image,public.url")
      }
      contract.acceptedTypes = types
    }
    try Self.checkAcceptedTypes(contract.acceptedTypes, registry: registry)
    return contract
  }

  /// Checks a contract's accepted types against what `registry` declares.
  ///
  /// A type no declaration knows accepts nothing but that exact identifier. When a declared
  /// type is near it (`public.imgae`, `com.paperstack.reciept` beside a declared
  /// `com.paperstack.receipt`) it is a misspelling, and the contract is bad data (65, naming
  /// the type meant): a share would otherwise be turned down, or taken, for the wrong reason,
  /// with an exit status that looks like the share's own. A type with nothing near is most
  /// likely the app's own, not given with `--declarations`: a warning says so, and the command
  /// goes on.
  static func checkAcceptedTypes(_ identifiers: [String], registry: UTTypeRegistry)
    throws(CLIError)
  {
    for identifier in identifiers
    where registry.type(withIdentifier: identifier)?.isDeclared != true {
      if let nearest = registry.suggestion(for: identifier) {
        throw CLIError.data(
          "the contract accepts \(TerminalText.echoed(identifier)), which no declared type is:"
            + " did you mean \(nearest)? A misspelt type accepts nothing but itself")
      }
      Output.error(
        "ingest-cli: warning: the contract accepts \(TerminalText.echoed(identifier)), which no"
          + " declared type is: it matches only itself; if the app declares it, pass its"
          + " Info.plist with --declarations")
    }
  }

  /// The contract in the JSON file at `path` (at most 1 MiB), or on standard input for `-`.
  static func contract(file path: String?) throws -> InputContract? {
    try readContract(path)
  }

  /// The contract in the JSON file at `path`.
  private static func readContract(_ path: String?) throws -> InputContract? {
    guard let path else { return nil }
    let bytes = try InputPath.read(path, limit: 1 << 20)
    do {
      return try JSONInput.decode(InputContract.self, from: Data(bytes))
    } catch {
      throw CLIError(status: .dataError) {
        let name = path == "-" ? InputPath.standardInputName : $0.quote(path)
        return "\(name) is not an input contract: \($0.describe(error))"
      }
    }
  }
}
