import Foundation
import TestSupport
import Testing

/// What an iOS team meets on its own app (issue 36), as processes: stable matrices, one answer
/// per question, numbers and standard input that never kill the process.
@Suite("ingest-cli for a team's own app: stable output, one answer, no traps", .serialized)
struct TeamAppTests {
  @Test("matrix init writes the same bytes twice, and its matrix passes on its own rerun")
  func matrixInitIsStable() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var outputs: [Data] = []
    for run in 0..<2 {
      let path = directory.path + "/m\(run).json"
      let result = try await CLI.run([
        "matrix", "init", "--rule", "examples/ReadLater/Info.plist", "--output", path,
      ])
      #expect(result.status == 0, "\(result.standardError)")
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    #expect(outputs[0] == outputs[1], "byte-identical across processes")
    for _ in 0..<2 {
      let rerun = try await CLI.run([
        "matrix", "run", "--rule", "examples/ReadLater/Info.plist", directory.path + "/m0.json",
      ])
      #expect(rerun.status == 0, "\(rerun.standardOutput)")
    }
  }

  @Test("rule check --files and share --rule give the same verdict for the same file")
  func oneAnswer() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A rule that counts URL attachments: a file from Files carries a public.file-url.
    let rule =
      "SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY"
      + " $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.url\").@count >= 1).@count >= 1"
    for file in ["corpus/files/archive.zip", "corpus/files/photo.heic"] {
      let check = try await CLI.run(["rule", "check", rule, "--files", file])
      let share = try await CLI.run([
        "share", "--group-dir", directory.path + "/group", "--rule", rule, "--json", file,
      ])
      let shareJSON = try CLI.json(share.standardOutput)
      let verdict = shareJSON["rule"] as? [String: Any]
      let shown = (verdict?["shown"] as? Bool) ?? false
      #expect((check.status == 0) == shown, "\(file): check \(check.status), share \(shareJSON)")
    }
  }

  @Test(
    "A huge, infinite or tiny number is a usage error, never a crash",
    arguments: [
      ["share", "--group-dir", "GROUP", "--deadline", "1e308", "--text", "x"],
      ["share", "--group-dir", "GROUP", "--deadline", "inf", "--text", "x"],
      ["share", "--group-dir", "GROUP", "--deadline", "1e19", "--text", "x"],
      ["share", "--group-dir", "GROUP", "--deadline", "1e-300", "--text", "x"],
      ["inbox", "sweep", "--group-dir", "GROUP", "--older-than", "9223372036854775807d"],
      ["inbox", "watch", "--group-dir", "GROUP", "--to", "GROUP/out", "--rescan", "1e308"],
      ["matrix", "run", "--jobs", "99999999999999999999", "examples/ReadLater/matrix.json"],
    ])
  func hugeNumbers(_ arguments: [String]) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try await CLI.run(
      arguments.map { $0.replacingOccurrences(of: "GROUP", with: directory.path + "/g") })
    #expect(result.status == 64, "\(arguments): \(result.standardError)")
    #expect(result.standardError.contains("needs a"), "\(result.standardError)")
  }

  @Test("A matrix row's deadline and a contract's sizes are range-checked, with the field named")
  func numbersInFiles() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let matrix = try directory.file(
      "m.json",
      contents: Data(
        """
        {"schemaVersion": 1, "rows": [{"name": "a", "source": "notes-text", "deadline": 1e308,
         "expect": {"outcome": "accepted"}}]}
        """.utf8))
    let run = try await CLI.run(["matrix", "run", matrix.path])
    #expect(run.status == 65, "\(run.standardError)")
    #expect(run.standardError.contains("deadline"))
    #expect(run.standardError.contains("86400"))
    for (contract, expected) in [
      (#"{"maximumFileSize": 1e308}"#, "maximumFileSize"),
      (#"{"maximumFileSize": -1}"#, "maximumFileSize"),
      (#"{"maximumTextLenght": 10}"#, "maximumTextLength?"),
      (#"{"acceptedTypes": []}"#, "acceptedTypes"),
      (#"{"unsupported": "reject"}"#, "rejectShare"),
    ] {
      let file = try directory.file("c.json", contents: Data(contract.utf8))
      let share = try await CLI.run([
        "share", "--group-dir", directory.path + "/g", "--contract", file.path, "--text", "x",
      ])
      #expect(share.status == 65, "\(contract): \(share.standardError)")
      #expect(share.standardError.contains(expected), "\(contract): \(share.standardError)")
      #expect(!share.standardError.contains("DecodingError"))
    }
  }

  @Test("Standard input of any size is read in bounded memory")
  func boundedStandardInput() async throws {
    // 200 MB through types - under a 150 MB data limit: it reads a prefix, as file - does.
    let types = try await CLI.shell(
      "head -c 200000000 /dev/zero | (ulimit -d 150000 && ingest-cli types -)")
    #expect(types.status == 0, "\(types.output)")
    #expect(types.output.contains("public.data"))
    // share - spools standard input to a file in chunks.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let share = try await CLI.shell(
      "head -c 50000000 /dev/urandom | (ulimit -d 150000 && ingest-cli share --group-dir"
        + " '\(directory.path)/g' --accept public.data -)")
    #expect(share.status == 0, "\(share.output)")
    // matrix run - reads the matrix from standard input.
    let matrix = try await CLI.shell(
      "echo '{\"schemaVersion\": 1, \"rows\": []}' | ingest-cli matrix run -")
    #expect(matrix.status == 0, "\(matrix.output)")
    #expect(!matrix.output.contains("cannot open"))
  }

  @Test("Errors from every reader say where in words, with no Swift dump")
  func readableErrors() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let cases: [(name: String, contents: String, arguments: [String], expected: String)] = [
      ("syntax.json", "{\"schemaVersion\": 1,\n \"rows\": [,]}", ["matrix", "run"], "line 2"),
      (
        "outcome.json",
        #"{"schemaVersion": 1, "rows": [{"name": "a", "source": "notes-text", "#
          + #""expect": {"outcome": "reject"}}]}"#, ["matrix", "run"],
        "'reject' is not one of accepted, rejected, failed"
      ),
      (
        "source.json", #"{"schemaVersion": 1, "rows": [{"name": "a", "source": 3}]}"#,
        ["matrix", "run"], "expected an object"
      ),
    ]
    for test in cases {
      let file = try directory.file(test.name, contents: Data(test.contents.utf8))
      let result = try await CLI.run(test.arguments + [file.path])
      #expect(result.status == 65, "\(test.name): \(result.standardError)")
      #expect(result.standardError.contains(test.expected), "\(test.name): \(result.standardError)")
      for dump in ["DecodingError", "Dictionary<", "Cannot initialize", "Debug description"] {
        #expect(!result.standardError.contains(dump), "\(test.name): \(result.standardError)")
      }
    }
  }

  @Test("A value with control characters, or of 10 MB, is echoed quoted and short")
  func echoedValues() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let long = String(repeating: "x", count: 10_000_000)
    for name in ["a\u{1B}[2Jx\nfake", long] {
      let matrix: [String: Any] = [
        "schemaVersion": 1, "rows": [["name": name, "source": 3, "expect": [:]]],
      ]
      let file = directory.file("m.json")
      try JSONSerialization.data(withJSONObject: matrix).write(to: file)
      let result = try await CLI.run(["matrix", "run", file.path])
      #expect(result.status == 65)
      #expect(!result.standardError.contains("\u{1B}"))
      #expect(!result.standardError.contains("\nfake"))
      #expect(result.standardError.utf8.count < 2000)
    }
    // An argument can be at most 128 KiB (MAX_ARG_STRLEN).
    let argument = try await CLI.run([
      "share", "--deadline", String(repeating: "9", count: 100_000), "--text", "x",
    ])
    #expect(argument.status == 64)
    #expect(argument.standardError.utf8.count < 2000)
  }

  @Test("--accept refuses an empty list and warns of a type no catalogue declares")
  func acceptChecked() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for empty in ["", ",", " , "] {
      let result = try await CLI.run([
        "share", "--group-dir", directory.path, "--accept", empty, "--text", "x",
      ])
      #expect(result.status == 64, "'\(empty)': \(result.standardError)")
    }
    let misspelt = try await CLI.run([
      "share", "--group-dir", directory.path, "--accept", "public.imge", "--text", "x",
    ])
    #expect(misspelt.standardError.contains("did you mean public.image?"))
    let uti = try await CLI.run(["uti", "public.imge"])
    #expect(uti.standardError.contains("did you mean public.image?"))
  }

  @Test("Messages say what happened: a link loop, a value that is not UTF-8")
  func accurateMessages() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = directory.path + "/a"
    let second = directory.path + "/b"
    try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
    try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
    let loop = try await CLI.run(["types", first])
    #expect(loop.standardError.contains("loop"), "\(loop.standardError)")
    #expect(!loop.standardError.contains("never followed"))
    let text = try await CLI.shell(
      "ingest-cli share --group-dir '\(directory.path)/g' --text \"$(printf '\\377\\376')\"")
    #expect(text.status == 64, "\(text.output)")
    #expect(text.output.contains("the value of --text"))
    #expect(!text.output.contains("rename it"))
  }

  @Test("rule diff shows where two rules decide differently, and exits 1 when any do")
  func ruleDiff() async throws {
    let same = try await CLI.run([
      "rule", "diff", "examples/ReadLater/Info.plist", "examples/ReadLater/Info.plist",
    ])
    #expect(same.status == 0)
    #expect(same.standardOutput.contains("13 of 13 profiles decided alike; 0 differ"))
    let other = try await CLI.run([
      "rule", "diff", "examples/PhotoShare/Info.plist", "examples/ReadLater/Info.plist", "--json",
    ])
    #expect(other.status == 1)
    let report = try CLI.json(other.standardOutput)
    let rows = try #require(report["rows"] as? [[String: Any]])
    let differing = rows.filter { $0["differs"] as? Bool == true }
    #expect(report["differing"] as? Int == differing.count)
    #expect(!differing.isEmpty)
  }

  @Test("The card shows a 1000-character text on one line, shortened; --json keeps it whole")
  func cardLine() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let group = directory.path + "/group"
    try FileManager.default.createDirectory(
      atPath: group + "/Inbox", withIntermediateDirectories: true)
    let id = UUID()
    let text = String(repeating: "週六去公園嗎？", count: 142) + "末"  // 995 characters, wide
    let manifest: [String: Any] = [
      "schemaVersion": 1, "id": id.uuidString, "receivedAt": "2026-09-21T01:13:20Z", "text": text,
    ]
    try JSONSerialization.data(withJSONObject: manifest).write(
      to: URL(fileURLWithPath: group + "/Inbox/\(id.uuidString).json"))
    let library = directory.path + "/library.sqlite"
    #expect(
      try await CLI.run(["inbox", "import", "--group-dir", group, "--library", library]).status
        == 0)
    let arguments = [
      "library", "summary", "--library", library, "--date", "2026-09-21", "--time-zone", "UTC",
      "--locale", "zh-Hant",
    ]
    let card = try await CLI.run(arguments)
    let lines = card.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    let line = try #require(lines.last)
    #expect(line.hasPrefix("• 待整理｜週六去公園嗎？"))
    #expect(line.hasSuffix("…"))
    #expect(line.count < 70, "wide characters count two columns of 120")
    let json = try CLI.json(try await CLI.run(arguments + ["--json"]).standardOutput)
    let records = try #require(json["records"] as? [[String: Any]])
    #expect(records.first?["content"] as? String == text)
  }
}
