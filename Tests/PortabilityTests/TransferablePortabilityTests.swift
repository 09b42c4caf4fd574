import CoreTransferable
import Foundation
import Synchronization
import TestSupport
import Testing

#if os(Linux)
  import ItemProvider
  import SystemCalls
#endif

/// Runs `TransferableReceiver.swift` against every source-app profile, and Transferable items
/// from an app's side to an extension's.
@Suite("Portability: Transferable and loadTransferable")
struct TransferablePortabilityTests {
  static func corpus(_ file: String) throws -> Data {
    try Data(contentsOf: PortabilityTests.corpus.appendingPathComponent("files/\(file)"))
  }

  static func receive(_ items: [NSExtensionItem]) async -> TransferredContent {
    await withCheckedContinuation { continuation in
      TransferableReceiver().receive(NSExtensionContext(inputItems: items)) {
        continuation.resume(returning: $0)
      }
    }
  }

  @Test(
    "The receiver gets each profile's content as a device would",
    arguments: PortabilityTests.profileNames)
  func receivesProfile(_ name: String) async throws {
    let work = try TemporaryDirectory(prefix: "TransferableTests")
    defer { work.remove() }
    let content = await Self.receive(try PortabilityTests.extensionItems(name, work: work.url))
    defer {
      for movie in content.movies {
        try? FileManager.default.removeItem(at: movie.copy.deletingLastPathComponent())
      }
    }
    let article = "https://example.com/article"
    switch name {
    case "safari-page", "safari-page-javascript":
      #expect(content.links == [article])
      #expect(content.texts.isEmpty && content.images.isEmpty && content.movies.isEmpty)
    case "firefox-page", "safari-two-items":
      #expect(content.links == [article])
      #expect(content.texts == ["Example Article"])
    case "files-pdf", "notes-scanned-pdf":
      // The document's own file URL (public.file-url conforms to public.url).
      #expect(content.links.count == 1)
      #expect(content.links.first?.hasSuffix("/files/document.pdf") == true, "\(content.links)")
    case "photos-photo", "photos-live-photo":
      #expect(content.images == [try Self.corpus("photo.heic")])
    case "photos-three-photos":
      #expect(content.images == Array(repeating: try Self.corpus("photo.heic"), count: 3))
    case "messages-image", "safari-image":
      #expect(content.images == [try Self.corpus("photo.jpg")])
    case "screenshot-markup":
      #expect(content.images == [try Self.corpus("screenshot.png")])
    case "photos-video":
      let movie = try #require(content.movies.first)
      #expect(content.movies.count == 1)
      #expect(movie.copy.lastPathComponent == "IMG_0420.mov")
      #expect(try Data(contentsOf: movie.copy) == (try Self.corpus("video.mov")))
      // The received file was deleted when the importing closure returned.
      #expect(!FileManager.default.fileExists(atPath: movie.receivedAt.path))
    default:
      Issue.record("no expectation for \(name)")
    }
  }

  @Test("An app's own type reaches an extension that knows it, and its URL one that does not")
  func appToExtension() async throws {
    let link = SharedLink(
      url: try #require(URL(string: "https://example.com/shared")), title: "Shared")
    let provider = NSItemProvider()
    provider.register(link)
    #expect(provider.registeredTypeIdentifiers == ["com.example.shared-link", "public.url"])
    let item = NSExtensionItem()
    item.attachments = [provider]
    let knowing = await Self.receive([item])
    #expect(knowing.sharedLinks == ["Shared"])
    let url: Result<URL, any Error> = await withCheckedContinuation { continuation in
      provider.loadTransferable(type: URL.self) { continuation.resume(returning: $0) }
    }
    #expect(try url.get().absoluteString == "https://example.com/shared")
    // What loads through the plain item-provider API: the JSON of the Codable representation.
    let json: Data? = await withCheckedContinuation { continuation in
      _ = provider.loadDataRepresentation(forTypeIdentifier: "com.example.shared-link") {
        data, _ in continuation.resume(returning: data)
      }
    }
    let decoded = try JSONDecoder().decode(SharedLink.self, from: try #require(json))
    #expect(decoded.title == "Shared")
  }

  @Test("A movie exported as a file arrives as a copy that lives until the importer returns")
  func fileRepresentation() async throws {
    let work = try TemporaryDirectory(prefix: "TransferableTests")
    defer { work.remove() }
    let original = try work.file("Clip.mov", contents: try Self.corpus("video.mov"))
    let provider = NSItemProvider()
    provider.register(ReceivedMovie(url: original, receivedAt: original))
    #expect(provider.registeredTypeIdentifiers == ["public.movie"])
    let result: Result<ReceivedMovie, any Error> = await withCheckedContinuation { continuation in
      provider.loadTransferable(type: ReceivedMovie.self) { continuation.resume(returning: $0) }
    }
    let movie = try result.get()
    defer { try? FileManager.default.removeItem(at: movie.url.deletingLastPathComponent()) }
    #expect(movie.receivedAt != original, "a copy, not the original")
    #expect(!FileManager.default.fileExists(atPath: movie.receivedAt.path))
    #expect(try Data(contentsOf: movie.url) == (try Self.corpus("video.mov")))
    #expect(FileManager.default.fileExists(atPath: original.path))
  }

  @Test("Standard types round-trip; a provider with nothing importable says so")
  func standardTypes() async throws {
    func roundTrip<T: Transferable & Sendable>(_ value: T) async throws -> T {
      let provider = NSItemProvider()
      provider.register(value)
      let result: Result<T, any Error> = await withCheckedContinuation { continuation in
        provider.loadTransferable(type: T.self) { continuation.resume(returning: $0) }
      }
      return try result.get()
    }
    #expect(try await roundTrip("héllo") == "héllo")
    #expect(try await roundTrip(Data([1, 2, 3])) == Data([1, 2, 3]))
    #expect(try await roundTrip(URL(fileURLWithPath: "/tmp/a b.txt")).path == "/tmp/a b.txt")
    #expect(String(try await roundTrip(AttributedString("styled")).characters) == "styled")
    let photo = try #require(
      NSItemProvider(contentsOf: PortabilityTests.corpus.appendingPathComponent("files/photo.jpg")))
    let none: Result<SharedLink, any Error> = await withCheckedContinuation { continuation in
      photo.loadTransferable(type: SharedLink.self) { continuation.resume(returning: $0) }
    }
    #expect(throws: TransferableError.self) { try none.get() }
  }
}

/// A report that offers its PDF only when it has one, named after its title.
struct Report: Transferable {
  var title: String
  var pdf: Data?

  static var transferRepresentation: some TransferRepresentation {
    DataRepresentation(exportedContentType: .pdf) { $0.pdf ?? Data() }
      .exportingCondition { $0.pdf != nil }
      .suggestedFileName { "\($0.title).pdf" }
    ProxyRepresentation(exporting: \.title).visibility(.team)
  }
}

/// A document opened in place when its sender allows it.
struct InPlaceDocument: Transferable {
  var url: URL
  var allowsOriginal: Bool
  var isOriginal = false

  static var transferRepresentation: some TransferRepresentation {
    FileRepresentation(contentType: .pdf, shouldAttemptToOpenInPlace: true) { document in
      SentTransferredFile(document.url, allowAccessingOriginalFile: document.allowsOriginal)
    } importing: { received in
      Self(url: received.file, allowsOriginal: true, isOriginal: received.isOriginalFile)
    }
  }
}

/// A value whose representation records whether its closures run on the load queue's executor.
struct ExecutorProbe: Transferable {
  static let onLoadQueue = Mutex<[Bool]>([])
  var text: String

  static func record() {
    let onLoadQueue = withUnsafeCurrentTask { task in
      task?.unownedTaskExecutor == IOExecutor.shared.asUnownedTaskExecutor()
    }
    Self.onLoadQueue.withLock { $0.append(onLoadQueue) }
  }

  static var transferRepresentation: some TransferRepresentation {
    DataRepresentation(contentType: .utf8PlainText) { probe in
      record()
      return Data(probe.text.utf8)
    } importing: { data in
      record()
      return ExecutorProbe(text: String(decoding: data, as: UTF8.self))
    }
  }
}

@Suite("CoreTransferable modifiers, in-place files and where closures run")
struct TransferableModifierTests {
  @Test("Representation closures run on the load queue, never on the cooperative pool")
  func closuresRunOnTheLoadQueue() async throws {
    let provider = NSItemProvider()
    provider.register(ExecutorProbe(text: "probe"))
    let result: Result<ExecutorProbe, any Error> = await withCheckedContinuation { continuation in
      provider.loadTransferable(type: ExecutorProbe.self) { continuation.resume(returning: $0) }
    }
    #expect(try result.get().text == "probe")
    // Exported, then imported, each on the load queue: app closures that block (file copies)
    // never hold the cooperative pool, and a busy pool cannot starve a load.
    #expect(ExecutorProbe.onLoadQueue.withLock { $0 } == [true, true])
  }

  @Test("A file the sender lets be opened in place arrives as the original; otherwise it fails")
  func inPlace() async throws {
    let work = try TemporaryDirectory(prefix: "TransferableTests")
    defer { work.remove() }
    let file = try work.file("Report.pdf", contents: Data("%PDF-1.7\n".utf8))
    for allows in [true, false] {
      let provider = NSItemProvider()
      provider.register(InPlaceDocument(url: file, allowsOriginal: allows))
      let result: Result<InPlaceDocument, any Error> = await withCheckedContinuation {
        continuation in
        provider.loadTransferable(type: InPlaceDocument.self) { continuation.resume(returning: $0) }
      }
      if allows {
        let document = try result.get()
        #expect(document.isOriginal)
        #expect(document.url.standardizedFileURL.path == file.standardizedFileURL.path)
        #expect(FileManager.default.fileExists(atPath: file.path), "the original is never deleted")
      } else {
        #expect(throws: (any Error).self) { try result.get() }
      }
    }
  }

  @Test("exportingCondition leaves a representation out; suggestedFileName and visibility apply")
  func modifiers() {
    let with = NSItemProvider()
    with.register(Report(title: "Q3", pdf: Data("%PDF-1.7".utf8)))
    #expect(with.registeredTypeIdentifiers == ["com.adobe.pdf", "public.utf8-plain-text"])
    #expect(with.suggestedName == "Q3.pdf")
    #expect(with.visibility(forTypeIdentifier: "com.adobe.pdf") == .all)
    #expect(with.visibility(forTypeIdentifier: "public.utf8-plain-text") == .team)
    let without = NSItemProvider()
    without.register(Report(title: "Q4", pdf: nil))
    #expect(without.registeredTypeIdentifiers == ["public.utf8-plain-text"])
  }
}
