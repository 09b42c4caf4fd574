import Foundation

/// A size as this package shows it to people, in decimal units as Finder shows them: `999 B`,
/// `53.9 KB`, `412.0 MB`, `1.1 GB`. The one format of `ingest-cli`'s sizes (progress, the
/// inbox, share reports) and of the share server's library page.
public enum ByteCountText {
  /// `count` bytes as text (see the type's discussion).
  public static func text(_ count: Int64) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"]
    var value = Double(count)
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
  }
}
