import Foundation
import Ingest
import ItemProvider
import TestSupport
import Testing

@Suite("Source-app profiles: built into extension items over real files", .onIOExecutor)
struct SourceProfileBuildTests {
  /// The class a consumer names when it loads a representation as `type`.
  private static func expectedClass(for type: String) -> AnyClass? {
    switch type {
    case "public.url", "public.file-url": NSURL.self
    case "public.plain-text", "public.text": NSString.self
    case "public.data": NSData.self
    case "com.apple.property-list": NSDictionary.self
    case "public.image": ItemProviderImage.self
    default: nil
    }
  }

  @Test("Items, attachments and types follow the profile", arguments: ProfileCorpus.names)
  func structure(_ name: String) throws {
    let profile = try ProfileCorpus.profile(name)
    let work = try ProfileWorkDirectory()
    defer { work.remove() }
    let items = try profile.makeExtensionItems(
      corpus: ProfileCorpus.directory, workDirectory: work.url)
    #expect(items.count == profile.items.count)
    for (item, spec) in zip(items, profile.items) {
      #expect(item.attributedTitle?.string == spec.attributedTitle)
      #expect(item.attributedContentText?.string == spec.attributedContentText)
      let providers = item.attachments ?? []
      #expect(providers.count == spec.attachments.count)
      for (provider, attachment) in zip(providers, spec.attachments) {
        #expect(provider.suggestedName == attachment.suggestedName)
        #expect(
          provider.registeredTypeIdentifiers == attachment.representations.map(\.typeIdentifier))
      }
    }
  }

  @Test("Every representation delivers the real content", arguments: ProfileCorpus.names)
  func content(_ name: String) async throws {
    let profile = try ProfileCorpus.profile(name)
    let work = try ProfileWorkDirectory()
    defer { work.remove() }
    let items = try profile.makeExtensionItems(
      corpus: ProfileCorpus.directory, workDirectory: work.url)
    for (item, spec) in zip(items, profile.items) {
      for (provider, attachment) in zip(item.attachments ?? [], spec.attachments) {
        for representation in attachment.representations {
          try await check(representation, of: provider, in: name)
        }
      }
    }
  }

  private func check(
    _ representation: SourceProfile.Representation, of provider: NSItemProvider, in name: String
  ) async throws {
    let type = representation.typeIdentifier
    let corpus = ProfileCorpus.directory
    switch representation.delivery {
    case .file, .data:
      let expected = try Data(contentsOf: corpus.appendingPathComponent(representation.file ?? ""))
      let (data, error) = await ProfileLoads.data(provider, type)
      #expect(error == nil, "\(name) \(type): \(String(describing: error))")
      #expect(data == expected, "\(name) \(type)")
      let (copy, fileError) = await ProfileLoads.fileBytes(provider, type)
      #expect(fileError == nil)
      #expect(copy == expected, "\(name) \(type) as a file")
    case .directory:
      // Loaded as data, a folder is a ZIP archive holding each listed file under the folder.
      let (data, error) = await ProfileLoads.data(provider, type)
      #expect(error == nil)
      let archive = try #require(data)
      #expect(archive.starts(with: [0x50, 0x4B, 0x03, 0x04]))
      for file in representation.files ?? [] {
        let expected = try Data(contentsOf: corpus.appendingPathComponent(file))
        #expect(archive.range(of: expected) != nil, "\(name): \(file) is not in the archive")
      }
    case .object:
      let object = try #require(representation.object)
      switch object.className {
      case "NSURL":
        let (url, error) = await ProfileLoads.item(provider, type, expecting: NSURL.self) {
          ($0 as? NSURL).map { $0 as URL }
        }
        #expect(error == nil)
        if let file = object.file {
          #expect(url?.path == corpus.appendingPathComponent(file).path)
          // A file URL coerces to the file's contents when data is expected.
          let (bytes, _) = await ProfileLoads.item(provider, type, expecting: NSData.self) {
            ($0 as? NSData) as Data?
          }
          #expect(bytes == (try Data(contentsOf: corpus.appendingPathComponent(file))))
        } else {
          #expect(url?.absoluteString == object.value?.stringValue)
        }
      case "NSString":
        let (text, error) = await ProfileLoads.item(provider, type, expecting: NSString.self) {
          ($0 as? NSString) as String?
        }
        #expect(error == nil)
        #expect(text == object.value?.stringValue)
      case "NSDictionary":
        let (keys, error) = await ProfileLoads.item(provider, type, expecting: NSDictionary.self) {
          ($0 as? NSDictionary)?.allKeys.compactMap { $0 as? String }.sorted()
        }
        #expect(error == nil)
        if case .object(let members) = object.value {
          #expect(keys == members.keys.sorted())
        }
      default:  // UIImage
        let (bytes, error) = await ProfileLoads.item(
          provider, type, expecting: ItemProviderImage.self
        ) { ($0 as? ItemProviderImage)?.data }
        #expect(error == nil)
        #expect(bytes == (try Data(contentsOf: corpus.appendingPathComponent(object.file ?? ""))))
      }
    }
    // The coercions the profile says the source app fails, fail here the same way.
    for (requested, code) in representation.failures ?? [:] {
      let expected: AnyClass = try #require(Self.expectedClass(for: requested))
      let (value, error) = await ProfileLoads.item(provider, type, expecting: expected) {
        $0.map { String(describing: $0) }
      }
      #expect(value == nil)
      #expect(error?.domain == "NSItemProviderErrorDomain")
      #expect(error?.code == code, "\(name): \(type) as \(requested)")
    }
  }

  @Test("The screenshot fails as a URL with Apple's message")
  func screenshotURL() async throws {
    let work = try ProfileWorkDirectory()
    defer { work.remove() }
    let items = try ProfileCorpus.profile("screenshot-markup").makeExtensionItems(
      corpus: ProfileCorpus.directory, workDirectory: work.url)
    let provider = try #require(items.first?.attachments?.first)
    let (_, error) = await ProfileLoads.item(provider, "public.png", expecting: NSURL.self) {
      $0.map { "\($0)" }
    }
    #expect(error?.localizedDescription == "Cannot load an object of class NSURL")
    #expect(!provider.canLoadObject(ofClass: URL.self))
  }

  @Test("A Notes scan loaded as an item file is a property list, not the PDF")
  func notesScan() async throws {
    let work = try ProfileWorkDirectory()
    defer { work.remove() }
    let items = try ProfileCorpus.profile("notes-scanned-pdf").makeExtensionItems(
      corpus: ProfileCorpus.directory, workDirectory: work.url)
    let provider = try #require(items.first?.attachments?.first)
    #expect(!provider.hasItemConformingToTypeIdentifier("com.adobe.pdf"))
    let (_, pdfError) = await ProfileLoads.fileBytes(provider, "com.adobe.pdf")
    #expect(pdfError?.code == -1000)
    // keybase/client#29549: public.item matched public.file-url, and the copy was a plist.
    let (bytes, error) = await ProfileLoads.fileBytes(provider, "public.item")
    #expect(error == nil)
    #expect(bytes?.starts(with: Array("bplist".utf8)) == true)
    // Loading the URL object and reading what it points at gives the PDF.
    let url = await withCheckedContinuation { continuation in
      provider.loadObject(ofClass: URL.self) { url, _ in continuation.resume(returning: url) }
    }
    #expect(url?.lastPathComponent == "document.pdf")
  }

  @Test("The Live Photo bundle is a folder holding the still and the movie")
  func livePhoto() async throws {
    let work = try ProfileWorkDirectory()
    defer { work.remove() }
    let items = try ProfileCorpus.profile("photos-live-photo").makeExtensionItems(
      corpus: ProfileCorpus.directory, workDirectory: work.url)
    let provider = try #require(items.first?.attachments?.first)
    let names = await withCheckedContinuation { continuation in
      _ = provider.loadFileRepresentation(forTypeIdentifier: "com.apple.live-photo-bundle") {
        url, _ in
        let listing = url.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) }
        continuation.resume(returning: (url?.lastPathComponent, listing?.sorted()))
      }
    }
    #expect(names.0 == "IMG_0413.pvt")
    #expect(names.1 == ["photo.heic", "video.mov"])
  }

  @Test("A missing corpus file stops the build, naming it")
  func missingCorpusFile() throws {
    let work = try ProfileWorkDirectory()
    defer { work.remove() }
    let profile = try ProfileCorpus.profile("photos-photo")
    let error = #expect(throws: SourceProfileError.self) {
      _ = try profile.makeExtensionItems(corpus: work.url, workDirectory: work.url)
    }
    guard case .missingCorpusFile(let file, _, _)? = error else {
      Issue.record("expected missingCorpusFile, got \(String(describing: error))")
      return
    }
    #expect(file == "files/photo.heic")
    #expect(error?.description.contains("files/photo.heic") == true)
  }
}
