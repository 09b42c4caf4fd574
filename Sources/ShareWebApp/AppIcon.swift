import ImageCodecs
import Synchronization

/// The app's icon, drawn by the server and encoded as PNG through `ImageCodecs` (the project
/// ships no image of its own): a white tray with an arrow into it on the theme colour, filling
/// the square, with the drawing inside the middle 60% so a launcher's mask (`maskable`) never
/// cuts it.
///
/// Each size is drawn the first time it is asked for and kept (a few kilobytes).
final class AppIcon: Sendable {
  /// The sizes the manifest lists: Chrome installs an app with a 192 and a 512 pixel icon.
  static let sizes = [192, 512]

  private let cache = Mutex<[Int: [UInt8]]>([:])

  /// The PNG of the icon `size` pixels square; nil for a size the manifest does not list, or
  /// when encoding fails.
  func png(size: Int) -> [UInt8]? {
    guard Self.sizes.contains(size) else { return nil }
    if let cached = cache.withLock({ $0[size] }) { return cached }
    guard let png = try? ImageEncoder.png(Self.draw(size: size)) else { return nil }
    let bytes = Array(png)
    cache.withLock { $0[size] = bytes }
    return bytes
  }

  /// The icon's pixels: each the mean of 2x2 samples of the shapes, so edges are smooth.
  static func draw(size: Int) -> PixelImage {
    let background: (UInt8, UInt8, UInt8) = (0x1D, 0x5C, 0x8F)
    var samples = [UInt8](repeating: 0, count: size * size * 3)
    let step = 1 / Double(size * 2)
    for y in 0..<size {
      for x in 0..<size {
        var covered = 0
        for sy in 0..<2 {
          for sx in 0..<2 {
            let u = (Double(x * 2 + sx) + 0.5) * step
            let v = (Double(y * 2 + sy) + 0.5) * step
            if isForeground(u, v) { covered += 1 }
          }
        }
        let offset = (y * size + x) * 3
        let (r, g, b) = background
        samples[offset] = blend(r, covered)
        samples[offset + 1] = blend(g, covered)
        samples[offset + 2] = blend(b, covered)
      }
    }
    return PixelImage(width: size, height: size, layout: .rgb, samples: samples)
  }

  /// `channel` toward white by `covered` quarters.
  private static func blend(_ channel: UInt8, _ covered: Int) -> UInt8 {
    UInt8((Int(channel) * (4 - covered) + 255 * covered) / 4)
  }

  /// Whether the point (`u`, `v` in 0...1, `v` down) is on the tray or the arrow.
  private static func isForeground(_ u: Double, _ v: Double) -> Bool {
    func inside(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
      u >= x0 && u <= x1 && v >= y0 && v <= y1
    }
    // The arrow: a shaft, and a head narrowing from v = 0.46 to its point at v = 0.62.
    if inside(0.455, 0.22, 0.545, 0.5) { return true }
    if v >= 0.46 && v <= 0.62 && abs(u - 0.5) <= 0.14 * (0.62 - v) / 0.16 { return true }
    // The tray: a floor and two sides.
    return inside(0.28, 0.70, 0.72, 0.76) || inside(0.28, 0.56, 0.34, 0.76)
      || inside(0.66, 0.56, 0.72, 0.76)
  }
}
