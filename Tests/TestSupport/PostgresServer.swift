import Foundation
import SystemCalls

#if canImport(Glibc)
  import Glibc
#endif

/// The PostgreSQL server tests run against: the one `scripts/with-postgres.sh` starts (or any
/// server `INGEST_TEST_POSTGRES_URL` names, as a superuser). Tests that need it are enabled
/// only when it is there, and say so when they skip; under CI (`CI=true`) a missing server is
/// a failure, never a skip (see `PostgresServerTests`).
public enum PostgresServer {
  /// What a skipped test says.
  public static let skipMessage =
    "skipped: no PostgreSQL (set INGEST_TEST_POSTGRES_URL or run under"
    + " scripts/with-postgres.sh)"

  /// The server's URL (a superuser on its maintenance database), when one is there.
  public static var url: String? {
    ProcessInfo.processInfo.environment["INGEST_TEST_POSTGRES_URL"].flatMap {
      $0.isEmpty ? nil : $0
    }
  }

  /// Whether a server is there.
  public static var isAvailable: Bool { url != nil }

  /// Whether this is CI (`CI=true`), where a missing server fails the run.
  public static var isCI: Bool {
    ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
  }

  /// A command that runs `pg_ctl` for the server (`restart`, `stop`, `start`), when the
  /// script that started it says how.
  public static var control: String? {
    ProcessInfo.processInfo.environment["INGEST_TEST_POSTGRES_CTL"].flatMap {
      $0.isEmpty ? nil : $0
    }
  }

  /// Runs the server's control command with `argument` (`restart`) and returns its exit
  /// status. Its standard streams are `/dev/null`: the server it starts keeps running and holds
  /// whatever it inherited, which a reader of its output would wait on.
  public static func runControl(_ argument: String) -> Int32 {
    guard let control,
      let child = try? ChildProcess.spawn(
        control, arguments: [argument], standardInput: .nullDevice, standardOutput: .nullDevice,
        standardError: .nullDevice)
    else { return -1 }
    return child.wait().exitStatus ?? -1
  }

  /// The server's processes: its postmaster (the first line of `postmaster.pid` in
  /// `INGEST_TEST_POSTGRES_DATA`, which `scripts/with-postgres.sh` sets) first, then the
  /// postmaster's children (backends and background processes, from `/proc`); empty when the
  /// data directory is not named or holds no running server.
  public static func processIDs() -> [pid_t] {
    guard let data = ProcessInfo.processInfo.environment["INGEST_TEST_POSTGRES_DATA"],
      let text = try? String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8),
      let first = text.split(separator: "\n").first, let postmaster = pid_t(first),
      kill(postmaster, 0) == 0
    else { return [] }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    let children = entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return nil }
      // After the command's name in parentheses: the state, then the parent's id.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      return fields.count > 1 && pid_t(fields[1]) == postmaster ? pid : nil
    }
    return [postmaster] + children
  }

  /// Runs `body` with every process of the server stopped (`SIGSTOP`), as a paused machine
  /// is: its kernel still accepts connections and acknowledges data, nothing answers. They
  /// run again (`SIGCONT`) when `body` returns or throws. Use it inside
  /// `withServerToItself`.
  ///
  /// - Throws: `Unavailable` when the server's processes cannot be found.
  public static func paused<T>(_ body: () throws -> T) throws -> T {
    let processes = processIDs()
    guard !processes.isEmpty else { throw Unavailable() }
    // The postmaster first, so that it starts no process meanwhile.
    for pid in processes { kill(pid, SIGSTOP) }
    defer { for pid in processes { kill(pid, SIGCONT) } }
    return try body()
  }

  /// A new, empty database on the server; its URL. Made with `psql` (the server's client).
  public static func makeDatabase(prefix: String = "test") throws -> String {
    guard let url else { throw Unavailable() }
    let name = "\(prefix)_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
    try psql(url, "CREATE DATABASE \(name)")
    return databaseURL(url, name: name)
  }

  /// Drops a database `makeDatabase` made, closing its connections; best effort.
  public static func dropDatabase(_ databaseURL: String) {
    guard let url, let name = databaseName(databaseURL) else { return }
    _ = try? psql(url, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
  }

  /// Runs `sql` (fixed statements, no user data) with `psql` on `url`; the rows it prints,
  /// one a line, columns separated by `|`.
  @discardableResult
  public static func psql(_ url: String, _ sql: String) throws -> [String] {
    let output = try ChildProcess.run(
      "psql", arguments: ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql])
    guard output.outcome.succeeded else {
      throw Failure(message: output.standardErrorText)
    }
    let rows = output.standardOutput
    return String(decoding: rows, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// `url` with its database replaced by `name`.
  public static func databaseURL(_ url: String, name: String) -> String {
    guard let scheme = url.range(of: "://") else { return url }
    let rest = url[scheme.upperBound...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    let queryStart = rest[authorityEnd...].firstIndex(of: "?") ?? rest.endIndex
    return String(url[..<authorityEnd]) + "/" + name + String(rest[queryStart...])
  }

  /// The database a URL `databaseURL` made names.
  static func databaseName(_ url: String) -> String? {
    guard let scheme = url.range(of: "://") else { return nil }
    let rest = url[scheme.upperBound...]
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    let name = rest[rest.index(after: slash)...].prefix { $0 != "?" }
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
      return nil
    }
    return String(name)
  }

  /// Runs `body` while the server is in ordinary use: tests share it, and wait while a test
  /// restarts it (`withServerToItself`). A lock file beside the data directory, waited for
  /// on a thread of its own: a test that has the server to itself never waits for a worker
  /// this one holds.
  public static func sharing<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return try await body() }
    defer { close(descriptor) }
    try await Offload.run {
      while flock(descriptor, LOCK_SH) != 0, errno == EINTR {}
    }
    return try await body()
  }

  private static var lockPath: String {
    NSTemporaryDirectory() + "/share-ingest-postgres-tests-\(getuid()).lock"
  }

  /// Runs `body` with the server to itself: no other test uses it meanwhile (for restarts).
  public static func withServerToItself<T>(_ body: () throws -> T) throws -> T {
    try locked(exclusive: true, body)
  }

  /// Runs `body` with the server to itself, as `withServerToItself` does, for asynchronous
  /// work: for a test that stops a backend (`SIGSTOP`), which holds up other tests' statements
  /// (`DROP DATABASE` waits for every backend) and, through them, the threads that would let
  /// the stopped one run again. The lock is waited for on a thread of its own.
  public static func havingServerToItself<T: Sendable>(_ body: () async throws -> T)
    async throws -> T
  {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return try await body() }
    defer { close(descriptor) }
    try await Offload.run {
      while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
    }
    return try await body()
  }

  private static func locked<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return try body() }
    defer { close(descriptor) }
    while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0, errno == EINTR {}
    return try body()
  }

  /// No server is there.
  public struct Unavailable: Error, CustomStringConvertible {
    /// The skip message.
    public var description: String { PostgresServer.skipMessage }
  }

  /// `psql` failed.
  public struct Failure: Error, CustomStringConvertible {
    /// What psql wrote on standard error.
    public var message: String
    /// The message, said to be psql's.
    public var description: String { "psql failed: \(message)" }
  }
}
