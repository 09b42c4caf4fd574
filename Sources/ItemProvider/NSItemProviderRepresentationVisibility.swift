/// Which processes may see a registered representation.
///
/// Mirrors Foundation's `NSItemProviderRepresentationVisibility`, with Apple's raw values. The
/// visibility is recorded with each representation and reported by
/// `NSItemProvider.visibility(forTypeIdentifier:)`. It hides representations where Apple's do:
/// when items cross to an extension (`NSExtensionContext(inputItems:receiver:)`) or a provider
/// is copied for another process (`copy(visibleTo:)`); ``ItemProviderConsumer`` says how
/// processes and teams are modelled.
public enum NSItemProviderRepresentationVisibility: Int, Sendable, Hashable {
  /// Every process can see the representation.
  case all = 0
  /// Only processes from the same development team can see it.
  case team = 1
  /// Only processes in the same App Group can see it (macOS).
  case group = 2
  /// Only the originating process can see it.
  case ownProcess = 3
}
