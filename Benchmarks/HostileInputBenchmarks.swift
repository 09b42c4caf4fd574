import ActivationRules
import Foundation
import Shortcuts
import Sniffing
import SystemCalls
import TestSupport
import UTI

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Issue 16's goal: every hostile input answered in under 0.5 s and under 64 MB peak. Each
/// input is read in a fresh process by the library call behind each command (peak resident
/// memory from that process's own VmHWM); when a release `ingest-cli` sits beside this
/// executable (`swift build -c release`), the command itself is timed too.
enum HostileInputBenchmarks {
  typealias Hostile = HostilePropertyLists

  /// The inputs: a name, a file name, and the bytes (or, for the sizes refused unread, a file
  /// of that size holding only an XML header).
  static let inputs: [(name: String, file: String, data: @Sendable () -> Data?, size: Int?)] = [
    ("a set (crashed)", "set.plist", { Hostile.set() }, nil),
    (
      "6 levels of 16 references (11 s, 630 MB)", "laughs6.plist",
      {
        Hostile.sharedReferences(levels: 6)
      }, nil
    ),
    (
      "8 levels of 16 references (> 10 s, > 1 GB)", "laughs8.plist",
      {
        Hostile.sharedReferences(levels: 8)
      }, nil
    ),
    (
      "a chain of 60,000 declarations (crashed)", "chain.plist",
      {
        Hostile.declarationChainXML(count: 60_000)
      }, nil
    ),
    (
      "19,000 chained declarations, accepted", "chain19k.plist",
      {
        Hostile.declarationChainBinary(count: 19_000)
      }, nil
    ),
    ("200,000 declarations, 26 MB (5 GB)", "many.plist", { nil }, 26_000_000),
    ("a 908 MB Info.plist (31 s, 5.5 GB)", "huge.plist", { nil }, 908_000_000),
    ("arrays nested 1,000 deep", "deep.plist", { Hostile.deepBinary(depth: 1_000) }, nil),
    ("XML nested 50,000 deep", "deep-xml.plist", { Hostile.deepXML(depth: 50_000) }, nil),
    ("a cycle", "cycle.plist", { Hostile.cyclic() }, nil),
    // Each declaration was searched to the end of the file for '[' before the scan bounded it.
    (
      "XML of 250,000 <!a> declarations", "declarations.plist",
      {
        Data(("<?xml version=\"1.0\"?>" + String(repeating: "<!a>", count: 250_000)).utf8)
      }, nil
    ),
  ]

  static let commands = ["rule explain", "uti --declarations", "types", "shortcut inspect"]

  static func run() throws {
    Harness.section("hostile inputs (issue 16)")
    let directory = try TemporaryDirectory(prefix: "hostile-benchmarks")
    defer { directory.remove() }
    var paths: [String] = []
    for input in inputs {
      if let data = input.data() {
        paths.append(try directory.file(input.file, contents: data).path)
      } else {
        paths.append(
          try directory.sparseFile(
            input.file, size: input.size ?? 0,
            pieces: [(0, Array((Hostile.xmlHeader + "<dict>").utf8))]
          ).path)
      }
    }
    let cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("ingest-cli").path
    let hasCLI = FileManager.default.isExecutableFile(atPath: cli)
    if !hasCLI {
      print(
        "  (no release ingest-cli beside the benchmarks: run swift build -c release to time it)")
    }
    for (input, path) in zip(inputs, paths) {
      for command in commands {
        let output = try Harness.runSelf(["--child", "hostile-read", command, path])
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let seconds = Double(fields[0]), let peak = Int(fields[1]) else {
          throw HarnessError(message: "child printed \(output)")
        }
        var value = String(format: "%.1f ms, %@ peak", seconds * 1e3, Harness.mebibytes(peak))
        value += ", " + fields.dropFirst(2).joined(separator: " ")
        var met = seconds < 0.5 && peak < 64 << 20
        if hasCLI {
          let (cliSeconds, status) = try timeCommand(cli, command, path)
          value += String(format: "; ingest-cli %.1f ms, exit %d", cliSeconds * 1e3, status)
          met = met && cliSeconds < 0.5
        }
        Harness.report("\(command), \(input.name)", value, goal: "< 0.5 s, < 64 MiB", met: met)
      }
    }
  }

  /// The command's arguments for a file.
  static func arguments(_ command: String, _ path: String) -> [String] {
    command.split(separator: " ").map(String.init) + [path]
      + (command.hasPrefix("uti") ? ["public.data"] : [])
  }

  /// Runs `ingest-cli` and returns its wall time and exit status.
  static func timeCommand(_ cli: String, _ command: String, _ path: String) throws -> (
    Double, Int32
  ) {
    let start = Harness.now()
    let process = try ChildProcess.spawn(
      cli, arguments: arguments(command, path), standardOutput: .nullDevice,
      standardError: .nullDevice)
    let outcome = process.wait()
    return (Double(Harness.now() - start) / 1e9, outcome.exitStatus ?? outcome.signal ?? -1)
  }

  /// Child mode: read the file as the command does; print seconds, peak resident bytes and
  /// the outcome.
  static func readChild(_ arguments: [String]) throws {
    guard arguments.count == 2 else {
      throw HarnessError(message: "usage: --child hostile-read COMMAND FILE")
    }
    let url = URL(fileURLWithPath: arguments[1])
    let sniffer = ContentSniffer()
    try sniffer.prepare()
    _ = UTType("public.data")  // the catalogue, as every command builds it
    let start = Harness.now()
    var outcome: String
    do {
      switch arguments[0] {
      case "rule explain":
        let rule = try ActivationRule(contentsOf: url, registry: UTTypeRegistry())
        outcome = "explained \(rule.explanation(width: 80).indentedFormat.count) characters"
      case "uti --declarations":
        let registry = UTTypeRegistry()
        try registry.registerDeclarations(fromInfoPlistAt: url)
        outcome = "registered \(registry.applicationDeclarations.count)"
      case "types":
        outcome = try sniffer.sniff(fileAt: url).type.identifier
      default:
        outcome = "read \(try ShortcutFile(contentsOf: url).workflow.actions.count) actions"
      }
    } catch {
      outcome = "refused: " + String("\(error)".suffix(70))
    }
    let elapsed = Double(Harness.now() - start) / 1e9
    print(elapsed, Harness.peakResidentBytes(), outcome)
  }
}
