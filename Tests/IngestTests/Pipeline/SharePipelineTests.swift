import Foundation
import Ingest
import ItemProvider
import TestSupport
import Testing

@Suite("Share pipeline: real profiles end to end into the group directory", .onIOExecutor)
struct SharePipelineTests {
  @Test("A photo from Photos lands as its HEIC, 0600 in a 0700 Incoming, with a matching digest")
  func photo() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let outcome = await fixture.pipeline().share(
      try fixture.items(profile: "photos-photo"), source: "photos")
    #expect(outcome.isCommitted, "\(String(describing: outcome.error))")
    let manifests = try fixture.manifests()
    #expect(manifests.count == 1)
    let manifest = try #require(manifests.first)
    #expect(manifest.id == outcome.shareID)
    #expect(manifest.source == "photos")
    let item = try #require(manifest.items.first)
    #expect(item.kind == .file)
    #expect(item.typeIdentifier == "public.heic")
    let path = try #require(item.file)
    #expect(path.hasPrefix("Incoming/") && path.hasSuffix(".heic"))
    let original = ProjectPaths.corpus.appendingPathComponent("files/photo.heic").path
    let size = try FileManager.default.attributesOfItem(atPath: original)[.size] as? Int
    #expect(item.byteCount == size.map(Int64.init))
    #expect(item.sha256 == (try FileDigest.sha256(of: original)))
    #expect(try FileDigest.sha256(of: fixture.groupPath + "/" + path) == item.sha256)
    #expect(try fixture.permissions(path) == 0o600)
    for directory in ["Incoming", "Inbox", ".staging"] {
      #expect(try fixture.permissions(directory) == 0o700)
    }
    #expect(try fixture.names(".staging").isEmpty)
    #expect(outcome.manifestPath == fixture.groupPath + "/Inbox/\(manifest.id.uuidString).json")
  }

  @Test("A Live Photo registers its folder first; the still is taken, and the reason says so")
  func livePhoto() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let outcome = await fixture.pipeline().share(try fixture.items(profile: "photos-live-photo"))
    #expect(outcome.isCommitted)
    let choice = try #require(outcome.attachments.first?.choice)
    #expect(choice.typeIdentifier == "public.heic")
    #expect(choice.passedOver.map(\.typeIdentifier) == ["com.apple.live-photo-bundle"])
    #expect("\(choice)".contains("passed over com.apple.live-photo-bundle (a folder)"))
    #expect(try fixture.manifests().first?.items.first?.typeIdentifier == "public.heic")
  }

  @Test("Three photos load at once and land as three files in one manifest, in order")
  func threePhotos() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let outcome = await fixture.pipeline().share(try fixture.items(profile: "photos-three-photos"))
    #expect(outcome.isCommitted)
    let manifest = try #require(try fixture.manifests().first)
    #expect(manifest.items.count == 3)
    #expect(Set(manifest.items.compactMap(\.file)).count == 3)
    #expect(try fixture.names("Incoming").count == 3)
  }

  @Test("A Safari page travels as its URL in the manifest, no file written")
  func safariPage() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let outcome = await fixture.pipeline().share(try fixture.items(profile: "safari-page"))
    #expect(outcome.isCommitted)
    let item = try #require(try fixture.manifests().first?.items.first)
    #expect(item.kind == .url)
    #expect(item.url == "https://example.com/article")
    #expect(try fixture.names("Incoming").isEmpty)
  }

  @Test("Text delivered as a file, as data and as an object all become manifest text")
  func textEveryWay() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let file = try fixture.directory.file("note.txt", contents: Data("Saturday at the park?".utf8))
    let asFile = PipelineFixture.fileProvider(file, type: "public.plain-text")
    let asData = NSItemProvider()
    asData.registerDataRepresentation(forTypeIdentifier: "public.utf8-plain-text", visibility: .all)
    { completion in
      completion(Data("\u{FEFF}café".utf8), nil)
      return nil
    }
    let asObject = NSItemProvider(
      item: "an object" as NSString, typeIdentifier: "public.plain-text")
    let outcome = await fixture.pipeline().share(
      PipelineFixture.item([asFile, asData, asObject]))
    #expect(outcome.isCommitted, "\(String(describing: outcome.error))")
    let texts = try fixture.manifests().first?.items.map(\.text)
    #expect(texts == ["Saturday at the park?", "café", "an object"])
  }

  @Test("An unsupported share is rejected naming what it offered and what is accepted")
  func unsupported() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let zip = ProjectPaths.corpus.appendingPathComponent("files/archive.zip")
    let outcome = await fixture.pipeline().share(
      PipelineFixture.item([PipelineFixture.fileProvider(zip, type: "public.zip-archive")]))
    #expect(!outcome.isCommitted)
    let message = "\(try #require(outcome.error))"
    #expect(message.contains("public.zip-archive"))
    #expect(message.contains("public.image, public.movie, com.adobe.pdf"))
    #expect(try fixture.isEmpty())
  }

  @Test("Text over the limit is rejected whole, never truncated")
  func textTooLong() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let long = String(repeating: "é", count: 1001)
    let provider = NSItemProvider(item: long as NSString, typeIdentifier: "public.plain-text")
    let outcome = await fixture.pipeline().share(PipelineFixture.item([provider]))
    guard case .rejected(let rejection)? = outcome.error else {
      Issue.record("expected a rejection, got \(String(describing: outcome.error))")
      return
    }
    #expect(rejection.violation == .textTooLong(characters: 1001, maximum: 1000))
    #expect(try fixture.isEmpty())
    let exact = NSItemProvider(
      item: String(repeating: "é", count: 1000) as NSString, typeIdentifier: "public.plain-text")
    #expect(await fixture.pipeline().share(PipelineFixture.item([exact])).isCommitted)
  }

  @Test("A file URL is refused by the default contract's schemes, and says which it takes")
  func fileURL() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let outcome = await fixture.pipeline().share(try fixture.items(profile: "notes-scanned-pdf"))
    guard case .rejected(let rejection)? = outcome.error else {
      Issue.record("expected a rejection, got \(String(describing: outcome.error))")
      return
    }
    #expect(
      "\(rejection)".contains("public.file-url: a file: URL, and only http:, https: URLs are taken")
    )
  }

  @Test("Two shares of the same file name at once both survive, under different names")
  func sameNameTwice() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let photo = ProjectPaths.corpus.appendingPathComponent("files/photo.jpg")
    let pipeline = fixture.pipeline()
    async let first = pipeline.share(
      PipelineFixture.item([
        PipelineFixture.fileProvider(photo, type: "public.jpeg", name: "IMG_0001.jpg")
      ]))
    async let second = pipeline.share(
      PipelineFixture.item([
        PipelineFixture.fileProvider(photo, type: "public.jpeg", name: "IMG_0001.jpg")
      ]))
    let outcomes = await [first, second]
    #expect(outcomes.filter(\.isCommitted).count == 2)
    #expect(try fixture.manifests().count == 2)
    #expect(try fixture.names("Incoming").count == 2)
    let names = try fixture.manifests().map { $0.items.first?.suggestedName }
    #expect(names == ["IMG_0001.jpg", "IMG_0001.jpg"])
  }

  @Test("A 255-byte file name and a Unicode name are read; nothing is named after them")
  func longAndUnicodeNames() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let long = String(repeating: "a", count: 251) + ".jpg"
    let photo = try Data(contentsOf: ProjectPaths.corpus.appendingPathComponent("files/photo.jpg"))
    let first = try fixture.directory.file(long, contents: photo)
    let second = try fixture.directory.file("Ünïcödé 照片 %20.jpg", contents: photo)
    let outcome = await fixture.pipeline().share(
      PipelineFixture.item([
        PipelineFixture.fileProvider(first, type: "public.jpeg"),
        PipelineFixture.fileProvider(second, type: "public.jpeg"),
      ]))
    #expect(outcome.isCommitted, "\(String(describing: outcome.error))")
    let names = try fixture.names("Incoming")
    #expect(names.count == 2)
    #expect(names.allSatisfy { $0.count == 36 + 5 && $0.hasSuffix(".jpeg") })
    #expect(
      try fixture.manifests().first?.items.map(\.suggestedName) == [long, second.lastPathComponent])
  }

  @Test("The extension context completes after the commit, or is cancelled naming the attachment")
  func extensionContext() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let good = NSExtensionContext(inputItems: try fixture.items(profile: "photos-photo"))
    let outcome = await fixture.pipeline().handle(good)
    #expect(outcome.isCommitted)
    #expect(good.requestOutcome?.isCompleted == true)
    #expect(try fixture.manifests().count == 1)

    let failing = ScriptedSource(
      file: ProjectPaths.corpus.appendingPathComponent("files/photo.jpg"),
      behavior: .fail(NSError(domain: "Test", code: 7)))
    let bad = NSExtensionContext(
      inputItems: PipelineFixture.item([failing.fileProvider(typeIdentifier: "public.jpeg")]))
    let failed = await fixture.pipeline().handle(bad)
    #expect(!failed.isCommitted)
    let error = try #require(bad.requestOutcome?.error)
    #expect("\(error)".contains("item 1, attachment 1 (public.jpeg)"))
    #expect(try fixture.manifests().count == 1)
  }
}
