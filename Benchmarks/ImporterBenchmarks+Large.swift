import Foundation
import Importer
import Ingest
import SystemCalls
import TestSupport

/// Issue 27's question: what verifying a payload's SHA-256 costs the import of a 1 GiB file,
/// beside `sha256sum` and `openssl dgst -sha256` of the same file, in the same run, with the
/// file in the page cache for all of them (as a share the extension just wrote is).
extension ImporterBenchmarks {
  static func largeImport() async throws {
    Harness.section("import-large")
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("ImportLarge-\(UUID().uuidString)").path
    try FileSystem.makeDirectories(root)
    defer { try? FileSystem.removeTree(root) }
    let size = 1 << 30
    let source = root + "/source.bin"
    let digest = try writeLargeFile(source, size: size)
    var times: [String: [Double]] = [:]
    let tools: [(name: String, executable: String, arguments: [String])] = [
      ("sha256sum", "sha256sum", [source]),
      ("openssl dgst -sha256", "openssl", ["dgst", "-sha256", source]),
    ].compactMap { tool in Harness.which(tool.1).map { (tool.0, $0, tool.2) } }
    for round in 0..<3 {
      for across in [false, true] {
        let seconds = try await importLarge(
          source, digest: digest, size: Int64(size), root: root + "/r\(round)-\(across)",
          acrossFileSystems: across)
        times[across ? "import, copied across file systems" : "import, moved", default: []]
          .append(seconds)
      }
      for tool in tools {
        let started = Harness.now()
        let output = try Harness.run(executable: tool.executable, tool.arguments)
        times[tool.name, default: []].append(Double(Harness.now() - started) / 1e9)
        guard output.contains(digest) else {
          throw HarnessError(message: "\(tool.name) printed another digest: \(output)")
        }
      }
    }
    let baseline = times["sha256sum"].map(Harness.median)
    for (name, values) in times.sorted(by: { $0.key < $1.key }) {
      let median = Harness.median(values)
      let ratio = baseline.map { String(format: "; %.2fx sha256sum", median / $0) } ?? ""
      Harness.report(
        "1 GiB: \(name) (median of \(values.count))",
        String(format: "%.3f s (%.0f MiB/s)%@", median, 1024 / median, ratio),
        goal: name.hasPrefix("import") ? "info" : "baseline", met: nil)
    }
  }

  /// Writes `size` bytes of a repeating pseudo-random pattern; returns their SHA-256.
  static func writeLargeFile(_ path: String, size: Int) throws -> String {
    var generator = SplitMix64(seed: 27)
    let chunk = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let file = try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusive])
    try file.closeAfter {
      for _ in 0..<(size / chunk.count) { try file.writeAll(chunk) }
    }
    let reader = try FileDescriptor.open(path, .readOnly)
    return try reader.closeAfter { try PayloadDigest.sha256(of: reader).sha256 }
  }

  /// Imports one share of a copy of `source` (made outside the timing) into a new library,
  /// and returns the seconds the import took. Across file systems is forced by refusing the
  /// rename with EXDEV, as a library on another file system does.
  static func importLarge(
    _ source: String, digest: String, size: Int64, root: String, acrossFileSystems: Bool
  ) async throws -> Double {
    let group = try GroupDirectory(path: root + "/group")
    let name = "\(UUID().uuidString).mov"
    let input = try FileDescriptor.open(source, .readOnly)
    let output = try group.incoming.open(name, .writeOnly, options: [.create, .exclusive])
    _ = try output.closeAfter { try input.closeAfter { try output.copyContents(from: input) } }
    let id = UUID()
    let manifest = ShareManifest(
      id: id, receivedAt: Date(), source: "benchmark",
      items: [
        .file(
          typeIdentifier: "public.movie", path: "Incoming/\(name)", byteCount: size,
          sha256: digest, suggestedName: "large.mov")
      ])
    try manifest.jsonData().write(
      to: URL(fileURLWithPath: group.absolutePath("Inbox/\(id.uuidString).json")))
    let library = try Library(path: root + "/library.sqlite")
    let fault =
      acrossFileSystems
      ? FaultInjector.shared.inject(
        .crossDevice, into: .rename, under: group.absolutePath("Incoming"), times: .max) : nil
    defer { if let fault { FaultInjector.shared.remove(fault) } }
    let started = Harness.now()
    let pass = try await LibraryImporter(
      library: library, inbox: DirectoryInbox(group: group),
      contract: InputContract(maximumFileSize: .max, maximumShareSize: .max)
    ).importPending()
    let seconds = Double(Harness.now() - started) / 1e9
    guard pass.imported == [id] else {
      throw HarnessError(message: "the large share was not imported: \(pass.errors)")
    }
    try FileSystem.removeTree(root)
    return seconds
  }
}
