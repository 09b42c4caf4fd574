import Foundation
import Testing

@testable import ingest_cli

/// The help of every command, as people read it: no character of the source's own escaping
/// shows through.
@Suite("Help text and the man page")
struct HelpTextTests {
  /// Every command path from the root, the root included.
  static func paths(_ command: CommandSpec, _ prefix: [CommandSpec] = []) -> [[CommandSpec]] {
    let path = prefix + [command]
    return [path] + command.subcommands.flatMap { paths($0, path) }
  }

  @Test("No help and no man page shows a stray backslash from a line continuation")
  func noStrayBackslashes() {
    for path in Self.paths(IngestCLI.root) {
      let help = HelpGenerator.help(path, width: 100)
      #expect(!help.contains(" \\ "), "\(path.map(\.name).joined(separator: " ")): \(help)")
      #expect(!path[path.count - 1].discussion.contains("\\"), "\(path.map(\.name))")
    }
    let manPage = ManPageGenerator.manPage(IngestCLI.root, version: "test")
    #expect(!manPage.contains("\\\\ "))
  }
}
