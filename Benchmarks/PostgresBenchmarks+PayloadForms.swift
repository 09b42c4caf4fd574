import Foundation
import Importer
import InboxReading
import Ingest
import IngestPostgres
import SystemCalls
import TestSupport

/// Issue 46's payload figures beside `postgres-payloads`:
///
/// - `inbox import` by the release `ingest-cli` of 1,000 small shares (an 84-byte PNG each),
///   committed beforehand, from the directory inbox into the SQLite library (the baseline) and
///   from a PostgreSQL inbox with the payloads in the database into the PostgreSQL library (an
///   importer on another group directory: nothing shared but the database); the two alternate,
///   median of 3 rounds each, on a fresh database and directory each time.
/// - The same 1 GiB file committed into a PostgreSQL inbox in each form the database can hold
///   a payload in (large objects with `lo_write`, chunks of `bytea` with `COPY ... FROM STDIN
///   (FORMAT binary)`), then read back whole through a claim, in process; beside psql's
///   `\lo_import` and `\copy ... (FORMAT binary)` of the same bytes.
///
///   scripts/with-postgres.sh swift run -c release Benchmarks postgres-payload-forms
extension PostgresBenchmarks {
  /// Both figures.
  static func payloadForms() async throws {
    guard let root = try section("postgres-payload-forms", scratch: "PostgresPayloadForms") else {
      return
    }
    defer { try? FileSystem.removeTree(root) }
    try await smallImports(root: root)
    try await forms(root: root)
  }

  /// An 84-byte PNG: one grey pixel (signature, IHDR, a short tEXt, IDAT, IEND).
  static let smallPNG: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
    0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A,
    0x7E, 0x9B, 0x55, 0x00, 0x00, 0x00, 0x05, 0x74, 0x45, 0x58, 0x74, 0x61, 0x00, 0x62, 0x62,
    0x62, 0xB1, 0xC4, 0xEA, 0x1B, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA,
    0x63, 0x68, 0x00, 0x00, 0x00, 0x82, 0x00, 0x81, 0xDA, 0x45, 0x08, 0x3B, 0x00, 0x00, 0x00,
    0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
  ]

  /// `inbox import` of 1,000 committed small shares: directory inbox + SQLite against
  /// PostgreSQL with the payloads in the database.
  static func smallImports(root: String) async throws {
    let cli = releaseCLI
    guard FileManager.default.isExecutableFile(atPath: cli) else {
      print("  skipped: needs \(cli) (swift build -c release)")
      return
    }
    let count = 1000
    print(
      "  ingest-cli inbox import of \(count) committed shares of an \(smallPNG.count)-byte PNG,"
        + " one process; median of 3 rounds each, alternating")
    var directory: [Double] = []
    var database: [Double] = []
    for round in 0..<6 {
      let inPostgres = (round % 2 == 0) == (round / 2 % 2 == 0)
      let base = "\(root)/small-\(round)"
      try FileSystem.makeDirectories(base)
      defer { try? FileSystem.removeTree(base) }
      let sharer = try GroupDirectory(path: base + "/sharer")
      if inPostgres {
        let (url, parsed) = try await migratedDatabase()
        defer { PostgresServer.dropDatabase(url) }
        let inbox = PostgresInbox(url: parsed, group: sharer, payloads: .chunks)
        for index in 0..<count {
          try await share(index, payload: smallPNG, group: sharer, inbox: inbox)
        }
        let start = Harness.now()
        try Harness.run(
          executable: cli,
          [
            "inbox", "import", "--group-dir", base + "/importer", "--inbox", url, "--library",
            url,
          ])
        database.append(Double(Harness.now() - start) / 1e9)
        let imported = try PostgresServer.psql(
          url, "SELECT count(*) FROM share_ingest.library_records")
        guard imported == ["\(count)"] else {
          throw HarnessError(message: "PostgreSQL imported \(imported), not \(count)")
        }
      } else {
        let inbox = DirectoryInbox(group: sharer)
        for index in 0..<count {
          try await share(index, payload: smallPNG, group: sharer, inbox: inbox)
        }
        let start = Harness.now()
        try Harness.run(executable: cli, ["inbox", "import", "--group-dir", base + "/sharer"])
        directory.append(Double(Harness.now() - start) / 1e9)
      }
    }
    let baseline = Harness.median(directory)
    let measured = Harness.median(database)
    Harness.report(
      "  inbox import, payloads in PostgreSQL against the directory inbox + SQLite",
      String(
        format: "%.0f ms against %.0f ms: %.2fx the directory's speed", measured * 1e3,
        baseline * 1e3, baseline / measured),
      goal: ">= 1.0x", met: baseline / measured >= 1.0)
  }

  /// One GiB committed and read back in each form, in process.
  static func forms(root: String) async throws {
    let source = URL(fileURLWithPath: root + "/source.mov")
    try ItemProviderBenchmarks.writeLargeFile(at: source)
    defer { try? FileSystem.removeFile(source.path) }
    let hashed = try FileDescriptor.open(source.path, .readOnly)
    let (size, digest) = try hashed.closeAfter {
      let result = try PayloadDigest.sha256(of: hashed)
      return (result.byteCount, result.sha256)
    }
    print(
      "  the same 1 GiB committed into a PostgreSQL inbox as each form, then read back whole"
        + " through a claim (in process); 2 rounds each, alternating, median")
    var figures: [PostgresPayloads: (write: [Double], read: [Double])] = [:]
    for round in 0..<4 {
      let form: PostgresPayloads = round % 2 == 0 ? .largeObjects : .chunks
      let (url, parsed) = try await migratedDatabase()
      defer { PostgresServer.dropDatabase(url) }
      let base = "\(root)/form-\(round)"
      let group = try GroupDirectory(path: base + "/sharer")
      defer { try? FileSystem.removeTree(base) }
      let name = "\(UUID().uuidString).mov"
      try FileManager.default.linkItem(
        atPath: source.path, toPath: group.absolutePath("Incoming/\(name)"))
      let id = UUID()
      let inbox = PostgresInbox(url: parsed, group: group, payloads: form)
      let prepared = try await inbox.reserve(id)
      try await prepared.write(
        ShareManifest(
          id: id, receivedAt: Date(), source: "benchmark",
          items: [
            .file(
              typeIdentifier: "public.movie", path: "Incoming/\(name)", byteCount: size,
              sha256: digest, suggestedName: "large.mov")
          ]))
      var start = Harness.now()
      try await prepared.commit()
      let write = Double(Harness.now() - start) / 1e9
      let reader = PostgresInbox(
        url: parsed, group: try GroupDirectory(path: base + "/importer"))
      start = Harness.now()
      guard let claim = try await reader.claim(id) else {
        throw HarnessError(message: "the share was not there to claim")
      }
      let payload = try claim.payloads.openPayload(at: 0)
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
      defer { buffer.deallocate() }
      var total: Int64 = 0
      while true {
        let count = try payload.read(into: buffer)
        if count == 0 { break }
        total += Int64(count)
      }
      payload.close()
      let read = Double(Harness.now() - start) / 1e9
      try await claim.release(recording: "benchmark: read only")
      guard total == size else {
        throw HarnessError(message: "read \(total) bytes back, not \(size)")
      }
      figures[form, default: ([], [])].write.append(write)
      figures[form, default: ([], [])].read.append(read)
    }
    for form in [PostgresPayloads.largeObjects, .chunks] {
      let figure = figures[form] ?? ([], [])
      Harness.report(
        "  1 GiB as "
          + (form == .chunks
            ? "1 MiB bytea chunks (COPY FROM STDIN binary)" : "a large object (lo_write)"),
        "commit \(seconds(Harness.median(figure.write))), read back"
          + " \(seconds(Harness.median(figure.read)))",
        goal: "the fastest kept", met: nil)
    }
    try copySpeed(source: source.path, root: root)
  }

  /// psql's `\copy` of `source` in 1 MiB `bytea` chunks (storage external), then `\copy` back
  /// out: the server's own speed for the chunk form, as `serverSpeed` is for large objects.
  static func copySpeed(source: String, root: String) throws {
    let database = try PostgresServer.makeDatabase(prefix: "bench")
    defer { PostgresServer.dropDatabase(database) }
    try PostgresServer.psql(
      database,
      "CREATE TABLE chunks (n integer PRIMARY KEY, data bytea NOT NULL);"
        + " ALTER TABLE chunks ALTER COLUMN data SET STORAGE EXTERNAL")
    // The rows in COPY's binary format, written once (not timed).
    let rows = root + "/chunks.copy"
    let input = try FileDescriptor.open(source, .readOnly)
    let output = try FileDescriptor.open(
      rows, .writeOnly, options: [.create, .exclusive], permissions: 0o600)
    try input.closeAfter {
      try output.closeAfter {
        try output.writeAll(
          Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00, 0, 0, 0, 0, 0, 0, 0, 0])
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { buffer.deallocate() }
        var offset: Int64 = 0
        var n: Int32 = 0
        while true {
          let count = try input.readFully(fromAbsoluteOffset: offset, into: buffer)
          if count == 0 { break }
          var header: [UInt8] = [0, 2, 0, 0, 0, 4]
          withUnsafeBytes(of: n.bigEndian) { header += $0 }
          withUnsafeBytes(of: Int32(count).bigEndian) { header += $0 }
          try output.writeAll(header)
          try output.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
          offset += Int64(count)
          n += 1
        }
        try output.writeAll([0xFF, 0xFF])
      }
    }
    defer { try? FileSystem.removeFile(rows) }
    var start = Harness.now()
    try PostgresServer.psql(database, "\\copy chunks FROM '\(rows)' (FORMAT binary)")
    let writing = Double(Harness.now() - start) / 1e9
    start = Harness.now()
    try PostgresServer.psql(
      database, "\\copy (SELECT data FROM chunks ORDER BY n) TO '\(root)/out' (FORMAT binary)")
    let reading = Double(Harness.now() - start) / 1e9
    try? FileSystem.removeFile(root + "/out")
    Harness.report(
      "  1 GiB through psql's \\copy in 1 MiB bytea chunks, FORMAT binary (the server's own"
        + " speed)", "in \(seconds(writing)), out \(seconds(reading))", goal: "reference",
      met: nil)
    try serverSpeed(source: source, root: root)
  }
}
