import Foundation
import Testing

@testable import ingest_cli

/// Help, version and usage errors as a user meets them: the real binary, every command.
@Suite("ingest-cli help and usage errors, as a process")
struct UsageTests {
  static var paths: [[String]] {
    CompletionGenerator.paths(IngestCLI.root).filter { $0.count > 1 }.map {
      $0.dropFirst().map(\.name)
    }
  }

  @Test("--help and -h on every command print its help on stdout and exit 0")
  func helpEverywhere() async throws {
    for path in Self.paths {
      for flag in ["--help", "-h"] {
        let result = try await CLI.run(path + [flag])
        #expect(result.status == 0, "\(path) \(flag)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.hasPrefix("ingest-cli \(path.joined(separator: " ")): "))
      }
    }
    let help = try await CLI.run(["help", "inbox", "watch"])
    #expect(
      help.standardOutput == (try await CLI.run(["inbox", "watch", "--help"])).standardOutput)
    let root = try await CLI.run(["--help"])
    for path in Self.paths where path.count == 1 {
      #expect(root.standardOutput.contains("\n  \(path[0]) "), "\(path[0]) is listed")
    }
  }

  @Test("--version, and global options before the command")
  func versionAndGlobals() async throws {
    let version = try await CLI.run(["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput == "ingest-cli \(IngestCLI.version)\n")
    let json = try await CLI.run(["--json", "uti", "public.heic"])
    #expect(json.status == 0)
    #expect((try CLI.json(json.standardOutput)["types"] as? [Any])?.count == 1)
  }

  @Test("An unknown option: one line naming it, the command's usage, where its help is")
  func unknownOption() async throws {
    let result = try await CLI.run(["rule", "explain", "--bogus", "x"])
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.first == "ingest-cli: unknown option '--bogus'")
    #expect(lines.dropFirst().first?.hasPrefix("usage: ingest-cli rule explain ") == true)
    #expect(lines.last == "See 'ingest-cli rule explain --help'.")
    #expect(lines.count <= 6, "not the whole help: \(lines)")
  }

  @Test("With --json, a usage error on any command is a JSON document on stdout")
  func jsonUsageErrors() async throws {
    for path in Self.paths where path != ["help"] {
      let result = try await CLI.run(path + ["--json", "--no-such-option"])
      #expect(result.status == 64, "\(path)")
      #expect(result.standardError.isEmpty, "\(path): \(result.standardError)")
      let error = try #require(try CLI.json(result.standardOutput)["error"] as? [String: Any])
      #expect(error["status"] as? String == "usage")
      #expect(error["exitStatus"] as? Int == 64)
      #expect((error["message"] as? String)?.contains("--no-such-option") == true)
      #expect((error["usage"] as? String)?.hasPrefix("usage: ingest-cli") == true)
    }
  }

  @Test("--generate-completion refuses a shell it does not know")
  func unknownShell() async throws {
    let result = try await CLI.run(["--generate-completion", "fish"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("bash or zsh"))
  }

  @Test("bash completes commands, actions, options and their values from the script")
  func bashCompletion() async throws {
    let directory = FileManager.default.temporaryDirectory.path
    func complete(_ words: [String]) async throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let script = """
        source <(ingest-cli --generate-completion bash)
        cd '\(directory)'
        COMP_WORDS=(ingest-cli \(quoted)); COMP_CWORD=\(words.count)
        _ingest_cli; printf '%s\\n' "${COMPREPLY[@]}"
        """
      let result = try await CLI.shell("bash -c \(ShellQuoting.quoted(script))")
      #expect(result.status == 0, "\(result.output)")
      return result.output.split(separator: "\n").map(String.init).sorted()
    }
    #expect(try await complete(["sh"]) == ["share", "shortcut"])
    #expect(try await complete(["inbox", ""]) == ["import", "list", "show", "sweep", "watch"])
    #expect(try await complete(["inbox", "--group-dir", "/tmp", "im"]) == ["import"])
    #expect(try await complete(["inbox", "import", "--t"]) == ["--to"])
    #expect(try await complete(["share", "--source", "photos-p"]) == ["photos-photo"])
    #expect(try await complete(["--generate-completion", ""]) == ["bash", "zsh"])
    #expect(try await complete(["rule", "check", "--json", "--de"]) == ["--declarations"])
  }

  @Test("zsh reads the completion script without a syntax error")
  func zshCompletion() async throws {
    guard
      FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")
        || FileManager.default.isExecutableFile(atPath: "/bin/zsh")
    else {
      print("skipped: zsh is not installed")
      return
    }
    let result = try await CLI.shell(
      "ingest-cli --generate-completion zsh > /dev/null && ingest-cli --generate-completion zsh |"
        + " zsh -n"
    )
    #expect(result.status == 0, "\(result.output)")
  }
}
