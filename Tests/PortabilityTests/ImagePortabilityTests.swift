import Foundation
import ImageCodecs
import Sniffing
import TestSupport
import Testing
import UIKit

#if os(Linux)
  import ItemProvider
#endif

/// Runs `ScreenshotSaver.swift` (loadItem, `item as? UIImage`, `jpegData`) and
/// `ImagePoster.swift` (`loadObject(ofClass: UIImage.self)`, `pngData`) against every source-app
/// profile, and checks what they write as a device would have it: real JPEG and PNG files of the
/// pictures' sizes.
@Suite("Portability: images as UIImage, saved as JPEG and PNG")
struct ImagePortabilityTests {
  /// The pixel size of each image a profile shares, in order; a profile not listed shares none
  /// (links, text, PDFs) and the saver cancels the request.
  static let images: [String: [CGSize]] = [
    "photos-photo": [CGSize(width: 64, height: 48)],
    "photos-three-photos": Array(repeating: CGSize(width: 64, height: 48), count: 3),
    "photos-live-photo": [CGSize(width: 64, height: 48)],
    "messages-image": [CGSize(width: 64, height: 48)],
    "safari-image": [CGSize(width: 64, height: 48)],
    "screenshot-markup": [CGSize(width: 120, height: 80)],
  ]

  @Test(
    "The saver writes a JPEG of each image, as on a device",
    arguments: PortabilityTests.profileNames)
  func savesJPEGs(_ name: String) async throws {
    let group = try PortabilityTests.AppGroup()
    defer { group.remove() }
    let context = NSExtensionContext(
      inputItems: try PortabilityTests.extensionItems(
        name, work: group.directory.appendingPathComponent("work")))
    let saved: [SavedImage] = await withCheckedContinuation { continuation in
      ScreenshotSaver(appGroupIdentifier: group.identifier).save(context) {
        continuation.resume(returning: $0)
      }
    }
    let outcome = try #require(await context.waitForRequestToEnd(), "\(name): never ended")
    let expected = Self.images[name] ?? []
    #expect(outcome.isCompleted == !expected.isEmpty, "\(name): \(outcome)")
    try #require(saved.count == expected.count, "\(name): \(saved.count) saved")
    let sniffer = ContentSniffer()
    for (image, size) in zip(saved, expected) {
      #expect(image.size == size, "\(name)")
      #expect(image.scale == 1)
      let jpeg = try Data(contentsOf: image.file)
      let header = try ImageDecoder.header(of: jpeg)
      #expect(header.format == .jpeg, "\(name)")
      #expect(CGSize(width: header.width, height: header.height) == size, "\(name)")
      #expect(try sniffer.sniff(data: jpeg).mimeType == "image/jpeg", "\(name)")
    }
  }

  @Test("The poster gets UIImage objects and their PNGs", arguments: PortabilityTests.profileNames)
  func postsPNGs(_ name: String) async throws {
    let work = try TemporaryDirectory(prefix: "ImagePosterTests")
    defer { work.remove() }
    let context = NSExtensionContext(
      inputItems: try PortabilityTests.extensionItems(name, work: work.url))
    let posted: [PostedImage] = await withCheckedContinuation { continuation in
      ImagePoster().images(in: context) { continuation.resume(returning: $0) }
    }
    let expected = Self.images[name] ?? []
    try #require(posted.count == expected.count, "\(name): \(posted.count) posted")
    for (image, size) in zip(posted, expected) {
      #expect(image.size == size, "\(name)")
      #expect(image.orientation == .up)
      let header = try ImageDecoder.header(of: image.png)
      #expect(header.format == .png)
      #expect(CGSize(width: header.width, height: header.height) == size, "\(name)")
    }
  }

  /// A camera JPEG stored landscape (64x40) with EXIF orientation 6, as an iPhone writes a
  /// portrait photo.
  static func portraitPhoto() throws -> Data {
    var samples: [UInt8] = []
    for y in 0..<40 {
      for x in 0..<64 { samples += [UInt8(x * 4), UInt8(y * 6), 128] }
    }
    var pixels = PixelImage(width: 64, height: 40, layout: .rgb, samples: samples)
    pixels.orientation = ImageOrientation.right
    return try ImageEncoder.jpeg(pixels, quality: 0.9)
  }

  @Test("A portrait photo: size turned, orientation kept in the JPEG, lost in the PNG")
  func orientation() async throws {
    let photo = try Self.portraitPhoto()
    let provider = NSItemProvider()
    provider.registerDataRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) {
      completion in
      completion(photo, nil)
      return nil
    }
    let item = NSExtensionItem()
    item.attachments = [provider]
    let posted: [PostedImage] = await withCheckedContinuation { continuation in
      ImagePoster().images(in: NSExtensionContext(inputItems: [item])) {
        continuation.resume(returning: $0)
      }
    }
    let image = try #require(posted.first)
    // UIKit: size is in the displayed orientation; the pixels stay as stored.
    #expect(image.size == CGSize(width: 40, height: 64))
    #expect(image.orientation == .right)
    // pngData() writes the stored pixels and cannot say how to turn them (as on iOS).
    let png = try ImageDecoder.header(of: image.png)
    #expect(png.width == 64 && png.height == 40 && png.orientation == .up)
    // jpegData keeps the orientation as EXIF.
    let reloaded = try #require(UIImage(data: photo)?.jpegData(compressionQuality: 0.8))
    let jpeg = try ImageDecoder.header(of: reloaded)
    #expect(jpeg.width == 64 && jpeg.height == 40 && jpeg.orientation == .right)
    #expect(UIImage(data: reloaded)?.size == CGSize(width: 40, height: 64))
  }

  @Test("UIImage keeps a scale, and says why it cannot encode what it cannot decode")
  func scaleAndFailures() throws {
    let png = try Data(
      contentsOf: PortabilityTests.corpus.appendingPathComponent("files/screenshot.png"))
    let image = try #require(UIImage(data: png, scale: 2))
    #expect(image.scale == 2)
    #expect(image.size == CGSize(width: 60, height: 40))
    #expect(UIImage(data: Data("not an image".utf8)) == nil)
    let gif = try Data(
      contentsOf: PortabilityTests.corpus.appendingPathComponent("files/image.gif"))
    let undecoded = try #require(UIImage(data: gif))
    #expect(undecoded.size == .zero)
    #expect(undecoded.jpegData(compressionQuality: 0.8) == nil)
    #expect(throws: ImageCodecError.unsupportedFormat("a GIF image")) {
      try undecoded.encodedJPEG(compressionQuality: 0.8)
    }
  }
}
