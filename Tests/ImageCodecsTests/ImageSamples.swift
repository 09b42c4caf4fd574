import Foundation
import ImageCodecs
import SystemCalls
import TestSupport

/// Images the codec tests make and read.
enum ImageSamples {
  static func corpus(_ name: String) throws -> Data {
    try Data(contentsOf: ProjectPaths.corpus.appendingPathComponent("files/\(name)"))
  }

  /// A width×height picture whose every pixel differs from its neighbours (a gradient with a
  /// diagonal stripe, or without it for a `striped: false` smooth one), so a transposed,
  /// mirrored or shifted copy never compares equal.
  static func gradient(
    width: Int, height: Int, layout: PixelImage.Layout = .rgb, striped: Bool = true
  ) -> PixelImage {
    var samples = [UInt8]()
    samples.reserveCapacity(width * height * layout.rawValue)
    for y in 0..<height {
      for x in 0..<width {
        samples.append(UInt8(truncatingIfNeeded: x * 255 / max(width - 1, 1)))
        samples.append(UInt8(truncatingIfNeeded: y * 255 / max(height - 1, 1)))
        let smooth = UInt8(truncatingIfNeeded: (x + y) * 255 / max(width + height - 2, 1))
        samples.append(striped ? ((x + 2 * y) % 16 < 8 ? 40 : 220) : smooth)
        if layout == .rgba { samples.append(UInt8(truncatingIfNeeded: (x * 7 + y) % 256)) }
      }
    }
    return PixelImage(width: width, height: height, layout: layout, samples: samples)
  }

  /// A PNG holding only a signature, an IHDR chunk announcing `width`×`height` RGB pixels and
  /// IEND: enough for a header read, never for a decode.
  static func pngHeader(width: UInt32, height: UInt32) -> Data {
    var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var ihdr = Data("IHDR".utf8)
    for value in [width, height] {
      ihdr.append(contentsOf: withUnsafeBytes(of: value.bigEndian) { Array($0) })
    }
    ihdr.append(contentsOf: [8, 2, 0, 0, 0])  // 8-bit RGB, deflate, no filter, no interlace
    data.append(contentsOf: withUnsafeBytes(of: UInt32(13).bigEndian) { Array($0) })
    data.append(ihdr)
    data.append(contentsOf: withUnsafeBytes(of: crc32(ihdr).bigEndian) { Array($0) })
    // An empty IDAT: libpng reads the header up to the first IDAT.
    let idat = Data("IDAT".utf8)
    data.append(contentsOf: [0, 0, 0, 0])
    data.append(idat)
    data.append(contentsOf: withUnsafeBytes(of: crc32(idat).bigEndian) { Array($0) })
    let iend = Data("IEND".utf8)
    data.append(contentsOf: [0, 0, 0, 0])
    data.append(iend)
    data.append(contentsOf: withUnsafeBytes(of: crc32(iend).bigEndian) { Array($0) })
    return data
  }

  /// The CRC-32 PNG chunks carry (ISO 3309).
  static func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  /// What the `file` command says about `data`, or nil when `file` is not installed.
  static func fileCommand(_ data: Data) throws -> String? {
    let file = ["/usr/bin/file", "/bin/file"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let file else { return nil }
    let directory = try TemporaryDirectory(prefix: "ImageCodecsTests")
    defer { directory.remove() }
    let url = try directory.file("sample", contents: data)
    let output = try ChildProcess.run(file, arguments: ["-b", url.path])
    return output.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
