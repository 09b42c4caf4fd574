import Foundation
import Synchronization
import TestSupport
import Testing

#if os(Linux)
  import ItemProvider
#endif

/// Runs the pre-iOS 14 uploader of `LegacyUploader.swift` (CFString, `UTTypeConformsTo`,
/// `UTTypeCopyPreferredTagWithClass`, `UTTypeCreatePreferredIdentifierForTag`) against every
/// source-app profile.
@Suite("Portability: a pre-iOS 14 uploader types what it receives with UTType.h")
struct LegacyUploaderPortabilityTests {
  /// One upload a device would send: the file's name (nil: any name with `fileExtension`), its
  /// MIME type and the corpus file holding its bytes.
  struct Expected: Sendable, CustomStringConvertible {
    var fileName: String?
    var fileExtension: String
    var mimeType: String
    var file: String

    init(_ fileName: String?, _ fileExtension: String, _ mimeType: String, _ file: String) {
      self.fileName = fileName
      self.fileExtension = fileExtension
      self.mimeType = mimeType
      self.file = file
    }

    var description: String { "\(fileName ?? "*.\(fileExtension)") \(mimeType)" }
  }

  /// What each profile must yield; a profile not listed yields nothing and the request is
  /// cancelled (web pages and text: no image, movie or PDF).
  static let uploads: [String: [Expected]] = [
    "files-pdf": [
      Expected("Quarterly Report.pdf", "pdf", "application/pdf", "files/document.pdf")
    ],
    "messages-image": [Expected("IMG_0416.jpg", "jpg", "image/jpeg", "files/photo.jpg")],
    // Notes hands over only a file URL: followed, and typed by its extension.
    "notes-scanned-pdf": [
      Expected("document.pdf", "pdf", "application/pdf", "files/document.pdf")
    ],
    // The bundle is not an image (com.apple.live-photo conforms to nothing); the HEIC is.
    "photos-live-photo": [Expected("IMG_0413.heic", "heic", "image/heic", "files/photo.heic")],
    "photos-photo": [Expected("IMG_0412.heic", "heic", "image/heic", "files/photo.heic")],
    "photos-three-photos": [
      Expected("IMG_0412.heic", "heic", "image/heic", "files/photo.heic"),
      Expected("IMG_0414.heic", "heic", "image/heic", "files/photo.heic"),
      Expected("IMG_0415.heic", "heic", "image/heic", "files/photo.heic"),
    ],
    "photos-video": [
      Expected("IMG_0420.mov", "mov", "video/quicktime", "files/video.mov")
    ],
    "safari-image": [Expected("photo.jpeg", "jpeg", "image/jpeg", "files/photo.jpg")],
    // An in-memory screenshot has no name.
    "screenshot-markup": [Expected(nil, "png", "image/png", "files/screenshot.png")],
  ]

  @Test("The uploader sends what a device would send", arguments: PortabilityTests.profileNames)
  func uploadsProfile(_ name: String) async throws {
    let work = try TemporaryDirectory(prefix: "LegacyUploaderTests")
    defer { work.remove() }
    let context = NSExtensionContext(
      inputItems: try PortabilityTests.extensionItems(name, work: work.url))
    let sent = Mutex<[Upload]>([])
    LegacyUploader(extensionContext: context) { upload in sent.withLock { $0.append(upload) } }
      .didSelectPost()
    let outcome = try #require(await context.waitForRequestToEnd(), "\(name): never ended")
    let uploads = sent.withLock { $0 }.sorted { $0.fileName < $1.fileName }
    let expected = Self.uploads[name] ?? []
    #expect(outcome.isCompleted == !expected.isEmpty, "\(name): \(outcome)")
    try #require(uploads.count == expected.count, "\(name): \(uploads.map(\.fileName))")
    for (upload, expectation) in zip(uploads, expected) {
      if let fileName = expectation.fileName {
        #expect(upload.fileName == fileName, "\(name)")
      }
      #expect((upload.fileName as NSString).pathExtension == expectation.fileExtension, "\(name)")
      #expect(upload.mimeType == expectation.mimeType, "\(name): \(upload.fileName)")
      let bytes = try Data(
        contentsOf: PortabilityTests.corpus.appendingPathComponent(expectation.file))
      #expect(upload.bytes == bytes, "\(name): \(upload.fileName)")
    }
  }
}
