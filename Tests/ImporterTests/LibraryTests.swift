import Foundation
import Ingest
import Synchronization
import SystemCalls
import TestSupport
import Testing

@testable import Importer

@Suite(
  "Library: created private, WAL, migrated from version 1, refusing what is not ours", .onIOExecutor
)
struct LibraryTests {
  @Test("A new library is 0600 in a 0700 directory, in WAL mode with full sync and foreign keys")
  func settings() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let library = try fixture.library()
    #expect(try ImporterFixture.permissions(fixture.libraryPath) == 0o600)
    #expect(try ImporterFixture.permissions(library.filesPath) == 0o700)
    #expect(
      try ImporterFixture.permissions(FileSystem.parentPath(fixture.libraryPath)) == 0o700)
    let pragmas = try await library.withConnection { connection in
      [
        try connection.text("PRAGMA journal_mode"),
        try connection.integer("PRAGMA synchronous").map(String.init),
        try connection.integer("PRAGMA foreign_keys").map(String.init),
        try connection.integer("PRAGMA application_id").map(String.init),
      ]
    }
    #expect(pragmas == ["wal", "2", "1", "\(LibrarySchema.applicationID)"])
    await #expect(try library.schemaVersion() == LibrarySchema.currentVersion)
    await #expect(try library.quickCheck() == "ok")
    // The log and shared-memory files take the database's private mode.
    _ = try await library.count()
    #expect(try ImporterFixture.permissions(fixture.libraryPath + "-wal") == 0o600)
  }

  /// The library of `fixture`, opened from a copy of the version-1 file in `Tests/Fixtures`.
  static func versionOneLibrary(_ fixture: ImporterFixture) throws -> Library {
    try FileSystem.makeDirectories(FileSystem.parentPath(fixture.libraryPath))
    try FileManager.default.copyItem(
      at: ProjectPaths.testFixtures.appendingPathComponent("library/library-v1.sqlite"),
      to: URL(fileURLWithPath: fixture.libraryPath))
    return try fixture.library()
  }

  @Test("A version-1 library file opens with the current code, its records intact, and imports")
  func versionOneFile() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let library = try Self.versionOneLibrary(fixture)
    await #expect(try library.schemaVersion() == LibrarySchema.currentVersion)
    let records = try await library.records()
    #expect(
      records.map(\.shareID.uuidString) == [
        "7A4F9B22-8C1D-4F0E-B3A6-5D2E9C8B1F02", "0C9E1D6A-3F3B-4E59-9A57-1E5F2B7C4D01",
      ])
    #expect(records[0].receivedAt == Date(timeIntervalSince1970: 1_772_982_000.25))
    #expect(records[0].items.first?.suggestedName == "IMG_0412.HEIC")
    #expect(records[0].items.first?.byteCount == 1_834_112)
    #expect(records[1].items.map(\.kind) == [.url, .text])
    #expect(records[1].status == .toSort)
    try fixture.writeShare(
      receivedAt: "2026-03-08T20:00:00Z", items: [ImporterFixture.url("https://example.org/")])
    await #expect(try fixture.importer(library).importPending().imported.count == 1)
    await #expect(try library.count() == 3)
    await #expect(try library.quickCheck() == "ok")
  }

  @Test("A version-1 file gains the title column; a share's title is kept and on the card")
  func title() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let library = try Self.versionOneLibrary(fixture)
    #expect(try await library.records().allSatisfy { $0.title == nil })
    let id = UUID()
    let json = """
      {"schemaVersion": 2, "id": "\(id.uuidString)", "receivedAt": "2026-03-08T20:00:00Z",
       "title": "Picnic\\nplans", "items": [\(ImporterFixture.url("https://example.org/"))]}
      """
    try Data(json.utf8).write(
      to: URL(fileURLWithPath: fixture.groupPath + "/Inbox/\(id.uuidString).json"))
    await #expect(try fixture.importer(library).importPending().imported == [id])
    let record = try #require(try await library.records().first { $0.shareID == id })
    #expect(record.title == "Picnic\nplans")
    #expect(record.contentLine == "Picnic plans · https://example.org/")
  }

  @Test("A newer schema, another program's database and a file that is no database are refused")
  func refusals() throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    do {
      let library = try fixture.library()
      try library.withConnectionOnThisThread { try $0.execute("PRAGMA user_version = 7") }
    }
    let newer = #expect(throws: LibraryError.self) { try fixture.library() }
    #expect(caseName(of: try #require(newer)) == "newerSchema")
    #expect("\(try #require(newer))".contains("schema version 7"))

    let other = fixture.directory.path + "/other.sqlite"
    do {
      let connection = try SQLiteConnection(path: other)
      try connection.execute("CREATE TABLE notes (body TEXT)")
    }
    let foreign = #expect(throws: LibraryError.self) { try Library(path: other) }
    #expect(caseName(of: try #require(foreign)) == "notALibrary")

    let junk = fixture.directory.path + "/junk.sqlite"
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: junk))
    let notDatabase = #expect(throws: LibraryError.self) { try Library(path: junk) }
    #expect(caseName(of: try #require(notDatabase)) == "notALibrary")

    let missing = #expect(throws: LibraryError.self) {
      try Library(path: fixture.directory.path + "/none/library.sqlite", create: false)
    }
    #expect(caseName(of: try #require(missing)) == "notFound")
    #expect(!FileManager.default.fileExists(atPath: fixture.directory.path + "/none"))
  }

  @Test("Eight connections opening a new library at once all get WAL and the current version")
  func concurrentFirstOpen() async throws {
    // Eight threads really at once (a migration read one PRAGMA at a time once took a library
    // being created for another program's database), ten times over, one after another so the
    // rounds do not contend with each other.
    var failures: [String] = []
    for round in 0..<10 {
      let fixture = try ImporterFixture()
      defer { fixture.remove() }
      let path = fixture.libraryPath
      // Eight jobs on the I/O executor at once: each gets a worker (a thread) of its own.
      failures += await withTaskGroup(of: String?.self) { opens in
        for _ in 0..<8 {
          opens.addTask(executorPreference: IOExecutor.shared) {
            do {
              let library = try Library(path: path)
              _ = try library.withConnectionOnThisThread {
                try $0.integer("SELECT count(*) FROM records", [])
              }
              return nil
            } catch {
              return "round \(round): \(error)"
            }
          }
        }
        return await opens.reduce(into: []) { if let failure = $1 { $0.append(failure) } }
      }
      if try await fixture.library().schemaVersion() != LibrarySchema.currentVersion {
        failures.append("round \(round): not version \(LibrarySchema.currentVersion)")
      }
    }
    #expect(failures.isEmpty)
  }

  @Test("SQLite errors say the operation, the statement, the file and SQLite's message")
  func errorMessages() throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let library = try fixture.library()
    let error = #expect(throws: LibraryError.self) {
      try library.withConnectionOnThisThread { try $0.execute("INSERT INTO nowhere VALUES (1)") }
    }
    let sqlite = try #require(error?.sqliteError)
    #expect(sqlite.operation == "execute")
    #expect(sqlite.message == "no such table: nowhere")
    #expect(sqlite.codeName == "SQLITE_ERROR")
    #expect(
      "\(sqlite)"
        == "cannot execute \"INSERT INTO nowhere VALUES (1)\" in \(fixture.libraryPath):"
        + " no such table: nowhere (SQLITE_ERROR)")
  }
}
