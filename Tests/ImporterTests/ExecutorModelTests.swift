import Foundation
import Importer
import Ingest
import ItemProvider
import SystemCalls
import TestSupport
import Testing

@Suite("The concurrency model: the pipeline makes no system call on the cooperative pool")
struct ExecutorModelTests {
  @Test(
    """
    A share and its import, called from a task on the cooperative pool, make every system call on \
    the I/O executor
    """,
    .enabled(if: ExecutorCheck.isEnabled, "the check is compiled into debug builds only"))
  func shareAndImportStayOnTheExecutor() async throws {
    let directory = try TemporaryDirectory(prefix: "executor-model")
    defer { directory.remove() }
    // The source lies under the recorded directory too, so reading it is checked as well.
    let photo = try directory.file(
      "source/photo.jpg",
      contents: Data(contentsOf: ProjectPaths.corpus.appendingPathComponent("files/photo.jpg")))
    let recording = ExecutorCheck.shared.record(under: directory.path)
    defer { ExecutorCheck.shared.stopRecording(recording) }
    // This test's own task runs on the cooperative pool, as an app's would.
    #expect(!IOExecutor.isWorkerThread)

    let group = try await GroupDirectory.open(path: directory.path + "/group")
    let pipeline = SharePipeline(group: group)
    let provider = NSItemProvider()
    provider.registerFileRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) {
      completion in
      completion(photo, false, nil)
      return nil
    }
    let item = NSExtensionItem()
    item.attachments = [provider]
    let outcome = await pipeline.share([item], source: "test")
    #expect(outcome.isCommitted)
    await pipeline.close()

    let library = try await Library.open(path: directory.path + "/library.sqlite")
    let pass = try await LibraryImporter(library: library, inbox: DirectoryInbox(group: group))
      .importPending()
    #expect(pass.errors.isEmpty)
    #expect(pass.imported == [outcome.shareID])

    #expect(ExecutorCheck.shared.violations(recording) == [])
  }

  @Test(
    """
    A large file shared in place is copied pipelined with no blocking wait inside a task, and \
    imported the same way
    """,
    .enabled(if: ExecutorCheck.isEnabled, "the check is compiled into debug builds only"))
  func largeInPlaceCopyWaitsInNoTask() async throws {
    let directory = try TemporaryDirectory(prefix: "executor-model-large")
    defer { directory.remove() }
    // 6 MiB and a few bytes: past the copier's 4 MiB threshold, not a whole number of chunks.
    var generator = SplitMix64(seed: 45)
    let bytes = Data((0..<(6 << 20) + 123).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    let source = try directory.file("source/large.mp4", contents: bytes)
    let recording = ExecutorCheck.shared.record(under: directory.path)
    defer { ExecutorCheck.shared.stopRecording(recording) }

    let group = try await GroupDirectory.open(path: directory.path + "/group")
    let pipeline = SharePipeline(group: group)
    let provider = NSItemProvider()
    // In place: the source answers at once, so the pipeline's load runs on its own worker,
    // inside the share's task (where the copy used to wait for its hashing worker). Offered as
    // a movie, a type the default contract accepts (nothing reads the bytes to check it).
    provider.registerFileRepresentation(
      forTypeIdentifier: "public.mpeg-4", fileOptions: [.openInPlace], visibility: .all
    ) { completion in
      completion(source, false, nil)
      return nil
    }
    let item = NSExtensionItem()
    item.attachments = [provider]
    let outcome = await pipeline.share([item], source: "test")
    #expect(outcome.isCommitted)
    await pipeline.close()

    let library = try await Library.open(path: directory.path + "/library.sqlite")
    let pass = try await LibraryImporter(library: library, inbox: DirectoryInbox(group: group))
      .importPending()
    #expect(pass.errors.isEmpty)
    #expect(pass.imported == [outcome.shareID])
    let records = try await library.records()
    let file = try #require(records.first?.items.first)
    #expect(file.byteCount == Int64(bytes.count))
    #expect(file.sha256 == (try FileDigest.sha256(of: source.path)))
    let placed = library.absolutePath(ofFile: try #require(file.file))
    #expect(try Data(contentsOf: URL(fileURLWithPath: placed)) == bytes)

    #expect(ExecutorCheck.shared.violations(recording) == [])
  }
}
