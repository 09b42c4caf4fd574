import Foundation
import ItemProvider
import TestSupport
import Testing

/// The file a file load hands out is placed and named as on a device (see `TemporaryCopy`):
/// `<tmp>/.com.apple.Foundation.NSItemProvider.XXXXXX/<name>.<extension of what was delivered>`.
@Suite("The file a file load delivers: name, extension, directory, lifetime", .onIOExecutor)
struct DeliveredFileTests {
  /// A representation, the type a consumer asks for, and the name the copy must have (nil:
  /// the anonymous name, which is its directory's, with `anonymousExtension`).
  struct Case: CustomTestStringConvertible, Sendable {
    var registered: String
    var delivery: Delivery
    var file: String
    var suggestedName: String?
    var requested: String
    var expected: String?
    var anonymousExtension = ""

    enum Delivery: Sendable {
      case file
      case data
    }

    var testDescription: String {
      "\(registered) asked as \(requested) -> \(expected ?? "<directory>.\(anonymousExtension)")"
    }

    func provider() -> NSItemProvider {
      let provider = NSItemProvider()
      let url = Corpus.file(file)
      switch delivery {
      case .file:
        provider.registerFileRepresentation(
          forTypeIdentifier: registered, fileOptions: [], visibility: .all
        ) { completion in
          completion(url, false, nil)
          return nil
        }
      case .data:
        provider.registerDataRepresentation(forTypeIdentifier: registered, visibility: .all) {
          completion in
          completion(try? Data(contentsOf: url), nil)
          return nil
        }
      }
      provider.suggestedName = suggestedName
      return provider
    }
  }

  static let cases: [Case] = [
    // Photos: a HEIC asked for as any image keeps its name and gets .heic, not no extension.
    Case(
      registered: "public.heic", delivery: .file, file: "photo.heic", suggestedName: "IMG_0412",
      requested: "public.image", expected: "IMG_0412.heic"),
    // A movie asked for as public.movie gets the extension of the movie delivered.
    Case(
      registered: "com.apple.quicktime-movie", delivery: .file, file: "video.mov",
      suggestedName: "IMG_0420", requested: "public.movie", expected: "IMG_0420.mov"),
    Case(
      registered: "public.mpeg-4", delivery: .file, file: "video.mp4",
      suggestedName: "IMG_0409.MOV", requested: "public.movie", expected: "IMG_0409.mp4"),
    // The source's own upper-case extension gives way to the delivered type's.
    Case(
      registered: "public.jpeg", delivery: .data, file: "photo.jpg",
      suggestedName: "IMG_0416.JPG", requested: "public.data", expected: "IMG_0416.jpeg"),
    // A type without an extension keeps the name's own.
    Case(
      registered: "public.image", delivery: .file, file: "photo.jpg",
      suggestedName: "IMG_0416.jpg", requested: "public.image", expected: "IMG_0416.jpg"),
    // No suggested name: the source file's name, with the delivered type's extension.
    Case(
      registered: "com.adobe.pdf", delivery: .file, file: "document.pdf", suggestedName: nil,
      requested: "public.content", expected: "document.pdf"),
    // No name at all: named like the private directory.
    Case(
      registered: "public.png", delivery: .data, file: "screenshot.png", suggestedName: nil,
      requested: "public.image", expected: nil, anonymousExtension: "png"),
    Case(
      registered: "com.example.undeclared", delivery: .data, file: "photo.jpg",
      suggestedName: nil, requested: "com.example.undeclared", expected: nil,
      anonymousExtension: "tmp"),
  ]

  @Test(
    "The copy keeps the item's name with the delivered representation's extension", arguments: cases
  )
  func names(_ test: Case) async throws {
    let (url, bytes, error) = await Loads.file(test.provider(), test.requested) {
      try Data(contentsOf: $0)
    }
    #expect(error == nil)
    let copy = try #require(url)
    #expect(bytes == (try Corpus.bytes(test.file)))
    let directory = copy.deletingLastPathComponent()
    if let expected = test.expected {
      #expect(copy.lastPathComponent == expected)
    } else {
      #expect(
        copy.lastPathComponent == "\(directory.lastPathComponent).\(test.anonymousExtension)")
    }
  }

  @Test("Each load gets a fresh private directory in the temporary directory, gone afterwards")
  func directory() async throws {
    let provider = Self.cases[0].provider()
    var directories: Set<String> = []
    for _ in 0..<2 {
      let (url, mode, error) = await Loads.file(provider, "public.image") { url in
        try FileManager.default.attributesOfItem(
          atPath: url.deletingLastPathComponent().path)[.posixPermissions] as? Int
      }
      #expect(error == nil)
      let directory = try #require(url).deletingLastPathComponent()
      let name = directory.lastPathComponent
      #expect(name.hasPrefix(".com.apple.Foundation.NSItemProvider."))
      #expect(name.count == ".com.apple.Foundation.NSItemProvider.".count + 6)
      #expect(
        directory.deletingLastPathComponent().standardizedFileURL.path
          == FileManager.default.temporaryDirectory.standardizedFileURL.path)
      #expect(mode == 0o700)
      // Apple: the system deletes the file when the completion handler returns; this task
      // resumed from inside the handler, so the removal may still be under way.
      #expect(await Loads.isGone(directory.path))
      directories.insert(name)
    }
    #expect(directories.count == 2)
  }
}
