import Foundation
import UTI

/// The load handler of a data representation: it answers through the completion it is given.
typealias DataLoadHandler =
  @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?

/// The load handler of a file representation: a URL, whether access must be coordinated, or an
/// error.
typealias FileLoadHandler =
  @Sendable (@escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress?

/// One registered representation of an item: its type, who may see it, and where its bytes
/// come from.
struct Representation: Sendable {
  /// Where a representation's content comes from.
  enum Source: Sendable {
    /// `registerDataRepresentation`.
    case data(DataLoadHandler)
    /// `registerFileRepresentation`.
    case file(FileLoadHandler)
    /// `registerItem` or `init(item:typeIdentifier:)`: the coercing interface.
    case item(NSItemProvider.LoadHandler)
    /// `registerObject` or `init(object:)`.
    case object(any NSItemProviderWriting)
  }

  let typeIdentifier: String
  /// The declared type, resolved once at registration; nil for identifiers the catalogue does
  /// not declare, which then match only themselves.
  let type: UTType?
  let visibility: NSItemProviderRepresentationVisibility
  let fileOptions: NSItemProviderFileOptions
  let source: Source

  init(
    typeIdentifier: String,
    visibility: NSItemProviderRepresentationVisibility,
    fileOptions: NSItemProviderFileOptions = [],
    source: Source
  ) {
    self.typeIdentifier = typeIdentifier
    self.type = UTType(typeIdentifier)
    self.visibility = visibility
    self.fileOptions = fileOptions
    self.source = source
  }

  /// Whether this representation can be opened in place.
  var opensInPlace: Bool {
    if case .file = source { return fileOptions.contains(.openInPlace) }
    return false
  }

  /// Whether this representation's type is `identifier` or conforms to it.
  func conforms(to identifier: String) -> Bool {
    if typeIdentifier.isSameIdentifier(as: identifier) { return true }
    guard let type, let other = UTType(identifier) else { return false }
    return type.conforms(to: other)
  }

  /// Whether this representation's type is `identifier` exactly (ignoring case).
  func matchesExactly(_ identifier: String) -> Bool {
    typeIdentifier.isSameIdentifier(as: identifier)
  }
}

extension Array where Element == Representation {
  /// The representation a load of `identifier` uses: an exact match first, else the first one,
  /// in registration (fidelity) order, whose type conforms to it.
  func best(for identifier: String, where include: (Representation) -> Bool = { _ in true })
    -> Representation?
  {
    first { include($0) && $0.matchesExactly(identifier) }
      ?? first { include($0) && $0.conforms(to: identifier) }
  }
}
