/// How much a property list may hold before the reader refuses it, chosen per use.
///
/// Each limit is checked before Foundation sees a byte: the size first, then, by a scan of the
/// structure, the nesting depth and the number of objects the parsed value would hold, counting
/// every reference (a binary property list can refer to one object many times, and Foundation
/// builds it again for each: eight levels of arrays holding sixteen references to the next level
/// are 240 bytes that expand to four billion objects).
public struct PropertyListLimits: Sendable, Hashable {
  /// The largest input accepted, in bytes.
  public var maximumByteCount: Int
  /// The deepest nesting accepted: the top-level value is at depth 1, a value in a top-level
  /// array or dictionary at depth 2.
  public var maximumDepth: Int
  /// The most objects the parsed value may hold, counting every reference to a shared object
  /// and every dictionary key.
  public var maximumObjectCount: Int

  /// Creates limits.
  public init(maximumByteCount: Int, maximumDepth: Int, maximumObjectCount: Int) {
    self.maximumByteCount = maximumByteCount
    self.maximumDepth = maximumDepth
    self.maximumObjectCount = maximumObjectCount
  }

  /// An `Info.plist` (a rule file, an app's type declarations): 1 MiB, 64 levels, 100,000
  /// objects.
  ///
  /// A real `Info.plist` is a few kilobytes, and one that declares hundreds of document types
  /// reaches a few hundred; its values nest about six deep
  /// (`NSExtension/NSExtensionAttributes/NSExtensionActivationRule/…`) and hold a few thousand
  /// objects. The limits leave several times that while keeping what Foundation builds from an
  /// accepted file near 10 MB (about 100 bytes per object).
  public static let infoPlist = PropertyListLimits(
    maximumByteCount: 1 << 20, maximumDepth: 64, maximumObjectCount: 100_000)
}
