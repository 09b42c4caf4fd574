import Foundation
import Ingest
import ItemProvider
import TestSupport
import Testing
import UTI

/// Runs the iOS code of `ShareIngestor.swift` against every source-app profile, with a real App
/// Group directory, and checks what lands in `Incoming/`.
@Suite("Portability: iOS share-extension code runs against the source-app profiles")
struct PortabilityTests {
  static let corpus = ProjectPaths.corpus

  static var profileNames: [String] {
    let sources = corpus.appendingPathComponent("sources").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? [])
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// The extension items the profile `name` describes, built over the corpus files with their
  /// temporary copies in `work`.
  static func extensionItems(_ name: String, work: URL) throws -> [NSExtensionItem] {
    let profile = try SourceProfile.load(
      from: corpus.appendingPathComponent("sources/\(name).json"))
    return try profile.makeExtensionItems(corpus: corpus, workDirectory: work)
  }

  /// What a run leaves behind.
  struct Run {
    var outcome: NSExtensionContext.RequestOutcome?
    /// The files in `Incoming/` with their bytes (folders: their files' bytes, joined).
    var incoming: [String: Data]
  }

  /// A temporary App Group, registered under a fresh identifier, removed by `remove()`.
  struct AppGroup {
    let identifier = "group.com.example.portability-\(UUID().uuidString.prefix(8).lowercased())"
    let directory: URL

    init() throws {
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("PortabilityTests-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try AppGroupContainers.shared.register(
        identifier, directory: directory.appendingPathComponent("container"))
    }

    func remove() {
      AppGroupContainers.shared.unregister(identifier)
      try? FileManager.default.removeItem(at: directory)
    }
  }

  private func run(_ items: [NSExtensionItem], group: AppGroup) async throws -> Run {
    let context = NSExtensionContext(inputItems: items)
    ShareIngestor(appGroupIdentifier: group.identifier).handle(context)
    let outcome = await context.waitForRequestToEnd()
    let incoming = group.directory.appendingPathComponent("container/Incoming")
    var files: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: incoming.path)) ?? [] {
      let url = incoming.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        let members = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        files[name] = try members.reduce(into: Data()) {
          $0.append(try Data(contentsOf: url.appendingPathComponent($1)))
        }
      } else {
        files[name] = try Data(contentsOf: url)
      }
    }
    return Run(outcome: outcome, incoming: files)
  }

  /// The share each profile describes, and what the iOS code must make of it.
  struct Expectation: Sendable {
    /// The corpus files whose copies must be in `Incoming/` (nil: the request is cancelled).
    var copies: [String]?
  }

  static let expectations: [String: Expectation] = [
    "photos-photo": Expectation(copies: ["files/photo.heic"]),
    "photos-three-photos": Expectation(
      copies: ["files/photo.heic", "files/photo.heic", "files/photo.heic"]),
    "photos-video": Expectation(copies: nil),
    "safari-page": Expectation(copies: nil),
    "safari-page-javascript": Expectation(copies: nil),
    "safari-image": Expectation(copies: ["files/photo.jpg"]),
    "safari-two-items": Expectation(copies: nil),
    "firefox-page": Expectation(copies: nil),
    "files-pdf": Expectation(copies: nil),
    "notes-scanned-pdf": Expectation(copies: nil),
    "screenshot-markup": Expectation(copies: ["files/screenshot.png"]),
    "messages-image": Expectation(copies: ["files/photo.jpg"]),
  ]

  @Test("The iOS code ingests each profile", arguments: profileNames)
  func ingestsProfile(_ name: String) async throws {
    let group = try AppGroup()
    defer { group.remove() }
    let items = try Self.extensionItems(name, work: group.directory.appendingPathComponent("work"))
    let result = try await run(items, group: group)
    let outcome = try #require(result.outcome, "\(name): the request never ended")

    // The type the iOS code picks: the first registered type conforming to public.image.
    let chosen = items.flatMap { $0.attachments ?? [] }.compactMap { provider in
      provider.registeredTypeIdentifiers.first { UTType($0)?.conforms(to: .image) ?? false }
    }
    if name == "photos-live-photo" {
      // Which type wins depends on whether com.apple.live-photo conforms to public.image in
      // the catalogue (Apple's documentation says it does; see the report). Either way the copy
      // must be the real content: the HEIC, or the bundle holding the HEIC and the movie.
      #expect(outcome.isCompleted)
      let copy = try #require(result.incoming.values.first)
      let heic = try Data(contentsOf: Self.corpus.appendingPathComponent("files/photo.heic"))
      let movie = try Data(contentsOf: Self.corpus.appendingPathComponent("files/video.mov"))
      #expect(copy == heic || copy == heic + movie)
      #expect(result.incoming.count == 1)
      return
    }
    let expectation = try #require(Self.expectations[name], "no expectation for \(name)")
    guard let copies = expectation.copies else {
      #expect(!outcome.isCompleted, "\(name) should have been cancelled")
      #expect(chosen.isEmpty)
      #expect(result.incoming.isEmpty)
      return
    }
    #expect(outcome.isCompleted, "\(name): \(outcome)")
    #expect(result.incoming.count == copies.count)
    let expected = try copies.map {
      try Data(contentsOf: Self.corpus.appendingPathComponent($0))
    }
    #expect(result.incoming.values.sorted { $0.count < $1.count } == expected)
    for (fileName, _) in result.incoming {
      let stem = (fileName as NSString).deletingPathExtension
      #expect(UUID(uuidString: stem) != nil, "\(fileName) is not named by a UUID")
    }
    // Named with the preferred extension of the type chosen.
    let extensions = Set(result.incoming.keys.map { ($0 as NSString).pathExtension })
    let chosenExtensions = Set(
      chosen.map { UTType($0)?.preferredFilenameExtension ?? "jpg" })
    #expect(extensions == chosenExtensions)
  }

  @Test("Every profile has an expectation")
  func everyProfile() {
    for name in Self.profileNames where name != "photos-live-photo" {
      #expect(Self.expectations[name] != nil, "\(name) has no expectation")
    }
  }

  @Test(
    "The iOS code survives misbehaving sources",
    arguments: ["deliverThenDeleteSource", "vanishMidLoad", "fail", "neverAnswer"])
  func misbehavingSources(_ behaviorName: String) async throws {
    let group = try AppGroup()
    defer { group.remove() }
    let sourceFile = group.directory.appendingPathComponent("IMG_0500.JPG")
    try Data(contentsOf: Self.corpus.appendingPathComponent("files/photo.jpg")).write(
      to: sourceFile)
    let behavior: ScriptedBehavior =
      switch behaviorName {
      case "deliverThenDeleteSource": .deliverThenDeleteSource
      case "vanishMidLoad": .vanishMidLoad
      case "fail": .fail(NSError(domain: "com.example.source", code: 9))
      default: .neverAnswer
      }
    let source = ScriptedSource(file: sourceFile, behavior: behavior)
    let item = NSExtensionItem()
    item.attachments = [source.fileProvider(typeIdentifier: "public.jpeg", loadTimeout: 0.1)]
    let result = try await run([item], group: group)
    let outcome = try #require(result.outcome)
    if behaviorName == "deliverThenDeleteSource" {
      // The code copied inside the callback, so its copy survives the source's deletion.
      #expect(outcome.isCompleted)
      #expect(
        Array(result.incoming.values)
          == [try Data(contentsOf: Self.corpus.appendingPathComponent("files/photo.jpg"))])
    } else {
      let error = try #require(outcome.error) as NSError
      #expect(error.domain == "NSItemProviderErrorDomain")
      #expect(error.code == -1000)
      #expect(result.incoming.isEmpty)
    }
  }

  @Test("An unknown App Group cancels the request")
  func unknownGroup() async throws {
    let work = try TemporaryDirectory(prefix: "PortabilityTests")
    defer { work.remove() }
    let context = NSExtensionContext(
      inputItems: try Self.extensionItems("photos-photo", work: work.url))
    ShareIngestor(appGroupIdentifier: "group.com.example.not-configured").handle(context)
    let outcome = await context.waitForRequestToEnd()
    #expect(outcome?.isCompleted == false)
  }
}

/// Runs the async iOS code of `LinkReader.swift` against every source-app profile.
@Suite("Portability: async iOS code reads the links the source apps share")
struct LinkReaderPortabilityTests {
  /// The link each profile must yield (nil: none, and the request is cancelled).
  static let links: [String: String] = [
    "safari-page": "https://example.com/article",
    "safari-page-javascript": "https://example.com/article",
    "safari-two-items": "https://example.com/article",
    "firefox-page": "https://example.com/article",
  ]

  @Test("The async code reads each profile", arguments: PortabilityTests.profileNames)
  func asyncReads(_ name: String) async throws {
    let work = try TemporaryDirectory(prefix: "LinkReaderTests")
    defer { work.remove() }
    let context = NSExtensionContext(
      inputItems: try PortabilityTests.extensionItems(name, work: work.url))
    let link = await LinkReader().read(context)
    let outcome = try #require(context.requestOutcome, "\(name): the request never ended")
    if let expected = Self.links[name] {
      #expect(link?.url.absoluteString == expected, "\(name)")
      #expect(outcome.isCompleted)
    } else {
      #expect(link == nil, "\(name) has no web link, yet \(String(describing: link)) was read")
      #expect(!outcome.isCompleted)
    }
  }

  /// iOS code often casts a loaded item straight to a Swift value type (`item as? URL`). Without
  /// Objective-C bridging the Linux compiler would warn that such a cast always fails;
  /// ItemProvider declares the bridged value types secure-coding, so the casts compile cleanly,
  /// and the runtime bridges them, as on iOS, whether written directly or through `Any`.
  @Test("Bridging casts work at run time")
  func bridgingCasts() async throws {
    let provider = NSItemProvider(
      item: NSURL(fileURLWithPath: "/tmp/x.txt"), typeIdentifier: "public.file-url")
    provider.registerDataRepresentation(forTypeIdentifier: "public.data", visibility: .all) {
      completion in
      completion(Data([1, 2, 3]), nil)
      return nil
    }
    let url: Any = try await provider.loadItem(forTypeIdentifier: "public.file-url")
    #expect((url as? URL)?.path == "/tmp/x.txt")
    let data: Any = try await provider.loadItem(forTypeIdentifier: "public.data")
    #expect(data as? Data == Data([1, 2, 3]))
    let text: Any = NSString(string: "words")
    #expect(text as? String == "words")
    let item: (any NSSecureCoding)? = try await provider.loadItem(
      forTypeIdentifier: "public.file-url")
    #expect((item as? URL)?.path == "/tmp/x.txt")
    #expect(item as? String == nil)
    let bytes = try await provider.loadItem(forTypeIdentifier: "public.data")
    #expect(bytes as? Data == Data([1, 2, 3]))
    let plist: any NSSecureCoding = NSDictionary(dictionary: ["k": 1])
    #expect((plist as? [String: Any])?["k"] as? Int == 1)
  }
}
