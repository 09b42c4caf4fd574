import Testing

@testable import ingest_cli

/// Options are declared and read by the same code (`ParsableOptions`): these check, for every
/// command, that what its options type reads is what it declares, whatever is given, so no
/// command reads an option it does not declare and none declares one it does not read.
@Suite("Each command reads exactly the options it declares")
struct OptionDeclarationTests {
  /// Every command path from the root, the root included.
  static var paths: [[CommandSpec]] { CompletionGenerator.paths(IngestCLI.root) }

  /// `path` followed by `ingest-cli`, for messages.
  static func name(_ path: [CommandSpec]) -> String { HelpGenerator.commandLine(path) }

  /// The options `type` reads from `arguments`, in order.
  static func options<Options: ParsableOptions>(
    readBy type: Options.Type, from arguments: Arguments
  ) -> [OptionSpec] {
    OptionReader.read(type, from: arguments).read
  }

  @Test("Reading a command's options, none given or every one given, reads what it declares")
  func readsWhatItDeclares() {
    for path in Self.paths {
      let everything = path.flatMap(\.options).map {
        Arguments.Element(option: $0, value: $0.takesValue ? "value" : nil)
      }
      for elements in [[], everything] {
        let arguments = Arguments(commands: path, elements: elements)
        for command in path {
          #expect(
            Self.options(readBy: command.optionsType, from: arguments) == command.options,
            "\(Self.name(path)): \(command.optionsType)")
        }
      }
    }
  }

  @Test("A command's options hold the values given, under any of their names")
  func readsTheValuesGiven() throws {
    let share = try ArgumentParser.parse(
      ["share", "--text", "hello", "--keep-partial", "--group-dir", "G", "-"],
      root: IngestCLI.root
    ).get().arguments.read(ShareCommand.Options.self)
    #expect(share.text == "hello")
    #expect(share.keepsPartialShares)
    #expect(share.group.directory == "G")
    #expect(share.url == nil && share.group.group == nil)
    let check = try ArgumentParser.parse(
      ["rule", "check", "R", "--types", "public.url", "--attachment", "public.heic=file"],
      root: IngestCLI.root
    ).get().arguments.read(RuleCommand.CheckOptions.self)
    #expect(check.attachments == ["public.url", "public.heic=file"])
    #expect(check.declarations.isEmpty && !check.sharesFiles)
  }

  @Test("No name is declared twice on a command's path, and option groups name declared options")
  func declarationsAreConsistent() {
    for path in Self.paths {
      let names = path.flatMap(\.options).flatMap(\.names)
      #expect(Set(names).count == names.count, "\(Self.name(path)): \(names)")
      let primary = Set(path.flatMap(\.options).map(\.name))
      for group in path.flatMap(\.exclusiveGroups) {
        #expect(group.allSatisfy(primary.contains), "\(Self.name(path)): \(group)")
      }
    }
  }
}
