/// Which processes may see a registered representation.
///
/// Mirrors Foundation's `NSItemProviderRepresentationVisibility`, with Apple's raw values. The
/// visibility is recorded with each representation and reported by
/// `NSItemProvider.visibility(forTypeIdentifier:)`; since provider and consumer share one
/// process here, it does not hide representations.
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
