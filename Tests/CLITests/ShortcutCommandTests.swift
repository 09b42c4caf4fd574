import Foundation
import TestSupport
import Testing

@Suite("ingest-cli shortcut")
struct ShortcutCommandTests {
  @Test("make, then inspect, round-trips")
  func makeThenInspect() async throws {
    let temporary = try TemporaryDirectory(prefix: "cli-tests")
    defer { temporary.remove() }
    let directory = temporary.url
    let file = directory.appendingPathComponent("Example.shortcut").path
    let made = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example",
      "--team", "ABCDE12345", "-o", file,
    ])
    #expect(made.status == 0)
    #expect(made.standardOutput.contains("shortcuts sign --mode people-who-know-me"))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(bytes.starts(with: Array("bplist00".utf8)))

    #expect(made.standardOutput.contains("is.workflow.actions.runextension"))
    #expect(made.standardError.isEmpty)

    let inspected = try await CLI.run(["shortcut", "inspect", "--json", file])
    #expect(inspected.status == 0)
    #expect(inspected.standardOutput.contains("is.workflow.actions.takescreenshot"))
    #expect(inspected.standardOutput.contains("is.workflow.actions.runextension"))
    #expect(inspected.standardOutput.contains("com.example.app"))
  }

  @Test("make with the share action warns that signing drops its parameters")
  func shareActionWarning() async throws {
    let temporary = try TemporaryDirectory(prefix: "cli-tests")
    defer { temporary.remove() }
    let file = temporary.url.appendingPathComponent("Share.shortcut").path
    let made = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example",
      "--team", "ABCDE12345", "--action", "share", "-o", file,
    ])
    #expect(made.status == 0)
    #expect(made.standardError.contains("warning: is.workflow.actions.share was reported to lose"))
    let json = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example",
      "--team", "ABCDE12345", "--action", "share", "-o", file, "--json",
    ])
    let warnings = try CLI.json(json.standardOutput)["warnings"] as? [String]
    #expect(warnings?.count == 1)
  }

  @Test("make refuses bad identifiers and writes nothing")
  func badIdentifiers() async throws {
    let temporary = try TemporaryDirectory(prefix: "cli-tests")
    defer { temporary.remove() }
    let directory = temporary.url
    let file = directory.appendingPathComponent("x.shortcut").path
    let badBundle = try await CLI.run([
      "shortcut", "make", "--bundle-id", "not a bundle", "--name", "X", "--team", "ABCDE12345",
      "-o", file,
    ])
    #expect(badBundle.status == 64)
    #expect(badBundle.standardError.contains("not a bundle"))
    let badTeam = try await CLI.run([
      "shortcut", "make", "--bundle-id", "com.example.app", "--name", "X", "--team", "abc", "-o",
      file,
    ])
    #expect(badTeam.status == 64)
    #expect(badTeam.standardError.contains("ten upper-case letters or digits"))
    #expect(!FileManager.default.fileExists(atPath: file), "nothing written on bad input")
  }

  @Test("inspect reports missing and malformed files")
  func inspectErrors() async throws {
    let temporary = try TemporaryDirectory(prefix: "cli-tests")
    defer { temporary.remove() }
    let directory = temporary.url
    #expect(
      try await CLI.run(["shortcut", "inspect", directory.appendingPathComponent("none").path])
        .status
        == 66)
    let garbage = directory.appendingPathComponent("garbage.shortcut")
    try Data("AEA1 but not really".utf8).write(to: garbage)
    let result = try await CLI.run(["shortcut", "inspect", garbage.path])
    #expect(result.status == 65)
  }

  // MARK: make --post-to

  static let token = "cli-upload-token-8Hq3"

  /// The request action's parameters of the shortcut at `path`, read with Foundation.
  static func requestParameters(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var format = PropertyListSerialization.PropertyListFormat.xml
    let root = try PropertyListSerialization.propertyList(from: data, format: &format)
    #expect(format == .binary)
    let actions = try #require((root as? [String: Any])?["WFWorkflowActions"] as? [[String: Any]])
    #expect(
      actions.compactMap { $0["WFWorkflowActionIdentifier"] as? String } == [
        "is.workflow.actions.gettext", "is.workflow.actions.takescreenshot",
        "is.workflow.actions.downloadurl",
      ])
    return try #require(actions.last?["WFWorkflowActionParameters"] as? [String: Any])
  }

  /// The shortcut's import questions.
  static func importQuestions(_ path: String) throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let root = try PropertyListSerialization.propertyList(from: data, format: nil)
    return try #require((root as? [String: Any])?["WFWorkflowImportQuestions"] as? [[String: Any]])
  }

  /// The `Authorization` header value the shortcut at `path` sends, if any.
  static func authorization(_ path: String) throws -> String? {
    let headers = try requestParameters(path)["WFHTTPHeaders"] as? [String: Any]
    let items = (headers?["Value"] as? [String: Any])?["WFDictionaryFieldValueItems"]
    let item = (items as? [[String: Any]])?.first {
      ($0["WFKey"] as? [String: Any]).flatMap { $0["Value"] as? [String: String] }
        == ["string": "Authorization"]
    }
    return ((item?["WFValue"] as? [String: Any])?["Value"] as? [String: Any])?["string"]
      as? String
  }

  static func permissions(_ path: String) throws -> Int {
    try #require(
      FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test("make --post-to: the shortcut asks for its token when imported and holds none")
  func postToAsksForToken() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-tests")
    defer { directory.remove() }
    let file = directory.file("Upload.shortcut").path
    let url = "https://ingest.example.net/share"
    let made = try await CLI.run(["shortcut", "make", "--post-to", url, "-o", file])
    #expect(made.status == 0, "\(made.standardError)")
    #expect(made.standardError.isEmpty, "an https URL at /share is not warned of")
    #expect(try Self.permissions(file) == 0o644, "no secret in it")
    #expect(
      made.standardOutput.contains(
        "is.workflow.actions.gettext -> is.workflow.actions.takescreenshot"
          + " -> is.workflow.actions.downloadurl"))
    #expect(made.standardOutput.contains("posts to: \(url) (POST, the screenshot as the body"))
    #expect(made.standardOutput.contains("the token asked for when the shortcut is imported"))
    #expect(made.standardOutput.contains("the file holds no token"))
    let parameters = try Self.requestParameters(file)
    #expect(parameters["WFURL"] as? String == url)
    #expect(parameters["WFHTTPMethod"] as? String == "POST")
    #expect(parameters["WFHTTPBodyType"] as? String == "File")
    #expect(try Self.authorization(file) == "Bearer \u{FFFC}", "the Text action's output")
    let questions = try Self.importQuestions(file)
    #expect(questions.count == 1)
    #expect(questions.first?["ParameterKey"] as? String == "WFTextActionText")
    #expect(questions.first?["ActionIndex"] as? Int == 0)

    let inspected = try await CLI.run(["shortcut", "inspect", file])
    #expect(inspected.status == 0)
    let lines = inspected.standardOutput.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let first = try #require(lines.firstIndex(of: "1. is.workflow.actions.gettext \"Token\""))
    #expect(lines[first + 1] == "2. is.workflow.actions.takescreenshot")
    #expect(lines.contains("WFHTTPHeaders <- output of action 1 \"Token\""), "\(lines)")
    #expect(lines.contains("WFRequestVariable <- output of action 2 \"Screenshot\""), "\(lines)")
    #expect(lines.contains("request: POST \(url), body File, headers: Authorization"))
    let report = try await CLI.run([
      "shortcut", "make", "--post-to", url, "-o", file, "--json",
    ])
    let document = try CLI.json(report.standardOutput)
    #expect(document["asksForToken"] as? Bool == true)
    #expect(document["permissions"] as? String == "0644")
    #expect(document["postTo"] as? String == url)
  }

  @Test("make --post-to --no-token sends no Authorization header and asks nothing")
  func postToWithoutToken() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-tests")
    defer { directory.remove() }
    let file = directory.file("Open.shortcut").path
    let made = try await CLI.run([
      "shortcut", "make", "--post-to", "https://ingest.example.net/share", "--input", "clipboard",
      "--no-token", "-o", file,
    ])
    #expect(made.status == 0, "\(made.standardError)")
    #expect(made.standardOutput.contains("the clipboard as the body, no Authorization header"))
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let root = try PropertyListSerialization.propertyList(from: data, format: nil)
    let actions = try #require((root as? [String: Any])?["WFWorkflowActions"] as? [[String: Any]])
    #expect(
      actions.compactMap { $0["WFWorkflowActionIdentifier"] as? String } == [
        "is.workflow.actions.getclipboard", "is.workflow.actions.downloadurl",
      ])
    let parameters = try #require(actions.last?["WFWorkflowActionParameters"] as? [String: Any])
    #expect(try Self.importQuestions(file).isEmpty)
    #expect(parameters["WFHTTPHeaders"] == nil)
    #expect(parameters["WFHTTPMethod"] as? String == "POST")
  }

  struct Refused: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var says: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refused = [
    Refused(
      arguments: ["--post-to", "ftp://ingest.example.net/share"], status: 64,
      says: "--post-to: ftp://ingest.example.net/share has the scheme ftp"),
    Refused(
      arguments: ["--post-to", "ingest.example.net/share"], status: 64,
      says: "is not an absolute URL"),
    Refused(
      arguments: ["--post-to", "https://me:pw@ingest.example.net/share"], status: 64,
      says: "user name or password"),
    Refused(
      arguments: ["--post-to", "https://ingest.example.net/share", "--team", "ABCDE12345"],
      status: 64, says: "bound to no app: drop --team"),
    Refused(
      arguments: ["--no-token", "--bundle-id", "com.example.app"], status: 64,
      says: "--no-token goes with --post-to URL"),
    Refused(arguments: [], status: 64, says: "or --post-to URL"),
    Refused(
      arguments: ["--post-to", "https://ingest.example.net/share", "--token-file", "TOKENS"],
      status: 64, says: "--token-file"),
  ]

  @Test(
    "make --post-to refuses what it cannot send, saying why, and writes nothing", arguments: refused
  )
  func postToRefuses(_ refusal: Refused) async throws {
    let directory = try TemporaryDirectory(prefix: "cli-tests")
    defer { directory.remove() }
    let files = [
      "TOKENS": try directory.file("tokens", contents: Data("\(Self.token)\n".utf8)).path,
      "none": directory.file("none").path,
    ]
    let file = directory.file("x.shortcut").path
    let result = try await CLI.run(
      ["shortcut", "make"] + refusal.arguments.map { files[$0] ?? $0 } + ["-o", file])
    #expect(result.status == refusal.status, "\(result.standardError)")
    #expect(result.standardError.contains(refusal.says), "\(result.standardError)")
    #expect(!result.standardError.contains(Self.token))
    #expect(!FileManager.default.fileExists(atPath: file), "nothing written")
  }

  @Test("Plain http to another machine is warned of on stderr; with --json, in the report")
  func postToWarnsOfCleartext() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-tests")
    defer { directory.remove() }
    let file = directory.file("Lan.shortcut").path
    let arguments = [
      "shortcut", "make", "--post-to", "http://192.168.1.20:8787/share", "-o", file,
    ]
    let made = try await CLI.run(arguments)
    #expect(made.status == 0)
    #expect(made.standardError.contains("warning: http://192.168.1.20:8787/share is plain http"))
    let json = try await CLI.run(arguments + ["--json"])
    #expect(json.status == 0)
    #expect(json.standardError.isEmpty)
    let warnings = try CLI.json(json.standardOutput)["warnings"] as? [String]
    #expect(warnings?.count == 1)
    #expect(warnings?.first?.contains("and its token, cross the network unencrypted") == true)
  }

  @Test("The shortcut's request, replayed by curl as the shortcut would send it, is committed")
  func replayedAgainstServe() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-tests")
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let file = directory.file("Serve.shortcut").path
    let made = try await CLI.run([
      "shortcut", "make", "--post-to", server.url + "/share", "-o", file,
    ])
    #expect(made.status == 0, "\(made.standardError)")
    #expect(made.standardError.contains("127.0.0.1 is the device the shortcut runs on"))
    let parameters = try Self.requestParameters(file)
    let url = try #require(parameters["WFURL"] as? String)
    let method = try #require(parameters["WFHTTPMethod"] as? String)
    // What the person importing it types in (a line of serve's token file) takes the place of
    // the Text action's output.
    let authorization = try #require(try Self.authorization(file))
      .replacingOccurrences(of: "\u{FFFC}", with: ServeCommandTests.token)
    #expect(parameters["WFHTTPBodyType"] as? String == "File")
    // Get Contents of URL with a File body sends the file's bytes with its type.
    let screenshot = CLI.packageRoot.appendingPathComponent("corpus/files/screenshot.png").path
    let answer = try await ServeCommandTests.curl([
      "-X", method, "-H", "Authorization: \(authorization)", "-H", "Content-Type: image/png",
      "--data-binary", "@" + screenshot, url,
    ])
    #expect(answer.status == 201, "\(answer.body)")
    let id = try #require(CLI.json(answer.body)["share"] as? String)
    #expect(try await server.inboxIDs() == [id])
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("types=public.png"), "\(log)")
  }
}
