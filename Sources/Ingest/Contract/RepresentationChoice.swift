import ItemProvider

/// The representation taken from one attachment, and why.
public struct RepresentationChoice: Sendable, Hashable, CustomStringConvertible {
  /// A registered type that came earlier in fidelity order but was not taken, and why.
  public struct PassedOver: Sendable, Hashable {
    /// The registered type.
    public var typeIdentifier: String
    /// Why it was not taken.
    public var reason: String
  }

  /// The registered type taken: the earliest that conforms to an accepted type.
  public var typeIdentifier: String
  /// The accepted type it conforms to.
  public var acceptedAs: String
  /// How the source registered it, which decides how it is loaded.
  public var delivery: NSItemProvider.RegisteredDelivery
  /// What it becomes in the manifest.
  public var kind: ShareManifest.Item.Kind
  /// Earlier registered types that were passed over.
  public var passedOver: [PassedOver]

  /// `public.heic (file), the first registered type that is a public.image`, with what was
  /// passed over.
  public var description: String {
    var text =
      "\(typeIdentifier) (\(delivery)), the first registered type that is \(acceptedAs)"
    if !passedOver.isEmpty {
      text +=
        "; passed over "
        + passedOver.map { "\($0.typeIdentifier) (\($0.reason))" }.joined(separator: ", ")
    }
    return text
  }
}
