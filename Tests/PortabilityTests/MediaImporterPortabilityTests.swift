import Foundation
import Testing

#if os(Linux)
  import ItemProvider
#endif

/// Runs `MediaImporter.swift` (abstract types asked for, files typed by their extension) against
/// every source-app profile.
@Suite("Portability: the delivered file is named as on a device, so apps can type it")
struct MediaImporterPortabilityTests {
  /// The files each profile must leave in `Media/`, by name, with the corpus file they copy; a
  /// profile not listed has no photo or video and the request is cancelled. A nil name is the
  /// anonymous one a device gives an in-memory image (`.com.apple.Foundation.NSItemProvider.
  /// XXXXXX.png`).
  static let imports: [String: [(name: String?, file: String)]] = [
    "photos-photo": [("IMG_0412.heic", "files/photo.heic")],
    "photos-three-photos": [
      ("IMG_0412.heic", "files/photo.heic"), ("IMG_0414.heic", "files/photo.heic"),
      ("IMG_0415.heic", "files/photo.heic"),
    ],
    "photos-live-photo": [("IMG_0413.heic", "files/photo.heic")],
    "photos-video": [("IMG_0420.mov", "files/video.mov")],
    "messages-image": [("IMG_0416.jpg", "files/photo.jpg")],
    "safari-image": [("photo.jpeg", "files/photo.jpg")],
    "screenshot-markup": [(nil, "files/screenshot.png")],
  ]

  @Test(
    "Photos and videos land under their names, typed by extension",
    arguments: PortabilityTests.profileNames)
  func importsProfile(_ name: String) async throws {
    let group = try PortabilityTests.AppGroup()
    defer { group.remove() }
    let context = NSExtensionContext(
      inputItems: try PortabilityTests.extensionItems(
        name, work: group.directory.appendingPathComponent("work")))
    MediaImporter(appGroupIdentifier: group.identifier).importMedia(from: context)
    let outcome = try #require(await context.waitForRequestToEnd(), "\(name): never ended")
    let media = group.directory.appendingPathComponent("container/Media")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? []).sorted()
    guard let expected = Self.imports[name] else {
      #expect(!outcome.isCompleted, "\(name)")
      #expect(names.isEmpty, "\(name): \(names)")
      return
    }
    #expect(outcome.isCompleted, "\(name): \(outcome)")
    try #require(names.count == expected.count, "\(name): \(names)")
    for (found, expectation) in zip(names, expected) {
      if let expectedName = expectation.name {
        #expect(found == expectedName, "\(name)")
      } else {
        #expect(found.hasPrefix(".com.apple.Foundation.NSItemProvider."), "\(name): \(found)")
        #expect(found.hasSuffix(".png"), "\(name): \(found)")
      }
      let bytes = try Data(contentsOf: media.appendingPathComponent(found))
      let expected = PortabilityTests.corpus.appendingPathComponent(expectation.file)
      #expect(bytes == (try Data(contentsOf: expected)), "\(name): \(found)")
    }
  }
}
