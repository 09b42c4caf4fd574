import Foundation
import UTI

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
  /// The dictionary form's kind table, resolved in the same registry as `resolvedTypes`.
  let kindTypes: ResolvedKindTypes

  /// The registry the identifiers were resolved in.
  public var registry: UTTypeRegistry { kindTypes.registry }

  /// Creates an attachment.
  /// - Parameters:
  ///   - registeredTypeIdentifiers: The registered type identifiers, in registration order.
  ///   - url: The value of the URL representation, when there is one and it is known.
  ///   - hasFileRepresentation: Whether a representation is delivered as a file or directory.
  ///   - suggestedName: The provider's suggested name.
  ///   - registry: Where the identifiers resolve. A rule evaluated with another registry
  ///     resolves them again in its own.
  public init(
    registeredTypeIdentifiers: [String], url: URL? = nil, hasFileRepresentation: Bool = false,
    suggestedName: String? = nil, registry: UTTypeRegistry = .shared
  ) {
    self.registeredTypeIdentifiers = registeredTypeIdentifiers
    self.url = url
    self.hasFileRepresentation = hasFileRepresentation
    self.suggestedName = suggestedName
    self.resolvedTypes = registeredTypeIdentifiers.map {
      PredicateTypeIdentifier($0, registry: registry)
    }
    self.kindTypes = ResolvedKindTypes.resolved(in: registry)
  }

  /// The same attachment with its identifiers resolved in `registry` (itself when they are).
  ///
  /// Only the registry counts, not its snapshot: a predicate's type test looks an identifier
  /// that did not resolve up again, so types registered after the attachment was made still
  /// count there.
  func resolved(in registry: UTTypeRegistry) -> ActivationAttachment {
    if kindTypes.registry === registry { return self }
    return ActivationAttachment(
      registeredTypeIdentifiers: registeredTypeIdentifiers, url: url,
      hasFileRepresentation: hasFileRepresentation, suggestedName: suggestedName,
      registry: registry)
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
