import Foundation
import ItemProvider
import Synchronization
import TestSupport
import Testing

@Suite(
  "Scripted sources: consumers that copy inside the callback survive every failure", .onIOExecutor)
struct ScriptedSourceTests {
  /// A copy of the corpus photo the source may delete.
  private func source(_ behavior: ScriptedBehavior, in directory: TemporaryDirectory) throws
    -> ScriptedSource
  {
    let file = try directory.file("IMG_0412.JPG", contents: try Corpus.bytes("photo.jpg"))
    return ScriptedSource(file: file, behavior: behavior)
  }

  /// What a careful consumer does: copy inside the handler. Returns the copy's bytes or the
  /// error.
  private func copyInsideCallback(_ provider: NSItemProvider, into directory: TemporaryDirectory)
    async -> (Data?, NSError?)
  {
    let destination = directory.url.appendingPathComponent("kept-\(UUID().uuidString).jpg")
    let (_, copied, error) = await Loads.file(provider, "public.jpeg") { url in
      try FileManager.default.copyItem(at: url, to: destination)
      return true
    }
    guard copied == true else { return (nil, error) }
    return (try? Data(contentsOf: destination), error)
  }

  @Test("A source that delivers, then deletes its file, still loads")
  func deliverThenDelete() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let scripted = try source(.deliverThenDeleteSource, in: directory)
    let (bytes, error) = await copyInsideCallback(
      scripted.fileProvider(typeIdentifier: "public.jpeg"), into: directory)
    #expect(error == nil)
    #expect(bytes == (try Corpus.bytes("photo.jpg")))
    // The source deletes its file once the consumer's callback has returned.
    #expect(await scripted.wait(until: .answers))
    #expect(scripted.answerCount == 1)
    #expect(!FileManager.default.fileExists(atPath: scripted.file.path))
  }

  @Test("A consumer that keeps the URL finds it gone")
  func keptURL() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let scripted = try source(.deliverThenDeleteSource, in: directory)
    let provider = scripted.fileProvider(typeIdentifier: "public.jpeg")
    let (kept, _, error) = await Loads.file(provider, "public.jpeg") { _ in true }
    #expect(error == nil)
    let url = try #require(kept)
    #expect(await Loads.isGone(url.path))
    // Through the coercing interface the consumer gets the source's own file URL, which the
    // source deletes once the callback returned.
    let itemSource = try source(.deliverThenDeleteSource, in: directory)
    let (path, itemError) = await Loads.item(
      itemSource.fileProvider(typeIdentifier: "public.jpeg"), "public.jpeg"
    ) { ($0 as? NSURL)?.path }
    #expect(itemError == nil)
    let itemPath = try #require(path)
    #expect(await itemSource.wait(until: .answers))
    #expect(!FileManager.default.fileExists(atPath: itemPath))
  }

  @Test("A delayed source still delivers")
  func delayed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let scripted = try source(.delay(0.05), in: directory)
    let (bytes, error) = await copyInsideCallback(
      scripted.fileProvider(typeIdentifier: "public.jpeg"), into: directory)
    #expect(error == nil)
    #expect(bytes == (try Corpus.bytes("photo.jpg")))
    // The consumer's callback ran inside the answer, which the source counts once it is over.
    #expect(await scripted.wait(until: .answers))
    #expect(scripted.answerCount == 1)
    // A load that got its answer does not cancel the source.
    #expect(scripted.cancellationCount == 0)
  }

  @Test("A failing source gives item-unavailable with its error underneath")
  func failing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let failure = NSError(domain: "com.example.source", code: 42)
    for provider in [
      try source(.fail(failure), in: directory).fileProvider(typeIdentifier: "public.jpeg"),
      try source(.fail(failure), in: directory).dataProvider(typeIdentifier: "public.jpeg"),
    ] {
      let (bytes, error) = await copyInsideCallback(provider, into: directory)
      #expect(bytes == nil)
      #expect(error?.domain == "NSItemProviderErrorDomain")
      #expect(error?.code == -1000)
      #expect(error?.localizedDescription == "Cannot load representation of type public.jpeg")
      #expect(error?.underlying?.domain == "com.example.source")
      #expect(error?.underlying?.code == 42)
    }
  }

  @Test("A source that vanishes mid-load fails the load")
  func vanishes() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for makeProvider in [
      { (source: ScriptedSource) in source.fileProvider(typeIdentifier: "public.jpeg") },
      { (source: ScriptedSource) in source.dataProvider(typeIdentifier: "public.jpeg") },
    ] {
      let scripted = try source(.vanishMidLoad, in: directory)
      let (bytes, error) = await copyInsideCallback(makeProvider(scripted), into: directory)
      #expect(bytes == nil)
      #expect(error?.code == -1000)
      #expect(error?.underlying?.domain == NSCocoaErrorDomain)
      #expect(error?.underlying?.code == 4097)
      #expect(!FileManager.default.fileExists(atPath: scripted.file.path))
    }
  }

  @Test("A source that never answers times out")
  func timesOut() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let scripted = try source(.neverAnswer, in: directory)
    let provider = scripted.fileProvider(typeIdentifier: "public.jpeg", loadTimeout: 0.05)
    let (bytes, error) = await copyInsideCallback(provider, into: directory)
    #expect(bytes == nil)
    #expect(error?.code == -1000)
    #expect(error?.localizedDescription == "Cannot load representation of type public.jpeg")
    let underlying = try #require(error?.underlying)
    #expect(underlying.domain == "ItemProviderError")
    #expect(underlying.localizedDescription.contains("loadTimeout"))
    #expect(scripted.requestCount == 1)
    #expect(scripted.answerCount == 0)
  }

  @Test("Cancelling ends the load once and reaches the source")
  func cancel() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let scripted = try source(.neverAnswer, in: directory)
    let provider = scripted.dataProvider(typeIdentifier: "public.jpeg")
    let record = CompletionRecord<Data>()
    let (completed, completion) = AsyncStream.makeStream(of: Void.self)
    let progress = provider.loadDataRepresentation(forTypeIdentifier: "public.jpeg") {
      data, error in
      record.record(data, error)
      completion.yield()
    }
    // Cancelled once the source has been asked, so the cancellation has a source to reach
    // (whether or not its handler has returned its progress yet).
    #expect(await scripted.wait(until: .requests))
    progress.cancel()
    var completions = completed.makeAsyncIterator()
    await completions.next()
    #expect(await scripted.wait(until: .cancellations))
    #expect(record.count == 1)
    #expect(record.value == nil)
    #expect(record.error?.domain == NSCocoaErrorDomain)
    #expect(record.error?.code == CocoaError.Code.userCancelled.rawValue)
    #expect(scripted.cancellationCount == 1)
  }

  @Test("A source that answers twice is heard once")
  func answersTwice() async throws {
    let provider = NSItemProvider()
    let handlerDone = Mutex(false)
    provider.registerDataRepresentation(forTypeIdentifier: "public.data", visibility: .all) {
      completion in
      completion(Data([1]), nil)
      completion(Data([2]), nil)
      completion(nil, NSError(domain: "late", code: 1))
      handlerDone.withLock { $0 = true }
      return nil
    }
    let record = CompletionRecord<Data>()
    await withCheckedContinuation { continuation in
      _ = provider.loadDataRepresentation(forTypeIdentifier: "public.data") { data, error in
        record.record(data, error)
        continuation.resume()
      }
    }
    await waitUntil { handlerDone.withLock { $0 } }
    #expect(handlerDone.withLock { $0 })
    #expect(record.count == 1)
    #expect(record.value == Data([1]))
  }

  @Test("A source answering with nothing is item-unavailable")
  func emptyAnswer() async throws {
    let provider = NSItemProvider()
    provider.registerDataRepresentation(forTypeIdentifier: "public.data", visibility: .all) {
      completion in
      completion(nil, nil)
      return nil
    }
    let (data, error) = await Loads.data(provider, "public.data")
    #expect(data == nil)
    #expect(error?.code == -1000)
    #expect(error?.underlying != nil)
  }
}
