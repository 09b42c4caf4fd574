import Foundation

/// One attachment of a share as an activation rule sees it: what an `NSItemProvider` tells the
/// system before anything is loaded.
///
/// The rule sees `registeredTypeIdentifiers` in registration (fidelity) order. The dictionary
/// form also needs two facts a predicate cannot see: the URL value behind a `public.url`
/// representation (a web URL must be http or https) and whether any representation is a file.
public struct ActivationAttachment: Sendable {
  /// The type identifiers of the registered representations, in registration order.
  public let registeredTypeIdentifiers: [String]
  /// The value of the attachment's URL representation, when known.
  public let url: URL?
  /// Whether some representation is delivered as a file or directory
  /// (`registerFileRepresentation`), which the dictionary form counts as a file.
  public let hasFileRepresentation: Bool
  /// The provider's suggested file name, when it has one.
  public let suggestedName: String?
  /// The identifiers resolved to types once, for fast `UTI-CONFORMS-TO`.
  let resolvedTypes: [PredicateTypeIdentifier]

  /// Creates an attachment.
  /// - Parameters:
  ///   - registeredTypeIdentifiers: The registered type identifiers, in registration order.
  ///   - url: The value of the URL representation, when there is one and it is known.
  ///   - hasFileRepresentation: Whether a representation is delivered as a file or directory.
  ///   - suggestedName: The provider's suggested name.
  public init(
    registeredTypeIdentifiers: [String], url: URL? = nil, hasFileRepresentation: Bool = false,
    suggestedName: String? = nil
  ) {
    self.registeredTypeIdentifiers = registeredTypeIdentifiers
    self.url = url
    self.hasFileRepresentation = hasFileRepresentation
    self.suggestedName = suggestedName
    self.resolvedTypes = registeredTypeIdentifiers.map(PredicateTypeIdentifier.init)
  }

  /// The URL value when it is an http or https URL.
  public var webURL: URL? {
    guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    return url
  }

  /// A short description for explanations: the identifiers, and the URL's scheme when known.
  public var summary: String {
    var text =
      registeredTypeIdentifiers.isEmpty
      ? "no registered types" : registeredTypeIdentifiers.joined(separator: ", ")
    if let scheme = url?.scheme { text += "; \(scheme): URL" }
    if hasFileRepresentation { text += "; file" }
    return text
  }
}
