import Foundation
import ImageCodecs
import TestSupport
import Testing

/// Decoding is bounded by what is decoded, not by what a header claims (issue 42): a HEIF
/// grid's size is its own data's, a progressive JPEG's scans are counted before decoding, and
/// a damaged HEIC is refused with an error, never a crash.
@Suite("Decoding bounded by what is decoded")
struct BoundedDecodingTests {
  @Test("A 10000x10000 grid in a tiny HEIF whose ispe claims 64x64 is refused before decoding")
  func gridLyingAboutItsSize() throws {
    let data = HostileImages.heifGrid(outputWidth: 10_000, outputHeight: 10_000)
    #expect(data.count < 600)
    let header = try ImageDecoder.header(of: data)
    #expect(header.width == 10_000 && header.height == 10_000)
    #expect(throws: ImageCodecError.tooLarge(width: 10_000, height: 10_000)) {
      try ImageDecoder.decode(data, maximumPixels: 48_000_000)
    }
    // 32-bit sizes too, past the default limit.
    let huge = HostileImages.heifGrid(outputWidth: 70_000, outputHeight: 70_000)
    #expect(throws: ImageCodecError.tooLarge(width: 70_000, height: 70_000)) {
      try ImageDecoder.decode(huge)
    }
  }

  @Test("A grid of more tiles than are decoded is refused, whatever its size")
  func tooManyTiles() throws {
    let data = HostileImages.heifGrid(
      outputWidth: 33 * 64, outputHeight: 32 * 64, rows: 32, columns: 33)
    #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(data) }
    do {
      _ = try ImageDecoder.decode(data)
    } catch {
      guard case .exceedsLimit(let format, let reason) = error else {
        Issue.record("expected exceedsLimit, got \(error)")
        return
      }
      #expect(format == "HEIF")
      #expect(reason.contains("1056 tiles"), "\(reason)")
    }
  }

  @Test("A progressive JPEG of more scans than are decoded is refused; one of a few decodes")
  func manyScans() throws {
    let few = HostileImages.progressiveJPEG(width: 64, height: 48, scans: 5)
    let image = try ImageDecoder.decode(few)
    #expect(image.width == 64 && image.height == 48)
    let limit = ImageDecoder.maximumScans
    let many = HostileImages.progressiveJPEG(width: 64, height: 48, scans: 1_000)
    #expect(many.count < 20_000)
    do {
      _ = try ImageDecoder.decode(many)
      Issue.record("a JPEG of 1,000 scans was decoded")
    } catch {
      guard case .exceedsLimit(let format, let reason) = error else {
        Issue.record("expected exceedsLimit, got \(error)")
        return
      }
      #expect(format == "JPEG")
      #expect(reason.contains("\(limit) scans"), "\(reason)")
    }
    // Just under the limit still decodes (the DC scan counts as one).
    let most = HostileImages.progressiveJPEG(width: 64, height: 48, scans: limit - 1)
    #expect(try ImageDecoder.decode(most).width == 64)
  }

  @Test("A HEIC truncated anywhere, or mutated, is an error or an image, never a crash")
  func damagedHEIC() throws {
    let photo = try ImageSamples.corpus("photo.heic")
    let cut = (0..<photo.count / 7).map { photo.prefix($0 * 7) }
    let mutated = (0..<300).map {
      HostileImages.mutated(photo, edits: 1 + $0 % 6, seed: UInt64($0))
    }
    for damaged in cut + mutated {
      do {
        let image = try ImageDecoder.decode(damaged, maximumPixels: 48_000_000)
        #expect(image.width * image.height <= 48_000_000)
      } catch {
        #expect(!"\(error)".isEmpty)
      }
    }
  }
}
