import Foundation
import Sniffing
import TestSupport
import UTI

/// Issue 3's goals: content sniffing per file against `file --mime-type -b -f LIST` on the same
/// files in the same run, and peak memory that stays flat from 1 MB to 2 GB files.
enum SniffingBenchmarks {
  static let packageRoot = ProjectPaths.packageRoot
  static let devCorpus = ProjectPaths.shared.appendingPathComponent("corpus-dev")

  static func run() throws {
    Harness.section("sniff")
    try speed()
    try memory()
  }

  // MARK: Speed

  /// Every file of the dev corpus (or, without it, the project's own corpus), and which of them
  /// are share-relevant: those whose label (extension) maps to a `ShareCategory`.
  static func files() throws -> (all: [URL], shareRelevant: [URL], source: String) {
    var directories = ["file-type", "corkami-mini"].map { devCorpus.appendingPathComponent($0) }
    var source = "../shared/corpus-dev"
    if !directories.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) {
      directories = [packageRoot.appendingPathComponent("corpus/files")]
      source = "corpus/files (../shared/corpus-dev is absent)"
    }
    var all: [URL] = []
    for directory in directories {
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      all += names.map { directory.appendingPathComponent($0) }
    }
    let relevant = all.filter { url in
      let ext = url.pathExtension
      return !ext.isEmpty && UTType(filenameExtension: ext).flatMap { ShareCategory($0) } != nil
    }
    return (all, relevant, source)
  }

  static func speed() throws {
    guard let file = Harness.which("file") else {
      Harness.report("sniffing speed", "not measured", goal: "`file` is not installed", met: false)
      return
    }
    let (all, relevant, source) = try files()
    let sniffer = ContentSniffer()
    try sniffer.prepare()
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("sniff-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let empty = temporary.appendingPathComponent("empty.list")
    try Data().write(to: empty)
    // `file` with an empty list: its start-up (loading the magic database), taken off its
    // per-file figure so the comparison is per file, not per process.
    let startup = try Harness.seconds(rounds: 7) {
      try Harness.run(executable: file, ["--mime-type", "-b", "-f", empty.path])
    }
    print("  files: \(all.count) in \(source), \(relevant.count) share-relevant by label")
    for (name, urls) in [("share-relevant", relevant), ("whole corpus", all)] {
      let list = temporary.appendingPathComponent("\(name).list")
      try Data(urls.map(\.path).joined(separator: "\n").utf8).write(to: list)
      let fileTotal = try Harness.seconds(rounds: 7) {
        try Harness.run(executable: file, ["--mime-type", "-b", "-f", list.path])
      }
      let ours = try Harness.seconds(rounds: 7) {
        var count = 0
        for url in urls { count &+= try sniffer.sniff(fileAt: url).bytesRead }
        return count
      }
      let n = Double(urls.count)
      let oursPerFile = ours / n
      let filePerFile = max(fileTotal - startup, 0) / n
      let ratio = filePerFile / oursPerFile
      let isShareRelevant = name == "share-relevant"
      Harness.report(
        "ContentSniffer, \(name) (\(urls.count) files)",
        String(
          format: "%.1f µs/file; %.1fx less than file's per-file cost", oursPerFile * 1e6, ratio),
        goal: isShareRelevant ? ">= 5x less per file than file" : "never slower than file",
        met: isShareRelevant ? ratio >= 5 : ratio >= 1)
      Harness.report(
        "baseline: file --mime-type -b -f LIST, \(name)",
        String(
          format: "%.1f µs/file after its %.1f ms start-up (%.1f µs/file with it; %.1fx)",
          filePerFile * 1e6, startup * 1e3, fileTotal / n * 1e6, fileTotal / n / oursPerFile),
        goal: "baseline", met: nil)
    }
  }

  // MARK: Memory

  static let sizes = [1_000_000, 64_000_000, 512_000_000, 2_000_000_000]
  static let kinds = ["jpeg", "docx", "mp4"]

  static func memory() throws {
    for kind in kinds {
      var peaks: [(size: Int, peak: Int, read: Int)] = []
      for size in sizes {
        let output = try Harness.runSelf(["--child", "sniff-memory", kind, String(size)])
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 2 else { throw HarnessError(message: "child printed \(output)") }
        peaks.append((size, fields[0], fields[1]))
      }
      guard let first = peaks.first, let last = peaks.last else { continue }
      let growth = last.peak - first.peak
      Harness.report(
        "peak memory sniffing a \(kind) of 1 MB / 64 MB / 512 MB / 2 GB (fresh process each)",
        peaks.map { Harness.mebibytes($0.peak) }.joined(separator: " / ")
          + "; read \(peaks.map { String($0.read / 1024) }.joined(separator: "/")) KiB",
        goal: "flat: 2 GB within 1 MiB of 1 MB", met: growth <= 1 << 20)
    }
    var baseline: [String] = []
    for size in [1_000_000, 64_000_000] {
      let output = try Harness.runSelf(["--child", "sniff-memory", "read-all", String(size)])
      let peak = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }.first ?? 0
      baseline.append(Harness.mebibytes(peak))
    }
    Harness.report(
      "baseline: reading the whole file (Data(contentsOf:)) of 1 MB / 64 MB",
      baseline.joined(separator: " / "), goal: "baseline", met: nil)
  }

  /// Child mode: build a sparse file of the given kind and size, sniff it, print the peak
  /// resident bytes and the bytes the sniffer read.
  static func memoryChild(_ arguments: [String]) throws {
    guard arguments.count == 2, let size = Int(arguments[1]) else {
      throw HarnessError(message: "usage: --child sniff-memory KIND SIZE")
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("sniff-memory-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("sample")
    let sniffer = ContentSniffer()
    try sniffer.prepare()
    var read = 0
    switch arguments[0] {
    case "read-all":
      try sparse(url, size: size, pieces: [(0, [0xFF, 0xD8, 0xFF, 0xE0])])
      read = Harness.keep(try Data(contentsOf: url)).count
    case "jpeg":
      try sparse(url, size: size, pieces: [(0, [0xFF, 0xD8, 0xFF, 0xE0])])
      read = try sniffer.sniff(fileAt: url).bytesRead
    case "docx":
      let zip = officeZip(size: size)
      try sparse(url, size: zip.size, pieces: zip.pieces)
      read = try sniffer.sniff(fileAt: url).bytesRead
    default:
      let movie = audioMovie(size: size)
      try sparse(url, size: movie.size, pieces: movie.pieces)
      read = try sniffer.sniff(fileAt: url).bytesRead
    }
    print(Harness.peakResidentBytes(), read)
  }

  private static func sparse(_ url: URL, size: Int, pieces: [(Int, [UInt8])]) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw HarnessError(message: "cannot create \(url.path)")
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    for (offset, bytes) in pieces {
      try handle.seek(toOffset: UInt64(offset))
      try handle.write(contentsOf: bytes)
    }
    try handle.truncate(atOffset: UInt64(size))
  }

  private static func le(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  private static func be(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
  }

  /// A Word document: `[Content_Types].xml`, a stored entry filling the file, and the central
  /// directory at the very end.
  private static func officeZip(size: Int) -> (size: Int, pieces: [(Int, [UInt8])]) {
    let types = Array(
      ("<Types><Override PartName=\"/word/document.xml\" ContentType=\"application/vnd."
        + "openxmlformats-officedocument.wordprocessingml.document.main+xml\"/></Types>").utf8)
    func local(_ name: String, _ length: Int) -> [UInt8] {
      [0x50, 0x4B, 3, 4] + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + le(length, 4)
        + le(length, 4) + le(name.utf8.count, 2) + le(0, 2) + Array(name.utf8)
    }
    func central(_ name: String, _ length: Int, _ offset: Int) -> [UInt8] {
      [0x50, 0x4B, 1, 2] + le(20, 2) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4)
        + le(length, 4) + le(length, 4) + le(name.utf8.count, 2) + le(0, 6) + le(0, 4)
        + le(offset, 4) + Array(name.utf8)
    }
    let first = local("[Content_Types].xml", types.count) + types
    let directoryLength = 2 * 46 + "[Content_Types].xml".utf8.count + "word/big.bin".utf8.count
    let hole = max(0, size - first.count - 30 - "word/big.bin".utf8.count - directoryLength - 22)
    let head = first + local("word/big.bin", hole)
    let directoryOffset = head.count + hole
    let directory =
      central("[Content_Types].xml", types.count, 0) + central("word/big.bin", hole, first.count)
    let end =
      [0x50, 0x4B, 5, 6] + le(0, 4) + le(2, 2) + le(2, 2) + le(directory.count, 4)
      + le(directoryOffset, 4) + le(0, 2)
    return (
      directoryOffset + directory.count + end.count,
      [(0, head), (directoryOffset, directory + end)]
    )
  }

  /// An MPEG-4 audio file whose `moov` sits after the media, at the very end.
  private static func audioMovie(size: Int) -> (size: Int, pieces: [(Int, [UInt8])]) {
    func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
      be(8 + body.count, 4) + Array(type.utf8) + body
    }
    let ftyp = box("ftyp", Array("isom".utf8) + be(512, 4) + Array("isomiso2mp41".utf8))
    let hdlr = box(
      "hdlr",
      [UInt8](repeating: 0, count: 8) + Array("soun".utf8) + [UInt8](repeating: 0, count: 13))
    let moov = box("moov", box("trak", box("mdia", hdlr)))
    let media = max(0, size - ftyp.count - 16 - moov.count)
    let mdat = be(1, 4) + Array("mdat".utf8) + be(16 + media, 8)
    let moovOffset = ftyp.count + 16 + media
    return (moovOffset + moov.count, [(0, ftyp + mdat), (moovOffset, moov)])
  }
}
