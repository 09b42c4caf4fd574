import Dispatch
import Foundation
import Ingest
import ItemProvider
import Synchronization
import SystemCalls
import TestSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Issue 10's goals: 1,000 small-file shares end to end beside the durable minimum for the same
/// files (copy, fsync the file and its directory), and a 1 GiB share with its SHA-256 beside
/// `cp`, `sync` and `openssl dgst -sha256` of the copy, with peak memory in a fresh process.
enum IngestBenchmarks {
  static func run() async throws {
    Harness.section("ingest")
    try smallShares()
    try largeShare()
    try await loadedShares()
  }

  /// Where the benchmarks write: `$INGEST_BENCHMARK_DIR`, else the temporary directory.
  static var scratch: URL {
    if let value = ProcessInfo.processInfo.environment["INGEST_BENCHMARK_DIR"], !value.isEmpty {
      return URL(fileURLWithPath: value)
    }
    return FileManager.default.temporaryDirectory
  }

  // MARK: 1,000 small shares

  static func smallShares() throws {
    let root = scratch.appendingPathComponent("IngestBenchmarks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let count = 1000
    let sources = try makeSources(count, in: root)

    var ours: [Double] = []
    var baseline: [Double] = []
    var byHand: [Double] = []
    var byHandAhead: [Double] = []
    var copies: [Double] = []
    // Device requests per phase (after the first round, as for the times): pipeline, durable
    // copy, protocol by hand with files made ahead.
    enum Side { case pipeline, copy, byHandAhead }
    let disk = DiskRequests(path: root.path)
    var requests: [Side: DiskRequests.Requests] = [:]
    var requestsCounted = disk != nil
    func counted(_ side: Side, _ round: Int, _ body: () throws -> Double) rethrows -> Double {
      guard let disk, round > 0 else { return try body() }
      let (time, count) = try disk.counting(body)
      if let count {
        requests[side] = requests[side].map { $0 + count } ?? count
      } else {
        requestsCounted = false
      }
      return time
    }
    // Rounds leave their files until the end: on ext4, creating files right after deleting
    // thousands makes every new inode's allocation scan the inode table for recently deleted
    // ones (without a journal, as on this machine), which would dominate both sides.
    for round in 0..<6 {
      for offset in 0..<4 {
        let step = (round + offset) % 4
        let directory = root.appendingPathComponent("round-\(round)-\(step)").path
        switch step {
        case 0:
          let time = try counted(.pipeline, round) {
            try pipelineShares(sources, into: directory, inPlace: true)
          }
          if round > 0 { ours.append(time) }
        case 1:
          let time = try counted(.copy, round) { try durableCopies(sources, into: directory) }
          if round > 0 { baseline.append(time) }
        case 2:
          let time = try protocolByHand(sources, into: directory)
          if round > 0 { byHand.append(time) }
        default:
          let time = try counted(.byHandAhead, round) {
            try protocolByHand(sources, into: directory, filesMadeAhead: true)
          }
          if round > 0 { byHandAhead.append(time) }
        }
      }
      if round == 5 {
        let directory = root.appendingPathComponent("copying").path
        copies.append(try pipelineShares(sources, into: directory, inPlace: false))
      }
    }
    // The same work by four workers at once on each side, as a service ingesting uploads
    // runs it: concurrent shares share the file system's flushes.
    let (oursConcurrent, baselineConcurrent) = try alternatingPairs(
      sources, in: root.appendingPathComponent("concurrent").path, workers: 4)
    let ratio = Harness.median(zip(ours, baseline).map { $0 / $1 })
    let rounds = zip(ours, baseline).map { String(format: "%.2f/%.2f", $0 * 1000, $1 * 1000) }
    print("  rounds (ms per share, pipeline/durable copy): \(rounds.joined(separator: " "))")
    Harness.report(
      "1,000 shares of a 20 KB file end to end (median of \(ours.count) alternating pairs)",
      String(
        format: "%.3f ms per share; median pair ratio %.2fx the durable minimum",
        Harness.median(ours) * 1000, ratio),
      goal: "<= 1.5x", met: ratio <= 1.5)
    Harness.report(
      "baseline: copy each file, fsync it and its directory",
      String(format: "%.3f ms per file", Harness.median(baseline) * 1000), goal: "baseline",
      met: nil)
    let byHandRatio = Harness.median(zip(byHand, baseline).map { $0 / $1 })
    Harness.report(
      "the commit protocol alone, by hand (payload and manifest written, flushed with .staging/"
        + " at once, payload linked into Incoming/, manifest renamed, Inbox/ flushed; no pipeline)",
      String(
        format: "%.3f ms per share; median pair ratio %.2fx the durable minimum",
        Harness.median(byHand) * 1000, byHandRatio), goal: "info", met: nil)
    let aheadRatio = Harness.median(zip(byHandAhead, baseline).map { $0 / $1 })
    Harness.report(
      "the same by hand with files made ahead, as a pipeline's later shares take them (made in"
        + " batches of 16 within the timing, .staging/ and Inbox/ flushed per batch; staging names"
        + " dropped after a flush of Incoming/ every 8 shares)",
      String(
        format: "%.3f ms per share; median pair ratio %.2fx the durable minimum",
        Harness.median(byHandAhead) * 1000, aheadRatio), goal: "info", met: nil)
    Harness.report(
      "the same shares from a source that does not allow opening in place (a temporary copy first)",
      String(format: "%.3f ms per share", Harness.median(copies) * 1000), goal: "info", met: nil)
    let concurrentRatio = Harness.median(zip(oursConcurrent, baselineConcurrent).map { $0 / $1 })
    Harness.report(
      "the same 1,000 shares by 4 workers at once, beside 4 workers of durable copies",
      String(
        format: "%.3f ms per share; median pair ratio %.2fx (durable copies %.3f ms per file)",
        Harness.median(oursConcurrent) * 1000, concurrentRatio,
        Harness.median(baselineConcurrent) * 1000),
      goal: "info", met: nil)
    if requestsCounted, let pipeline = requests[.pipeline], let copies = requests[.copy],
      let ahead = requests[.byHandAhead]
    {
      let shares = Double(ours.count * count)
      func perShare(_ requests: DiskRequests.Requests) -> String {
        let writes = String(format: "%.2f", Double(requests.writes) / shares)
        guard let flushes = requests.flushes else { return writes + " (flushes among them)" }
        return writes + String(format: " + %.2f", Double(flushes) / shares)
      }
      Harness.report(
        "device requests per share, from /proc/diskstats (every writer on the disk counts),"
          + " writes + cache flushes: pipeline; durable copy; protocol by hand with files made"
          + " ahead",
        [pipeline, copies, ahead].map(perShare).joined(separator: "; "), goal: "info", met: nil)
    } else {
      print("  (device requests not counted: /proc/diskstats has no disk for \(root.path))")
    }
    try ramFileSystemShares(sources)
    let flushes = try flushCosts(in: root.path)
    Harness.report(
      "the disk's flushes: a 4 KB write and fsync of one file; of two files one after the"
        + " other; of two files at once (two threads)",
      String(
        format: "%.3f ms; %.3f ms (%.2fx); %.3f ms (%.2fx)", flushes.one * 1000,
        flushes.sequential * 1000, flushes.sequential / flushes.one, flushes.parallel * 1000,
        flushes.parallel / flushes.one),
      goal: "info", met: nil)
    print("  (written under \(root.path))")
  }

  /// `count` 20 KB JPEG-looking files of random bytes in `root`.
  static func makeSources(_ count: Int, in root: URL) throws -> [URL] {
    var generator = SplitMix64(seed: 10)
    return try (0..<count).map { index -> URL in
      var bytes = [UInt8](repeating: 0, count: 20_000)
      for offset in stride(from: 0, to: bytes.count - 8, by: 8) {
        withUnsafeBytes(of: generator.next()) { word in
          for step in 0..<8 { bytes[offset + step] = word[step] }
        }
      }
      bytes.replaceSubrange(0..<4, with: [0xFF, 0xD8, 0xFF, 0xE0])
      let url = root.appendingPathComponent("source-\(index).jpg")
      try Data(bytes).write(to: url)
      return url
    }
  }

  /// The `ingest-ram` section: 1,000 small shares beside durable copies on a RAM file system
  /// alone, with the context switches and system calls of each.
  static func ramShares() throws {
    let root = URL(fileURLWithPath: "/dev/shm/IngestBenchmarks-sources-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try ramFileSystemShares(try makeSources(1000, in: root))
  }

  /// The same shares and durable copies on a RAM file system (`/dev/shm`), where a flush
  /// costs nothing: what is left is the pipeline's own processor time and thread hand-offs,
  /// beside the copy's. Skipped, saying so, where there is none.
  static func ramFileSystemShares(_ sources: [URL]) throws {
    let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
    let isTmpfs = mounts.split(separator: "\n").contains { line in
      let fields = line.split(separator: " ")
      return fields.count > 2 && fields[1] == "/dev/shm" && fields[2] == "tmpfs"
    }
    guard isTmpfs, access("/dev/shm", W_OK) == 0 else {
      print("  (no RAM file system at /dev/shm: the flush-free comparison is skipped)")
      return
    }
    let root = "/dev/shm/IngestBenchmarks-\(UUID().uuidString)"
    try FileSystem.makeDirectories(root)
    defer { try? FileManager.default.removeItem(atPath: root) }
    // Three sides in turn, in an order that rotates: shares from a loop on the pipeline's
    // executor (as a service sharing in a loop runs), shares from a plain task (each share
    // hands off to the executor and back), durable copies. Each round's files go at once: they
    // hold memory, and deleting costs tmpfs nothing later.
    // A fourth side: the commit protocol by hand with files made ahead, the disk figure's
    // baseline, here the floor of what the protocol's own system calls cost without a disk.
    var times: [[Double]] = [[], [], [], []]
    for round in 0..<5 {
      for offset in 0..<4 {
        let side = (round + offset) % 4
        let folder = root + "/round-\(round)-\(side)"
        let time =
          switch side {
          case 0: try pipelineShares(sources, into: folder, inPlace: true, onExecutor: true)
          case 1: try pipelineShares(sources, into: folder, inPlace: true)
          case 2: try durableCopies(sources, into: folder)
          default: try protocolByHand(sources, into: folder, filesMadeAhead: true)
          }
        if round > 0 { times[side].append(time) }
        try FileManager.default.removeItem(atPath: folder)
      }
    }
    let ratio = Harness.median(zip(times[0], times[2]).map { $0 / $1 })
    let plainRatio = Harness.median(zip(times[1], times[2]).map { $0 / $1 })
    Harness.report(
      "the same on a RAM file system (/dev/shm), where a flush costs nothing, shares from a"
        + " loop on SharePipeline.executor; durable copy (the processor time and thread"
        + " hand-offs of each, without the disk; median of \(times[0].count) rounds)",
      String(
        format: "%.1f µs per share; %.1f µs per file; median ratio %.2fx",
        Harness.median(times[0]) * 1e6, Harness.median(times[2]) * 1e6, ratio),
      goal: "<= 2x", met: ratio <= 2)
    Harness.report(
      "the same shares from a plain task (a hand-off to the executor and back at each share)",
      String(
        format: "%.1f µs per share; median ratio %.2fx the durable copy",
        Harness.median(times[1]) * 1e6, plainRatio), goal: "info", met: nil)
    let protocolRatio = Harness.median(zip(times[3], times[2]).map { $0 / $1 })
    let overProtocol = Harness.median(zip(times[0], times[3]).map { $0 / $1 })
    Harness.report(
      "the commit protocol by hand with files made ahead, on the same RAM file system (the"
        + " protocol's own system calls, no pipeline)",
      String(
        format: "%.1f µs per share, %.2fx the durable copy; the pipeline is %.2fx it",
        Harness.median(times[3]) * 1e6, protocolRatio, overProtocol), goal: "info", met: nil)
    // Context switches of the whole process (every thread's, voluntary and not), per share.
    var switches: [String] = []
    for step in [0, 1] {
      let folder = root + "/switches-\(step)"
      let before = Harness.contextSwitches()
      _ =
        step == 0
        ? try pipelineShares(sources, into: folder, inPlace: true, onExecutor: true)
        : try durableCopies(sources, into: folder)
      let after = Harness.contextSwitches()
      switches.append(String(format: "%.2f", Double(after - before) / Double(sources.count)))
      try FileManager.default.removeItem(atPath: folder)
    }
    Harness.report(
      "context switches per share (getrusage, every thread of the process): pipeline; durable"
        + " copy", switches.joined(separator: "; "), goal: "info", met: nil)
    try systemCallsPerShare(sources, root: root)
  }

  /// System calls per share of each side, counted by `strace -f -c` in a child process: the
  /// difference between 600 and 100 shares, over 500, so start-up and set-up drop out.
  static func systemCallsPerShare(_ sources: [URL], root: String) throws {
    guard let strace = Harness.which("strace"), sources.count >= 600 else {
      print("  (strace is not on PATH: system calls per share not counted)")
      return
    }
    let list = root + "/sources.txt"
    try sources.prefix(600).map(\.path).joined(separator: "\n")
      .write(toFile: list, atomically: true, encoding: .utf8)
    var perShare: [String] = []
    for side in ["pipeline", "copy"] {
      var totals: [Int] = []
      for count in [100, 600] {
        let output = root + "/strace-\(side)-\(count).txt"
        let folder = root + "/strace-\(side)-\(count)"
        _ = try Harness.run(
          executable: strace,
          [
            "-f", "-c", "-o", output, CommandLine.arguments[0], "--child", "ingest-ram-calls",
            side, list, "\(count)", folder,
          ])
        let summary = try String(contentsOfFile: output, encoding: .utf8)
        // The summary's last line: "100.00  seconds  usecs/call  calls  errors  total".
        guard let total = summary.split(separator: "\n").last(where: { $0.contains("total") }),
          let calls = total.split(whereSeparator: \.isWhitespace).dropFirst(3).first
            .flatMap({ Int($0) })
        else { throw HarnessError(message: "no total in strace's summary \(output)") }
        totals.append(calls)
        try? FileManager.default.removeItem(atPath: folder)
      }
      perShare.append(String(format: "%.1f", Double(totals[1] - totals[0]) / 500))
    }
    Harness.report(
      "system calls per share (strace -f -c, 600 shares less 100, every thread): pipeline;"
        + " durable copy", perShare.joined(separator: "; "), goal: "info", met: nil)
  }

  /// Child mode for `strace`: `pipeline|copy LIST COUNT DIRECTORY` shares (or copies) the
  /// first COUNT files listed in LIST into DIRECTORY.
  static func ramCallsChild(_ arguments: [String]) throws {
    guard arguments.count == 4, let count = Int(arguments[2]) else {
      throw HarnessError(message: "ingest-ram-calls needs a side, a list, a count, a directory")
    }
    let sources = try String(contentsOfFile: arguments[1], encoding: .utf8)
      .split(separator: "\n").prefix(count).map { URL(fileURLWithPath: String($0)) }
    if arguments[0] == "pipeline" {
      _ = try pipelineShares(sources, into: arguments[3], inPlace: true, onExecutor: true)
    } else {
      _ = try durableCopies(sources, into: arguments[3])
    }
  }

  /// Seconds per share through the pipeline and per file of durable copies, `workers` at once
  /// on each side, in 3 measured pairs (after one to warm up) whose order alternates; each
  /// round's files go in `<directory>-<round>-<side>`, removed after it with
  /// `removingEachRound`.
  static func alternatingPairs(
    _ sources: [URL], in directory: String, workers: Int = 1, removingEachRound: Bool = false
  ) throws -> (ours: [Double], copies: [Double]) {
    var ours: [Double] = []
    var copies: [Double] = []
    for round in 0..<4 {
      for step in round % 2 == 0 ? [0, 1] : [1, 0] {
        let folder = "\(directory)-\(round)-\(step)"
        if step == 0 {
          let time = try pipelineShares(sources, into: folder, inPlace: true, workers: workers)
          if round > 0 { ours.append(time) }
        } else {
          let time = try durableCopies(sources, into: folder, workers: workers)
          if round > 0 { copies.append(time) }
        }
        if removingEachRound { try FileManager.default.removeItem(atPath: folder) }
      }
    }
    return (ours, copies)
  }

  /// Seconds to overwrite 4 KB and fsync: one file; two files one after the other; two files
  /// at once from two threads. Whether flushes issued at once share the disk's work decides
  /// what a commit of several files costs beside one file's.
  static func flushCosts(in directory: String) throws -> (
    one: Double, sequential: Double, parallel: Double
  ) {
    let folder = try FileDescriptor.openDirectory(directory)
    defer { try? folder.close() }
    let files = try ["flush-a", "flush-b"].map {
      try folder.open($0, .readWrite, options: [.create, .exclusive])
    }
    defer { for file in files { try? file.close() } }
    let block = [UInt8](repeating: 7, count: 4096)
    func write(_ file: FileDescriptor) throws {
      let written = block.withUnsafeBytes { pwrite(file.rawValue, $0.baseAddress, $0.count, 0) }
      guard written == block.count else { throw HarnessError(message: "pwrite failed") }
    }
    for file in files {
      try write(file)
      try file.sync()
    }
    let rounds = 400
    var times: (one: [Double], sequential: [Double], parallel: [Double]) = ([], [], [])
    let other = DispatchQueue(label: "flushCosts")
    for _ in 0..<3 {
      var start = Harness.now()
      for _ in 0..<rounds {
        try write(files[0])
        try files[0].sync()
      }
      times.one.append(Double(Harness.now() - start) / 1e9 / Double(rounds))
      start = Harness.now()
      for _ in 0..<rounds {
        for file in files { try write(file) }
        for file in files { try file.sync() }
      }
      times.sequential.append(Double(Harness.now() - start) / 1e9 / Double(rounds))
      start = Harness.now()
      let failed = Atomic<Int>(0)
      for _ in 0..<rounds {
        for file in files { try write(file) }
        let done = DispatchSemaphore(value: 0)
        other.async {
          do { try files[1].sync() } catch { failed.add(1, ordering: .relaxed) }
          done.signal()
        }
        try files[0].sync()
        done.wait()
      }
      times.parallel.append(Double(Harness.now() - start) / 1e9 / Double(rounds))
      guard failed.load(ordering: .relaxed) == 0 else {
        throw HarnessError(message: "a flush failed")
      }
    }
    return (
      Harness.median(times.one), Harness.median(times.sequential), Harness.median(times.parallel)
    )
  }

  /// Seconds per share for `sources`, one share each, one after another, through the pipeline.
  static func pipelineShares(
    _ sources: [URL], into directory: String, inPlace: Bool, workers: Int = 1,
    onExecutor: Bool = false
  ) throws -> Double {
    let group = try GroupDirectory(path: directory)
    // Held here, not captured by the workers' tasks, and closed (its spare files removed) before
    // the caller removes the directory.
    let held = HeldPipeline(SharePipeline(group: group))
    let failures = FailureCount()
    let start = Harness.now()
    let done = DispatchSemaphore(value: 0)
    for worker in 0..<workers {
      Task(executorPreference: onExecutor ? IOExecutor.shared : nil) {
        for (index, source) in sources.enumerated() where index % workers == worker {
          guard let pipeline = held.pipeline else { break }
          let provider = NSItemProvider()
          provider.registerFileRepresentation(
            forTypeIdentifier: "public.jpeg", fileOptions: inPlace ? [.openInPlace] : [],
            visibility: .all
          ) { completion in
            completion(source, false, nil)
            return nil
          }
          provider.suggestedName = source.lastPathComponent
          let item = NSExtensionItem()
          item.attachments = [provider]
          let outcome = await pipeline.share([item], source: "benchmark")
          if !outcome.isCommitted { failures.count.add(1, ordering: .relaxed) }
        }
        done.signal()
      }
    }
    for _ in 0..<workers { done.wait() }
    let elapsed = Double(Harness.now() - start) / 1e9
    // The spare files go before the caller removes the directory.
    Task {
      await held.pipeline?.close()
      done.signal()
    }
    done.wait()
    held.release()
    let failed = failures.count.load(ordering: .relaxed)
    guard failed == 0 else { throw HarnessError(message: "\(failed) shares failed") }
    return elapsed / Double(sources.count)
  }

  /// Seconds per share to do, by hand and nothing else, what a share's commit does to the disk:
  /// copy the payload into `.staging/` and write a manifest under a hidden name in `Inbox/`,
  /// flush both (and `.staging/`, for a new entry there) at the same time, link the payload into
  /// `Incoming/`, rename the manifest to its name, flush `Inbox/`: the protocol's cost, to tell
  /// it from the pipeline's own.
  ///
  /// With `filesMadeAhead` false it makes each share's files as it goes, as a pipeline's first
  /// share does; the staging names stay. With it true it does what a pipeline does from its
  /// second share on, all of it within the timing: it makes payload files and manifests 16 at a
  /// time and flushes `.staging/` and `Inbox/` once per batch (so a share flushes only its two
  /// files), and every 8 shares it flushes `Incoming/` and then removes those shares' staging
  /// names.
  static func protocolByHand(
    _ sources: [URL], into directory: String, filesMadeAhead: Bool = false
  ) throws -> Double {
    _ = try GroupDirectory(path: directory)
    let staging = try FileDescriptor.openDirectory(directory + "/.staging")
    let incoming = try FileDescriptor.openDirectory(directory + "/Incoming")
    let inbox = try FileDescriptor.openDirectory(directory + "/Inbox")
    defer { for folder in [staging, incoming, inbox] { try? folder.close() } }
    let manifest = [UInt8](repeating: 0x20, count: 400)
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    let flushes = DispatchQueue(label: "protocolByHand", attributes: .concurrent)
    let batch = 16
    var ahead: [(payload: FileDescriptor, record: FileDescriptor)] = []
    var released: [String] = []
    func makeFiles(_ index: Int) throws -> (payload: FileDescriptor, record: FileDescriptor) {
      let payload = try staging.open(
        "p-\(index)", .readWrite, options: [.create, .exclusive], permissions: 0o600)
      let record = try inbox.open(
        ".m-\(index).json.partial", .writeOnly, options: [.create, .exclusive], permissions: 0o600)
      return (payload, record)
    }
    let start = Harness.now()
    for (index, source) in sources.enumerated() {
      if filesMadeAhead && index % batch == 0 {
        ahead = try (index..<min(index + batch, sources.count)).map(makeFiles)
        try staging.sync()
        try inbox.sync()
      }
      let (payload, record) = filesMadeAhead ? ahead[index % batch] : try makeFiles(index)
      let input = try FileDescriptor.open(source.path, .readOnly)
      try copyAll(from: input, to: payload, buffer: &buffer)
      try input.close()
      try manifest.withUnsafeBytes { try record.writeAll($0) }
      let failed = Atomic<Int>(0)
      let flushed = DispatchGroup()
      for file in [payload, record] {
        flushes.async(group: flushed) {
          do { try file.sync() } catch { failed.add(1, ordering: .relaxed) }
        }
      }
      if !filesMadeAhead { try staging.sync() }
      flushed.wait()
      guard failed.load(ordering: .relaxed) == 0 else {
        throw HarnessError(message: "a flush failed")
      }
      try payload.close()
      try record.close()
      try staging.link("p-\(index)", to: "p-\(index).jpg", in: incoming)
      try inbox.rename(".m-\(index).json.partial", to: "m-\(index).json", replacing: false)
      try inbox.sync()
      guard filesMadeAhead else { continue }
      released.append("p-\(index)")
      if released.count == batch / 2 {
        try incoming.sync()
        for name in released { try staging.removeFile(name) }
        released = []
      }
    }
    return Double(Harness.now() - start) / 1e9 / Double(sources.count)
  }

  /// Seconds per file to copy each source into `directory`, fsync it and the directory.
  static func durableCopies(_ sources: [URL], into directory: String, workers: Int = 1) throws
    -> Double
  {
    try FileSystem.makeDirectories(directory)
    let folder = try FileDescriptor.openDirectory(directory)
    defer { try? folder.close() }
    let failures = Atomic<Int>(0)
    let start = Harness.now()
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      do {
        try copy(sources, into: folder, worker: worker, of: workers)
      } catch {
        failures.add(1, ordering: .relaxed)
      }
    }
    guard failures.load(ordering: .relaxed) == 0 else {
      throw HarnessError(message: "durable copies failed")
    }
    return Double(Harness.now() - start) / 1e9 / Double(sources.count)
  }

  /// Copies every `workers`-th source, starting at `worker`, with an fsync of each copy and
  /// of the directory.
  static func copy(_ sources: [URL], into folder: FileDescriptor, worker: Int, of workers: Int)
    throws
  {
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    for (index, source) in sources.enumerated() where index % workers == worker {
      let input = try FileDescriptor.open(source.path, .readOnly)
      let output = try folder.open(
        "copy-\(index).jpg", .writeOnly, options: [.create, .exclusive])
      try copyAll(from: input, to: output, buffer: &buffer)
      try output.sync()
      try output.close()
      try input.close()
      try folder.sync()
    }
  }

  /// Copies what `input` holds from its offset to its end into `output`, through `buffer`.
  static func copyAll(from input: FileDescriptor, to output: FileDescriptor, buffer: inout [UInt8])
    throws
  {
    while true {
      let count = try input.read(into: &buffer)
      if count == 0 { break }
      try buffer.withUnsafeBytes {
        try output.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]))
      }
    }
  }

  // MARK: 1 GiB share

  static func largeShare() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("IngestBenchmarks-large-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let source = root.appendingPathComponent("large.mov")
    try ItemProviderBenchmarks.writeLargeFile(at: source)
    guard let cp = Harness.which("cp"), let sync = Harness.which("sync"),
      let openssl = Harness.which("openssl")
    else {
      throw HarnessError(message: "cp, sync and openssl are the baseline; one is not on PATH")
    }
    var ours: [Double] = []
    var baseline: [Double] = []
    var peaks: [Int] = []
    var digests = Set<String>()
    for round in 0..<6 {
      var share = 0.0
      var tools = 0.0
      for step in round % 2 == 0 ? [0, 1] : [1, 0] {
        try Harness.run(executable: sync, [])
        let directory = root.appendingPathComponent("round-\(round)-\(step)").path
        if step == 0 {
          let output = try Harness.runSelf([
            "--child", "ingest-large-share", source.path, directory,
          ])
          let fields = output.split(whereSeparator: \.isWhitespace)
          guard fields.count == 3, let seconds = Double(fields[0]), let peak = Int(fields[1])
          else { throw HarnessError(message: "ingest-large-share printed \(output)") }
          share = seconds
          peaks.append(peak)
          digests.insert(String(fields[2]))
        } else {
          try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
          let copy = directory + "/large.mov"
          let start = Harness.now()
          try Harness.run(executable: cp, [source.path, copy])
          try Harness.run(executable: sync, [])
          let printed = try Harness.run(executable: openssl, ["dgst", "-sha256", "-r", copy])
          tools = Double(Harness.now() - start) / 1e9
          digests.insert(String(printed.prefix(64)))
        }
        try? FileManager.default.removeItem(atPath: directory)
      }
      if round == 0 { continue }
      ours.append(share)
      baseline.append(tools)
    }
    let rounds = zip(ours, baseline).map { String(format: "%.2f/%.2f", $0, $1) }
    print("  rounds (share s/cp+sync+openssl s): \(rounds.joined(separator: " "))")
    guard digests.count == 1 else {
      throw HarnessError(message: "the digests differ: \(digests)")
    }
    let ratio = Harness.median(zip(ours, baseline).map { $1 / $0 })
    Harness.report(
      "a 1 GiB share with its SHA-256, end to end (median of \(ours.count) pairs)",
      String(
        format: "%.2f s; the tools take %.2fx as long", Harness.median(ours), ratio),
      goal: "at least as fast as cp + sync + openssl dgst", met: ratio >= 1.0)
    Harness.report(
      "baseline: cp, sync, openssl dgst -sha256 of the copy",
      String(format: "%.2f s", Harness.median(baseline)), goal: "baseline", met: nil)
    let peak = peaks.max() ?? .max
    Harness.report(
      "a 1 GiB share: peak RSS (VmHWM) of a fresh process, max of \(peaks.count)",
      Harness.mebibytes(peak), goal: "<= 32 MiB", met: peak <= 32 << 20)
  }

  /// Child mode: share the file at `arguments[0]` into the group directory `arguments[1]`
  /// (in place, as the command line registers local files), and print the seconds, the peak
  /// RSS and the SHA-256 the manifest holds.
  static func largeShareChild(_ arguments: [String]) throws {
    guard arguments.count == 2 else {
      throw HarnessError(message: "ingest-large-share needs a file and a group directory")
    }
    let source = URL(fileURLWithPath: arguments[0])
    let group = try GroupDirectory(path: arguments[1])
    let contract = InputContract(maximumFileSize: 2 << 30)
    let pipeline = SharePipeline(group: group, contract: contract)
    let result = Mutex<(UInt64, String)?>(nil)
    let done = DispatchSemaphore(value: 0)
    let start = Harness.now()
    Task {
      let provider = NSItemProvider()
      provider.registerFileRepresentation(
        forTypeIdentifier: "com.apple.quicktime-movie", fileOptions: [.openInPlace],
        visibility: .all
      ) { completion in
        completion(source, false, nil)
        return nil
      }
      let item = NSExtensionItem()
      item.attachments = [provider]
      let outcome = await pipeline.share([item])
      let digest =
        outcome.manifest?.items.first?.sha256 ?? "failed: \(String(describing: outcome.error))"
      result.withLock { $0 = (Harness.now() - start, digest) }
      done.signal()
    }
    done.wait()
    guard let (elapsed, digest) = result.withLock({ $0 }) else { return }
    print(Double(elapsed) / 1e9, Harness.peakResidentBytes(), digest)
  }
}

/// A pipeline that one thread lets go of, for all who borrowed it.
private final class HeldPipeline: Sendable {
  private let value: Mutex<SharePipeline?>

  init(_ pipeline: SharePipeline) {
    value = Mutex(pipeline)
  }

  /// The pipeline, until `release`.
  var pipeline: SharePipeline? { value.withLock { $0 } }

  /// Drops the pipeline (closed before).
  func release() {
    // Taken out under the lock and dropped after it, so that it goes unlocked.
    _ = value.withLock { value -> SharePipeline? in
      defer { value = nil }
      return value
    }
  }
}

/// Failures counted from several tasks.
private final class FailureCount: Sendable {
  let count = Atomic<Int>(0)
}
