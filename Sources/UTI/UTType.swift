import Foundation

/// A type of data: a file format, an in-memory representation, or an abstract category such as
/// "image".
///
/// Mirrors `UniformTypeIdentifiers.UTType`, so code written for iOS compiles here with only its
/// imports changed. Types form a directed acyclic graph: `public.heic` conforms to
/// `public.heif-standard`, which conforms to `public.image`, which conforms to both
/// `public.data` and `public.content`.
///
/// Two types are equal when their identifiers are equal ignoring case, as on Apple platforms.
/// `conforms(to:)` between two declared types is a single bit test in a precomputed closure.
public struct UTType: Sendable {
  /// Where the type's facts live: one reference, so copying a type costs one retain.
  @usableFromInline
  enum Storage: Sendable {
    /// Declared in a graph (the built-in catalogue, or one with application declarations), at
    /// `index`.
    case declared(TypeGraph)
    /// Not declared: dynamic or ad hoc.
    case undeclared(UndeclaredType)
  }

  @usableFromInline let storage: Storage
  /// The type's index in its graph, or -1 when undeclared.
  @usableFromInline let index: Int32

  init(graph: TypeGraph, index: Int32) {
    self.storage = .declared(graph)
    self.index = index
  }

  /// Whether `graph` declares this type, without touching reference counts.
  func isDeclared(in graph: TypeGraph) -> Bool {
    switch storage {
    case .declared(let own): own === graph
    case .undeclared: false
    }
  }

  /// The graph that declares the type, or nil for an undeclared type.
  var declaredGraph: TypeGraph? {
    switch storage {
    case .declared(let graph): graph
    case .undeclared: nil
    }
  }

  init(identifier: String, graph: TypeGraph, undeclared: UndeclaredTypeFacts) {
    self.storage = .undeclared(
      UndeclaredType(identifier: identifier, graph: graph, facts: undeclared))
    self.index = -1
  }

  /// The type's identifier, such as `public.jpeg`. For declared types this is the declared
  /// spelling, whatever case was used to look the type up.
  public var identifier: String {
    switch storage {
    case .declared(let graph): graph.identifier(of: index)
    case .undeclared(let type): type.identifier
    }
  }

  /// The graph the type was resolved in.
  var graph: TypeGraph {
    switch storage {
    case .declared(let graph): graph
    case .undeclared(let type): type.graph
    }
  }

  /// The facts of an undeclared type, or nil.
  var undeclared: UndeclaredTypeFacts? {
    if case .undeclared(let type) = storage { return type.facts }
    return nil
  }

  /// The declaration behind a declared type, or nil (for the `UTType.h` functions that
  /// return it, `UTTypeCopyDeclaration` and `UTTypeCopyDeclaringBundleURL`).
  package var declaration: UTTypeDeclaration? {
    declaredGraph?.declaration(of: index)
  }

  /// The identifier folded to lower case: the identity used by `==` and `hash(into:)`.
  var key: String {
    switch storage {
    case .declared(let graph): graph.key(of: index)
    case .undeclared(let type): type.key
    }
  }
}

/// What is known about a type that no declaration describes.
struct UndeclaredTypeFacts: Sendable {
  var parents: [UTType]
  var tags: [UTTagClass: [String]]
  var isDynamic: Bool
}

/// An undeclared type's identity and facts, with the graph it was made against.
@usableFromInline
final class UndeclaredType: Sendable {
  let identifier: String
  let key: String
  let graph: TypeGraph
  let facts: UndeclaredTypeFacts

  init(identifier: String, graph: TypeGraph, facts: UndeclaredTypeFacts) {
    self.identifier = identifier
    self.key = identifier.asciiLowercased()
    self.graph = graph
    self.facts = facts
  }
}

// MARK: - Creating types

extension UTType {
  /// Creates a type from its identifier, or nil when no such type is declared.
  ///
  /// Dynamic identifiers (`dyn.…`) are decoded back into the tag they carry; a malformed one
  /// gives nil.
  public init?(_ identifier: String) {
    guard let type = UTTypeRegistry.shared.type(withIdentifier: identifier) else { return nil }
    self = type
  }

  /// Creates a type the application exports, as declared in its `UTExportedTypeDeclarations`.
  ///
  /// If no registered declaration has this identifier, the type is still created, conforming to
  /// `parentType` when one is given (Apple logs a warning in that case and does the same).
  public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
    self = UTTypeRegistry.shared.type(declaring: identifier, conformingTo: parentType)
  }

  /// Creates a type the application imports, as declared in its `UTImportedTypeDeclarations`.
  ///
  /// If no declaration has this identifier, the type is created conforming to `parentType`.
  public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
    self = UTTypeRegistry.shared.type(declaring: identifier, conformingTo: parentType)
  }
}

// MARK: - Identity

extension UTType: Hashable {
  /// Whether two types have the same identifier, ignoring case.
  public static func == (lhs: UTType, rhs: UTType) -> Bool {
    if case .declared(let left) = lhs.storage, case .declared(let right) = rhs.storage,
      left === right
    {
      return lhs.index == rhs.index
    }
    return lhs.key == rhs.key
  }

  /// Hashes the case-folded identifier.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
  }
}

extension UTType: CustomStringConvertible, CustomDebugStringConvertible {
  /// The identifier.
  public var description: String { identifier }

  /// The identifier and, for declared types, the description.
  public var debugDescription: String {
    if let text = localizedDescription { return "\(identifier) (\(text))" }
    return identifier
  }
}

extension UTType: Codable {
  /// Decodes a type from its identifier; an undeclared identifier decodes to an undeclared
  /// type rather than failing, as Apple's implementation does.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let identifier = try container.decode(String.self)
    self = UTType(identifier) ?? UTType(importedAs: identifier)
  }

  /// Encodes the identifier.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(identifier)
  }
}

// MARK: - Conformance

extension UTType {
  /// Whether this type is `type` or a subtype of it, directly or through any chain of parents.
  ///
  /// Reflexive and transitive. Between two declared types this is one bit test.
  @inlinable
  public func conforms(to type: UTType) -> Bool {
    if case .declared(let graph) = storage, case .declared(let other) = type.storage,
      graph === other
    {
      return graph.conforms(index, to: type.index)
    }
    return slowConforms(to: type)
  }

  /// Conformance when the two types do not share a graph or one is undeclared.
  @usableFromInline
  func slowConforms(to type: UTType) -> Bool {
    if self == type { return true }
    if let graph = declaredGraph {
      // Declared here: resolve the other type in this graph.
      guard let other = graph.index(of: type.identifier) else { return false }
      return graph.conforms(index, to: other)
    }
    return undeclared?.parents.contains { $0.conforms(to: type) } ?? false
  }

  /// Whether this type conforms to `type` and is not equal to it.
  public func isSubtype(of type: UTType) -> Bool {
    self != type && conforms(to: type)
  }

  /// Whether `type` conforms to this type and is not equal to it.
  public func isSupertype(of type: UTType) -> Bool {
    self != type && type.conforms(to: self)
  }

  /// Every type this type conforms to, except itself.
  ///
  /// Ordered as Apple lists them: depth-first pre-order over each type's declared parents in
  /// declared order, each type once. `public.heic` gives `public.heif-standard`,
  /// `public.image`, `public.data`, `public.item`, `public.content`. The collection also offers
  /// set operations, as Apple's `Set<UTType>` does.
  public var supertypes: UTTypeSet {
    if let graph = declaredGraph {
      return UTTypeSet(graph.supertypeIndexes(of: index).map { UTType(graph: graph, index: $0) })
    }
    var result = UTTypeSet()
    for parent in undeclared?.parents ?? [] where parent != self {
      result.insert(parent)
      for ancestor in parent.supertypes where ancestor != self {
        result.insert(ancestor)
      }
    }
    return result
  }
}

// MARK: - Declaration details

extension UTType {
  /// The types this type directly declares conformance to, in declared order.
  ///
  /// Not an Apple API: Apple exposes only `supertypes`. Unknown parents are left out.
  public var declaredParents: [UTType] {
    if let graph = declaredGraph {
      return graph.parents(of: index).map { UTType(graph: graph, index: $0) }
    }
    return undeclared?.parents ?? []
  }

  /// The type's tags by class, each list in declared order.
  public var tags: [UTTagClass: [String]] {
    declaration?.tags ?? undeclared?.tags ?? [:]
  }

  /// The first declared filename extension, without the leading period.
  public var preferredFilenameExtension: String? {
    tags[.filenameExtension]?.first
  }

  /// The first declared MIME type.
  public var preferredMIMEType: String? {
    tags[.mimeType]?.first
  }

  /// A human-readable description, such as "HEIC image"; nil for undeclared types.
  public var localizedDescription: String? {
    declaration?.description
  }

  /// A URL that documents the format, when the declaration gives one.
  public var referenceURL: URL? {
    declaration?.referenceURL
  }

  /// Whether a declaration (built in or registered by the application) describes the type.
  public var isDeclared: Bool { index >= 0 }

  /// Whether the type was synthesized from a tag (`dyn.…`).
  public var isDynamic: Bool { undeclared?.isDynamic ?? false }

  /// Whether the type lives in the reserved `public` domain.
  public var isPublic: Bool {
    key.hasPrefix("public.")
  }
}
