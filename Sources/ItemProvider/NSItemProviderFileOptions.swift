/// Options that say how a file representation may be handed to a consumer.
///
/// Mirrors Foundation's `NSItemProviderFileOptions`. The default (no options) is to copy files.
public struct NSItemProviderFileOptions: OptionSet, Sendable, Hashable {
  /// The raw bit mask.
  public let rawValue: Int

  /// Creates options from a raw bit mask.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The file may be opened in place rather than copied.
  public static let openInPlace = NSItemProviderFileOptions(rawValue: 1)
}
