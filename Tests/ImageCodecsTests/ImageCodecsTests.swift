import Foundation
import ImageCodecs
import Sniffing
import Testing
import UTI

@Suite("Image codecs: libpng, libjpeg-turbo and libheif")
struct ImageCodecsTests {
  struct CorpusImage: Sendable, CustomTestStringConvertible {
    var name: String
    var format: ImageFormat
    var width: Int
    var height: Int
    var testDescription: String { "\(name): \(format) \(width)x\(height)" }
  }

  static let corpusImages = [
    CorpusImage(name: "photo.jpg", format: .jpeg, width: 64, height: 48),
    CorpusImage(name: "screenshot.png", format: .png, width: 120, height: 80),
    CorpusImage(name: "photo.heic", format: .heif, width: 64, height: 48),
    CorpusImage(name: "image.avif", format: .avif, width: 32, height: 24),
  ]

  @Test("The corpus images decode at their size", arguments: corpusImages)
  func decodesCorpus(_ sample: CorpusImage) throws {
    let data = try ImageSamples.corpus(sample.name)
    let header = try ImageDecoder.header(of: data)
    #expect(
      header
        == ImageHeader(
          format: sample.format, width: sample.width, height: sample.height, orientation: .up))
    let image = try ImageDecoder.decode(data)
    #expect(image.width == sample.width)
    #expect(image.height == sample.height)
    #expect(image.samples.count == sample.width * sample.height * image.layout.rawValue)
    // Real pictures, not blank buffers: more than one colour.
    #expect(Set(image.samples.prefix(4096)).count > 2)
  }

  @Test(
    "PNG round-trips losslessly, with and without alpha", arguments: [PixelImage.Layout.rgb, .rgba])
  func pngRoundTrip(_ layout: PixelImage.Layout) throws {
    let original = ImageSamples.gradient(width: 97, height: 61, layout: layout)
    let png = try ImageEncoder.png(original)
    let decoded = try ImageDecoder.decode(png)
    #expect(decoded.width == 97)
    #expect(decoded.height == 61)
    #expect(decoded.layout == layout)
    #expect(decoded.samples == original.samples)
  }

  @Test("JPEG output is a real JPEG: file, the sniffer and the decoder agree on it")
  func jpegIsReal() throws {
    let original = ImageSamples.gradient(width: 130, height: 70, striped: false)
    let jpeg = try ImageEncoder.jpeg(original, quality: 0.8)
    #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
    let decoded = try ImageDecoder.decode(jpeg)
    #expect(decoded.width == 130 && decoded.height == 70)
    // Lossy but close: a smooth picture is off by a level or two on average at quality 80.
    let error = zip(decoded.samples, original.samples).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    #expect(Double(error) / Double(original.samples.count) < 3)
    let sniffer = ContentSniffer()
    #expect(try sniffer.sniff(data: jpeg).type.identifier == "public.jpeg")
    if let description = try ImageSamples.fileCommand(jpeg) {
      #expect(description.hasPrefix("JPEG image data"), "\(description)")
      #expect(description.contains("130x70"), "\(description)")
    }
    let png = try ImageEncoder.png(original)
    #expect(try sniffer.sniff(data: png).type.identifier == "public.png")
    if let description = try ImageSamples.fileCommand(png) {
      #expect(description.hasPrefix("PNG image data, 130 x 70, 8-bit/color RGB"), "\(description)")
    }
  }

  @Test("Quality changes the size: a lower quality gives a smaller file")
  func qualityMatters() throws {
    let original = ImageSamples.gradient(width: 200, height: 200)
    let small = try ImageEncoder.jpeg(original, quality: 0.2)
    let large = try ImageEncoder.jpeg(original, quality: 0.95)
    #expect(small.count < large.count)
  }

  @Test("Transparent pixels are laid on black in a JPEG, as ImageIO does")
  func alphaOnBlack() throws {
    var samples = [UInt8]()
    for _ in 0..<(16 * 16) { samples += [250, 250, 250, 0] }  // white, fully transparent
    let image = PixelImage(width: 16, height: 16, layout: .rgba, samples: samples)
    let decoded = try ImageDecoder.decode(try ImageEncoder.jpeg(image, quality: 0.9))
    #expect(decoded.samples.allSatisfy { $0 < 8 })
  }

  @Test(
    "A JPEG's orientation is kept as EXIF, read back, and left out of PNG",
    arguments: ImageOrientation.allCases)
  func orientation(_ orientation: ImageOrientation) throws {
    var image = ImageSamples.gradient(width: 40, height: 20)
    image.orientation = orientation
    let jpeg = try ImageEncoder.jpeg(image, quality: 0.8)
    let header = try ImageDecoder.header(of: jpeg)
    #expect(header.orientation == orientation)
    #expect(header.width == 40 && header.height == 20)  // stored as is, turned when shown
    #expect(try ImageDecoder.decode(jpeg).orientation == orientation)
    if let description = try ImageSamples.fileCommand(jpeg), orientation != .up {
      #expect(description.contains("orientation="), "\(description)")
    }
    let png = try ImageEncoder.png(image)
    #expect(try ImageDecoder.header(of: png).orientation == .up)
  }

  @Test("What cannot be decoded says why")
  func failures() throws {
    #expect(throws: ImageCodecError.unsupportedFormat("a GIF image")) {
      try ImageDecoder.decode(try ImageSamples.corpus("image.gif"))
    }
    #expect(throws: ImageCodecError.unsupportedFormat("data that is not an image")) {
      try ImageDecoder.decode(Data("hello".utf8))
    }
    #expect(throws: ImageCodecError.tooLarge(width: 70_000, height: 70_000)) {
      try ImageDecoder.decode(ImageSamples.pngHeader(width: 70_000, height: 70_000))
    }
    let truncated = try ImageSamples.corpus("truncated.png")
    do {
      _ = try ImageDecoder.decode(truncated)
      Issue.record("a truncated PNG decoded")
    } catch {
      guard case .corrupt(let format, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(format == "PNG")
    }
    // A JPEG cut short still gives a whole picture, grey where data was missing.
    let jpeg = try ImageSamples.corpus("photo.jpg")
    let cut = try ImageDecoder.decode(jpeg.prefix(jpeg.count - 40))
    #expect(cut.width == 64 && cut.height == 48)
  }
}
