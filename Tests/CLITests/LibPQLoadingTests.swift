import Foundation
import TestSupport
import Testing

@Suite("libpq is loaded when a PostgreSQL URL is first used, not linked")
struct LibPQLoadingTests {
  @Test("A libpq that cannot be loaded is a clear error naming it, with no reconnect wait")
  func missingLibrary() async throws {
    let result = try await CLI.run(
      ["db", "migrate", "postgresql:///nowhere?host=/nonexistent-socket-dir"],
      environment: ["INGEST_LIBPQ": "/nonexistent/libpq.so.5"])
    #expect(result.status != 0)
    #expect(result.standardError.contains("load libpq"))
    #expect(result.standardError.contains("/nonexistent/libpq.so.5 (INGEST_LIBPQ)"))
    #expect(result.standardError.contains("install libpq5"))
    // Not a connection failure: not retried for the reconnect window.
    #expect(!result.standardError.contains("reconnecting"))
  }

  @Test("ingest-cli does not link libpq: a process that never uses a URL never maps it")
  func notLinked() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd") else {
      print("skipped: /usr/bin/ldd is not installed")
      return
    }
    let result = try await CLI.shell("ldd \"$(command -v ingest-cli)\"")
    #expect(result.status == 0)
    #expect(result.output.contains("libc.so"))
    #expect(!result.output.contains("libpq"))
  }
}
