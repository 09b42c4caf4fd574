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
    "A share and its import, called from a task on the cooperative pool, make every system call on the I/O executor",
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
}
