extension NSItemProvider {
  /// How a source registered a representation: what a consumer should load it with.
  ///
  /// Not in Apple's API, where a consumer cannot ask; on Linux the pipeline and tests can, so
  /// they load a representation the way it was registered instead of guessing from its type.
  public enum RegisteredDelivery: String, Sendable, Hashable, CustomStringConvertible {
    /// `registerFileRepresentation`: load with `loadFileRepresentation` (or in place).
    case file
    /// `registerDataRepresentation`: load with `loadDataRepresentation`.
    case data
    /// `registerItem`, `registerObject` or `init(item:typeIdentifier:)`: load with `loadItem`.
    case object

    /// The delivery's name.
    public var description: String { rawValue }
  }

  /// How the representation registered exactly as `typeIdentifier` delivers its content; nil
  /// when no representation has that type.
  public func registeredDelivery(forTypeIdentifier typeIdentifier: String) -> RegisteredDelivery? {
    guard let representation = representations.first(where: { $0.matchesExactly(typeIdentifier) })
    else { return nil }
    switch representation.source {
    case .file: return .file
    case .data: return .data
    case .item, .object: return .object
    }
  }
}
