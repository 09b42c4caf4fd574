import Foundation

/// Counts a JPEG's scans before it is decoded: each Start of Scan marker (`FF DA`) is one pass
/// of the decoder over the whole image, and a progressive JPEG may hold any number of them (a
/// 75-byte empty scan costs a 48-megapixel image 6 ms; 48 MB of them, minutes).
enum JPEGScans {
  /// The number of `FF DA` byte pairs in `data`, counted up to `limit + 1`: at least the
  /// scans a decoder can meet (a marker may follow fill bytes `FF`, never be hidden in entropy
  /// coded data, where `FF` is followed by `00`), so refusing above a limit never lets more
  /// scans through. Markers in an embedded EXIF thumbnail count too; a real image has a few.
  static func upperBound(in data: Data, stoppingAfter limit: Int) -> Int {
    data.withUnsafeBytes { buffer -> Int in
      let bytes = buffer.bindMemory(to: UInt8.self)
      guard bytes.count >= 2 else { return 0 }
      var count = 0
      var index = 0
      let last = bytes.count - 1
      while index < last {
        if bytes[index] == 0xFF, bytes[index + 1] == 0xDA {
          count += 1
          if count > limit { return count }
          index += 2
        } else {
          index += 1
        }
      }
      return count
    }
  }
}
