import Foundation
import TestSupport
import Testing

/// libmagic, libgcrypt, libcrypto and SQLite are loaded when a command first needs them, as libpq
/// is (`LibPQLoadingTests`): a command pays only for the libraries it uses, and one that cannot be
/// loaded is an error naming it and the package to install.
@Suite("libmagic, libgcrypt, libcrypto and SQLite are loaded on first use, not linked")
struct SharedLibraryLoadingTests {
  static let missing = "/nonexistent/library.so"

  @Test("types needs libmagic only for what the package's signatures do not know")
  func libmagic() async throws {
    let known = try await CLI.run(
      ["types", "corpus/files/photo.jpg"], environment: ["INGEST_LIBMAGIC": Self.missing])
    #expect(known.status == 0)
    #expect(known.standardOutput.contains("public.jpeg"))

    let unknown = try await CLI.run(
      ["types", "corpus/files/changelog.txt"], environment: ["INGEST_LIBMAGIC": Self.missing])
    #expect(unknown.status != 0)
    #expect(unknown.standardError.contains("changelog.txt"))
    #expect(
      unknown.standardError.contains(
        "libmagic could not be loaded from \(Self.missing) (INGEST_LIBMAGIC)"))
    #expect(unknown.standardError.contains("install libmagic1 (with libmagic-dev)"))
  }

  @Test("A share that cannot load libgcrypt fails naming it, and saves nothing")
  func libgcrypt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try await CLI.run(
      ["share", "corpus/files/photo.jpg"],
      environment: [
        "INGEST_GROUP_DIR": directory.path, "INGEST_LIBGCRYPT": Self.missing, "COLUMNS": "1000",
      ])
    #expect(result.status == 74)
    #expect(
      result.standardOutput.contains(
        "libgcrypt could not be loaded from \(Self.missing) (INGEST_LIBGCRYPT)"))
    #expect(result.standardOutput.contains("install libgcrypt20 (with libgcrypt20-dev)"))
    let inbox = (try? FileManager.default.contentsOfDirectory(atPath: directory.path + "/Inbox"))
    #expect(inbox ?? [] == [])
  }

  @Test("A signed shortcut that cannot load libcrypto says so, not that it fails to verify")
  func libcryptoForShortcuts() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path + "/signed.shortcut"
    try Data("AEA1 and then a signed archive".utf8).write(to: URL(fileURLWithPath: file))
    let result = try await CLI.run(
      ["shortcut", "inspect", file], environment: ["INGEST_LIBCRYPTO": Self.missing])
    #expect(result.status == 74)
    #expect(result.standardError.contains("libcrypto could not be loaded"))
    #expect(result.standardError.contains("install libssl3"))
  }

  @Test("A library database that cannot load SQLite fails naming it")
  func sqlite() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let result = try await CLI.run(
      ["inbox", "import", "--library", directory.path + "/library.sqlite"],
      environment: ["INGEST_GROUP_DIR": directory.path, "INGEST_LIBSQLITE": Self.missing])
    #expect(result.status != 0)
    #expect(
      result.standardError.contains(
        "SQLite could not be loaded from \(Self.missing) (INGEST_LIBSQLITE)"))
    #expect(result.standardError.contains("install libsqlite3-0 (with libsqlite3-dev)"))
  }

  @Test("ingest-cli links none of them: a process maps each only once it uses it")
  func notLinked() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") else {
      print("skipped: /usr/bin/ldd is not installed")
      return
    }
    let result = try await CLI.shell("ldd \"$(command -v ingest-cli)\"")
    #expect(result.status == 0)
    #expect(result.output.contains("libc.so"))
    for library in ["libmagic", "libgcrypt", "libcrypto", "libsqlite3", "libpq"] {
      #expect(!result.output.contains(library), "\(library) is linked")
    }
  }
}
