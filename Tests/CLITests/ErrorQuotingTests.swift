import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Errors hold the names they are about as they are; the command quotes them when it prints
/// text (`$'a\nb'`) and writes them as they are, JSON-escaped, with `--json`. One test per
/// error type that names a file, each run with names holding a newline, a carriage return
/// and an escape sequence.
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

  /// Runs `arguments` as text and with `--json`: both end with `status`; the text names
  /// `path` quoted (`$'…'`, `escaped` inside) and nothing in it can act on a terminal; the
  /// JSON document names `path` itself and holds no terminal quoting.
  static func expectQuoted(
    _ arguments: [String], status: Int32, path: String, escaped: String
  ) async throws {
    let text = try await CLI.run(arguments)
    let said = text.standardOutput + text.standardError
    let context = "\(arguments.prefix(2)): \(said)"
    #expect(text.status == status, "\(context)")
    // Quoted as a name (`$'/tmp/a\nb'`), or within a message quoted as a whole.
    #expect(said.contains("$'") && said.contains(escaped), "quoted in text: \(context)")
    NameQuotingTests.expectInert(said, context)

    let json = try await CLI.run(Array(arguments.prefix(2)) + ["--json"] + arguments.dropFirst(2))
    #expect(json.status == status, "\(arguments.prefix(2)) --json: \(json.standardError)")
    let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
    let strings = Self.strings(in: document)
    #expect(strings.contains { $0.contains(path) }, "the name itself: \(json.standardOutput)")
    #expect(
      !strings.contains { $0.contains("$'") }, "no terminal quoting: \(json.standardOutput)")
    NameQuotingTests.expectInert(json.standardOutput, "\(arguments.prefix(2)) --json")
  }

  /// A place for one test: a fresh temporary directory, the path of a folder in it whose
  /// name holds `name` (made), and that folder's path as `$'…'` writes it.
  struct Place {
    var directory: TemporaryDirectory
    var folder: String
    var escaped: String
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
      // Missing: 66. Empty: no token, 65.
      try await Self.expectQuoted(
        ["serve", "--token-file", place.folder + "/missing.tokens"], status: 66,
        path: place.folder + "/missing.tokens", escaped: place.escaped)
      let empty = place.folder + "/empty.tokens"
      FileManager.default.createFile(atPath: empty, contents: Data())
      try await Self.expectQuoted(
        ["serve", "--token-file", empty], status: 65, path: empty, escaped: place.escaped)
      try await Self.expectQuoted(
        [
          "serve", "--insecure-no-token", "--tls-cert", place.folder + "/cert.pem", "--tls-key",
          place.folder + "/key.pem",
        ], status: 66, path: place.folder + "/key.pem", escaped: place.escaped)
      // Something other than a socket at the socket's path: refused, never removed.
      let taken = place.folder + "/taken.sock"
      FileManager.default.createFile(atPath: taken, contents: Data("mine".utf8))
      try await Self.expectQuoted(
        [
          "serve", "--insecure-no-token", "--group-dir", place.directory.path + "/group",
          "--unix-socket", taken,
        ], status: 73, path: taken, escaped: place.escaped)
      #expect(FileManager.default.contents(atPath: taken) == Data("mine".utf8))
    }
  }

  @Test("MatrixFileError: the matrix file and a row's name", arguments: NameQuotingTests.names)
  func matrixFile(_ name: Name) async throws {
    try await Self.inPlace(name) { place in
      let matrix = place.folder + "/matrix.json"
      let rowName = String(decoding: try JSONEncoder().encode(name.name), as: UTF8.self)
      // A row without `expect`: the error names the file and the row.
      let text =
        #"{"schemaVersion": 1, "rows": [{"name": "# + rowName + #", "source": "photos-photo"}]}"#
      FileManager.default.createFile(atPath: matrix, contents: Data(text.utf8))
      try await Self.expectQuoted(
        ["matrix", "run", matrix], status: 65, path: matrix,
        escaped: place.escaped)
      // The row's name too: quoted in text, itself in JSON.
      let json = try await CLI.run(["matrix", "run", "--json", matrix])
      let strings = Self.strings(
        in: try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)))
      #expect(strings.contains { $0.contains("\"\(name.name)\"") }, "\(json.standardOutput)")
      let plain = try await CLI.run(["matrix", "run", matrix])
      #expect(plain.standardError.contains("row 1 $'\(name.escaped)'"), "\(plain.standardError)")
    }
  }

  @Test("SourceProfileError: a profile in --sources", arguments: NameQuotingTests.names)
  func sourceProfile(_ name: Name) async throws {
    try await Self.inPlace(name) { place in
      let profile = place.folder + "/broken.json"
      FileManager.default.createFile(
        atPath: profile, contents: Data(#"{"schemaVersion": 9}"#.utf8))
      try await Self.expectQuoted(
        ["rule", "check", "TRUEPREDICATE", "--sources", place.folder], status: 65, path: profile,
        escaped: place.escaped)
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
      try FileManager.default.removeItem(atPath: place.folder + "/" + payload)
      try await Self.expectQuoted(
        [
          "inbox", "import", "--group-dir", place.folder, "--library",
          place.directory.path + "/library.sqlite",
        ],
        status: 65, path: place.folder + "/" + payload, escaped: place.escaped)
      // The failure recorded beside the share, as `inbox list` shows it.
      try await Self.expectQuoted(
        ["inbox", "list", "--group-dir", place.folder], status: 0,
        path: place.folder + "/" + payload,
        escaped: place.escaped)
    }
  }

  @Test("GroupLayoutError: Incoming/ on a tmpfs (root only)", arguments: NameQuotingTests.names)
  func groupLayout(_ name: Name) async throws {
    try await Self.inPlace(name) { place in
      if let reason = SplitFileSystemTests.mountTmpfs(at: place.folder + "/Incoming") {
        print("skipped: \(reason); GroupLayoutError's quoting not tried")
        return
      }
      defer { SplitFileSystemTests.unmount(place.folder + "/Incoming") }
      try await Self.expectQuoted(
        ["share", "--group-dir", place.folder, "corpus/files/screenshot.png"], status: 73,
        path: place.folder,
        escaped: place.escaped)
    }
  }
}
