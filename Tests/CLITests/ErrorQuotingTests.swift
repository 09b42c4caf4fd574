import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Errors hold the names they are about as they are; the command quotes them when it prints
/// text (`$'a\nb'`) and writes them as they are, JSON-escaped, with `--json`. One test per
/// error type that names a file, each run with names holding a newline, a carriage return
/// and an escape sequence, and one with a name that is not UTF-8.
@Suite("ingest-cli: names in errors quoted in text, raw in --json")
struct ErrorQuotingTests {
  typealias Name = NameQuotingTests.Name

  /// Every string a JSON document holds, at any depth.
  static func strings(in value: Any) -> [String] {
    switch value {
    case let text as String: [text]
    case let list as [Any]: list.flatMap { strings(in: $0) }
    case let object as [String: Any]: object.values.flatMap { strings(in: $0) }
    default: []
    }
  }

  /// Runs `arguments` as text and with `--json` (added at the end): both end with `status`.
  /// The text output (standard output and error, never wrapped) holds `text`, the sentence
  /// with the name as `$'…'` writes it, and nothing in it can act on a terminal; the JSON
  /// document holds `json`, the same sentence with the name itself, and no terminal quoting.
  static func expectQuoted(
    _ arguments: [String], status: Int32, text: String, json: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let context = "\(arguments.prefix(2))"
    let plain = try await CLI.run(arguments, environment: ["COLUMNS": "10000"])
    let said = plain.standardOutput + plain.standardError
    #expect(plain.status == status, "\(context): \(said)", sourceLocation: sourceLocation)
    #expect(said.contains("$'"), "\(context): \(said)", sourceLocation: sourceLocation)
    #expect(
      said.contains(text), "quoted in text: \(context): \(said)", sourceLocation: sourceLocation)
    NameQuotingTests.expectInert(said, context)

    let result = try await CLI.run(arguments + ["--json"])
    #expect(
      result.status == status, "\(context) --json: \(result.standardError)",
      sourceLocation: sourceLocation)
    let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    let strings = Self.strings(in: document)
    #expect(
      strings.contains { $0.contains(json) }, "the name itself: \(result.standardOutput)",
      sourceLocation: sourceLocation)
    #expect(
      !strings.contains { $0.contains("$'") }, "no terminal quoting: \(result.standardOutput)",
      sourceLocation: sourceLocation)
    NameQuotingTests.expectInert(result.standardOutput, "\(context) --json")
  }

  /// A place for one test: a fresh temporary directory, the path of a folder in it whose
  /// name holds `name` (made), and a path in that folder as it is and as `$'…'` writes it.
  struct Place {
    var directory: TemporaryDirectory
    var folder: String
    /// The inside of `$'…'` for `folder`.
    var escaped: String

    /// `name` in the folder, as it is.
    func raw(_ name: String) -> String { folder + "/" + name }
    /// `name` in the folder, quoted for a terminal.
    func quoted(_ name: String) -> String { "$'" + escaped + "/" + name + "'" }
    /// `name` in the folder inside a message quoted as a whole (`$'… <path> …'`).
    func inQuotedMessage(_ name: String) -> String { escaped + "/" + name }
  }

  /// Runs `body` in a fresh ``Place`` for `name`, removed afterwards.
  static func inPlace(_ name: Name, _ body: (Place) async throws -> Void) async throws {
    let directory = try TemporaryDirectory(prefix: "cli-error-names")
    defer { directory.remove() }
    let folder = directory.path + "/" + name.name
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try await body(
      Place(directory: directory, folder: folder, escaped: directory.path + "/" + name.escaped))
  }

  @Test(
    "ShareServerError: a token file, TLS files and a unix socket path",
    arguments: NameQuotingTests.names)
  func shareServer(_ name: Name) async throws {
    try await Self.inPlace(name) { place in
      let missing = "missing.tokens"
      try await Self.expectQuoted(
        ["serve", "--token-file", place.raw(missing)], status: 66,
        text: "cannot read the token file \(place.quoted(missing)): cannot open"
          + " \(place.quoted(missing)): No such file",
        json: "cannot read the token file \(place.raw(missing)): cannot open"
          + " \(place.raw(missing)): No such file")
      let empty = "empty.tokens"
      try #require(FileManager.default.createFile(atPath: place.raw(empty), contents: Data()))
      try await Self.expectQuoted(
        ["serve", "--token-file", place.raw(empty)], status: 65,
        text: "the token file \(place.quoted(empty)) holds no token",
        json: "the token file \(place.raw(empty)) holds no token")
      try await Self.expectQuoted(
        [
          "serve", "--insecure-no-token", "--tls-cert", place.raw("cert.pem"), "--tls-key",
          place.raw("key.pem"),
        ], status: 66,
        text: "cannot use the TLS file \(place.quoted("key.pem")): No such file",
        json: "cannot use the TLS file \(place.raw("key.pem")): No such file")
      // Something other than a socket at the socket's path: refused, never removed.
      let taken = "taken.sock"
      try #require(
        FileManager.default.createFile(atPath: place.raw(taken), contents: Data("mine".utf8)))
      try await Self.expectQuoted(
        [
          "serve", "--insecure-no-token", "--group-dir", place.directory.path + "/group",
          "--unix-socket", place.raw(taken),
        ], status: 73,
        text: "\(place.quoted(taken)) is a regular file; a unix socket is made",
        json: "\(place.raw(taken)) is a regular file; a unix socket is made")
      #expect(FileManager.default.contents(atPath: place.raw(taken)) == Data("mine".utf8))
    }
  }

  @Test("MatrixFileError: the matrix file and a row's name", arguments: NameQuotingTests.names)
  func matrixFile(_ name: Name) async throws {
    try await Self.inPlace(name) { place in
      let rowName = String(decoding: try JSONEncoder().encode(name.name), as: UTF8.self)
      // A row without `expect`: the error names the file and the row.
      let text =
        #"{"schemaVersion": 1, "rows": [{"name": "# + rowName + #", "source": "photos-photo"}]}"#
      try #require(
        FileManager.default.createFile(atPath: place.raw("matrix.json"), contents: Data(text.utf8)))
      try await Self.expectQuoted(
        ["matrix", "run", place.raw("matrix.json")], status: 65,
        text: "\(place.quoted("matrix.json")), row 1 $'\(name.escaped)', expect: missing",
        json: "\(place.raw("matrix.json")), row 1 \"\(name.name)\", expect: missing")
    }
  }

  @Test("SourceProfileError: profiles in --sources", arguments: NameQuotingTests.names)
  func sourceProfile(_ name: Name) async throws {
    try await Self.inPlace(name) { place in
      // Not a profile at all: its path.
      try #require(
        FileManager.default.createFile(
          atPath: place.raw("broken.json"), contents: Data(#"{"schemaVersion": 9}"#.utf8)))
      try await Self.expectQuoted(
        ["rule", "check", "TRUEPREDICATE", "--sources", place.folder, "--source", "broken"],
        status: 65,
        text: "\(place.quoted("broken.json")) is not a source profile",
        json: "\(place.raw("broken.json")) is not a source profile")
      // A shipped profile under another file name, its `name` the hostile one: both echoed.
      let shipped = ProjectPaths.corpus.appendingPathComponent("sources/photos-photo.json")
      var profile = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: Any])
      profile["name"] = name.name
      try #require(
        FileManager.default.createFile(
          atPath: place.raw("renamed.json"),
          contents: try JSONSerialization.data(withJSONObject: profile)))
      try await Self.expectQuoted(
        ["rule", "check", "TRUEPREDICATE", "--sources", place.folder, "--source", "renamed"],
        status: 65,
        text: "\(place.quoted("renamed.json")) is named $'\(name.escaped)' inside",
        json: "\(place.raw("renamed.json")) is named \"\(name.name)\" inside")
    }
  }

  @Test("SourceProfileError: a profile whose file name is not UTF-8, named by its bytes")
  func sourceProfileNotUTF8() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-error-names")
    defer { directory.remove() }
    let folder = directory.path + "/sources"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Made with the raw bytes through the C API: no Swift String can hold them.
    let name: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".json".utf8)
    let path = (Array((folder + "/").utf8) + name + [0]).map { CChar(bitPattern: $0) }
    let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
    try #require(descriptor >= 0)
    close(descriptor)
    // The bytes as `$'…'` writes them in text and in JSON alike (no JSON string holds them),
    // never as U+FFFD, never looked up under a repaired name.
    let expected = "\(folder) holds $'bad\\xFF\\xFE.json', a name that is not UTF-8"
    for json in [false, true] {
      let result = try await CLI.run(
        ["rule", "matrix", "TRUEPREDICATE", "--sources", folder] + (json ? ["--json"] : []),
        environment: ["COLUMNS": "10000"])
      #expect(result.status == 65, "\(result.standardOutput)\(result.standardError)")
      if json {
        let strings = Self.strings(
          in: try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)))
        #expect(strings.contains { $0.contains(expected) }, "\(result.standardOutput)")
      } else {
        #expect(result.standardError.contains(expected), "\(result.standardError)")
      }
      let said = result.standardOutput + result.standardError
      #expect(!said.contains("\u{FFFD}"), "no byte replaced: \(said)")
    }
  }

  @Test(
    "PayloadError: a missing payload, recorded as it is and quoted when printed",
    arguments: NameQuotingTests.names)
  func payload(_ name: Name) async throws {
    try await Self.inPlace(name) { place in
      let shared = try await CLI.run([
        "share", "--json", "--group-dir", place.folder, "corpus/files/screenshot.png",
      ])
      try #require(shared.status == 0, "\(shared.standardOutput)\(shared.standardError)")
      let report = try CLI.json(shared.standardOutput)
      let payload = try #require(
        (report["attachments"] as? [[String: Any]])?.first?["file"] as? String)
      try FileManager.default.removeItem(atPath: place.raw(payload))
      // The message is kept as text with the path as it is, and quoted as a whole when printed.
      try await Self.expectQuoted(
        [
          "inbox", "import", "--group-dir", place.folder, "--library",
          place.directory.path + "/library.sqlite",
        ],
        status: 65,
        text: "the payload \(place.inQuotedMessage(payload)) is missing",
        json: "the payload \(place.raw(payload)) is missing")
      // The failure recorded beside the share, as `inbox list` shows it.
      try await Self.expectQuoted(
        ["inbox", "list", "--group-dir", place.folder], status: 0,
        text: "the payload \(place.inQuotedMessage(payload)) is missing",
        json: "the payload \(place.raw(payload)) is missing")
    }
  }

  @Test("GroupLayoutError: Incoming/ on a tmpfs (root only)", arguments: NameQuotingTests.names)
  func groupLayout(_ name: Name) async throws {
    try await Self.inPlace(name) { place in
      if let reason = SplitFileSystemTests.mountTmpfs(at: place.raw("Incoming")) {
        print("skipped: \(reason); GroupLayoutError's quoting not tried")
        return
      }
      defer { SplitFileSystemTests.unmount(place.raw("Incoming")) }
      try await Self.expectQuoted(
        ["share", "--group-dir", place.folder, "corpus/files/screenshot.png"], status: 73,
        text: "the group directory \(place.escaped) has Incoming/ and .staging/",
        json: "the group directory \(place.folder) has Incoming/ and .staging/")
    }
  }
}
