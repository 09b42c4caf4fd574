import Foundation
import PropertyLists
import Synchronization
import SystemCalls

/// The set of declared types that `UTType` lookups consult: the built-in system catalogue,
/// with the application's own declarations layered over it.
///
/// On Apple platforms the system and the application bundle's `Info.plist` supply declarations.
/// Here `UTTypeRegistry.shared` starts with the built-in catalogue, and an application adds its
/// `UTExportedTypeDeclarations` and `UTImportedTypeDeclarations` with
/// `registerDeclarations(fromInfoPlistAt:)`. `UTType`'s initializers use the shared one; the
/// APIs that resolve types on a caller's behalf (activation rules, the content sniffer) take a
/// registry too, defaulting to `.shared` (as NIOFileSystem's `FileSystem.shared` and its
/// instances), so tests and tools can keep an app's declarations in a registry of their own
/// and leave the shared one untouched.
///
/// Registration replaces an immutable snapshot; types created earlier keep answering from the
/// snapshot they were made in and still compare and conform correctly by identifier.
public final class UTTypeRegistry: Sendable {
  /// The registry behind `UTType("…")`, `UTType(filenameExtension:)` and the other
  /// initializers.
  public static let shared = UTTypeRegistry()

  /// The built-in catalogue, compiled at build time (`CompiledCatalogue`).
  @usableFromInline
  static var systemGraph: TypeGraph { TypeGraph.system }

  private struct State {
    var graph: TypeGraph
    var applicationDeclarations: [UTTypeDeclaration]
  }

  private let state: Mutex<State>
  /// Whether anything was ever registered. Until then the snapshot is the system graph, and
  /// lookups (one per shared file) read it without taking the lock.
  private let hasRegistered = Atomic<Bool>(false)

  /// What identifies a dynamic type: its tag, the tag's class and the parent it was asked for.
  private struct DynamicKey: Hashable {
    var tag: String
    var tagClass: String
    var parent: String?
  }

  /// Dynamic types made recently, for the graph they were made in: real shares repeat their
  /// unknown extensions, and building one (encoding, allocation) costs ten lookups.
  private let dynamicTypes = Mutex<(graph: ObjectIdentifier?, types: [DynamicKey: UTType])>(
    (nil, [:]))
  /// At most this many dynamic types are kept; the cache starts over when full.
  private static let dynamicTypeCacheLimit = 1024

  /// Creates a registry holding only the built-in system catalogue.
  public init() {
    state = Mutex(State(graph: Self.systemGraph, applicationDeclarations: []))
  }

  /// The current snapshot.
  var graph: TypeGraph {
    guard hasRegistered.load(ordering: .acquiring) else { return Self.systemGraph }
    return state.withLock { $0.graph }
  }

  /// Identifies the current snapshot of declarations; it changes whenever declarations are
  /// registered. Types resolved in a snapshot keep it alive, so a cache holding such types
  /// beside this identifier can tell whether they are still current.
  package var snapshotIdentifier: ObjectIdentifier { ObjectIdentifier(graph) }

  /// The declarations the application has registered, in registration order.
  public var applicationDeclarations: [UTTypeDeclaration] {
    state.withLock { $0.applicationDeclarations }
  }

  /// The number of declared types: system and application.
  public var declaredTypeCount: Int {
    graph.count
  }

  /// Every declared type, system types first, in declaration order.
  public var declaredTypes: [UTType] {
    let graph = self.graph
    return (0..<graph.count).map { UTType(graph: graph, index: Int32($0)) }
  }

  // MARK: Registering declarations

  /// Adds application declarations, validating them as a whole first.
  ///
  /// Nothing is registered when validation fails.
  /// - Returns: Warnings about declarations that were tolerated or ignored: an unknown parent,
  ///   an imported declaration shadowed by an exported one, a system type imported again.
  /// - Throws: `UTTypeDeclarationError` for a malformed identifier, a cycle, an attempt to
  ///   export a type the system declares, or more than ``maximumApplicationDeclarations`` in
  ///   all.
  @discardableResult
  public func register(
    _ declarations: [UTTypeDeclaration]
  ) throws(UTTypeDeclarationError) -> [UTTypeDeclarationWarning] {
    let located = declarations.enumerated().map { offset, declaration in
      LocatedDeclaration(declaration: declaration, keyPath: "declarations[\(offset)]")
    }
    return try register(located)
  }

  /// The largest `Info.plist` read for declarations: 1 MiB (`PropertyListLimits.infoPlist`,
  /// which also bounds its depth and objects). Real ones are a few kilobytes, a few hundred
  /// for an app declaring hundreds of document types.
  public static let maximumInfoPlistSize = PropertyListLimits.infoPlist.maximumByteCount

  /// The most application declarations a registry holds: 50,000.
  ///
  /// Apps declare tens of types, the largest a few thousand; the system catalogue itself holds
  /// under a thousand. A registry's memory grows about linearly with its declarations (about
  /// 1 KiB each), so the cap keeps it within tens of megabytes whatever it is given.
  public static let maximumApplicationDeclarations = 50_000

  /// Reads `UTExportedTypeDeclarations` and `UTImportedTypeDeclarations` from an XML or binary
  /// `Info.plist` and registers them.
  ///
  /// The file must be a regular file (a symbolic link to one is followed) of at most
  /// ``maximumInfoPlistSize`` bytes.
  /// - Throws: `UTTypeDeclarationError`: ``UTTypeDeclarationError/unreadableFile(_:)`` when the
  ///   file cannot be read, else naming the file and the key path of the problem.
  @discardableResult
  public func registerDeclarations(
    fromInfoPlistAt url: URL
  ) throws(UTTypeDeclarationError) -> [UTTypeDeclarationWarning] {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readFile(
        atPath: url.path, limit: Int64(Self.maximumInfoPlistSize))
    } catch {
      throw .unreadableFile(error)
    }
    let reader = try InfoPlistTypeDeclarations(data: Data(bytes), source: url.path)
    let bundle = Self.bundleURL(ofInfoPlistAt: url)
    let located = reader.declarations.map { entry in
      var entry = entry
      entry.declaration.declaringBundleURL = bundle
      return entry
    }
    return try reader.warnings + register(located)
  }

  /// The bundle an `Info.plist` belongs to: its folder (`Share.appex/Info.plist`, as on iOS),
  /// or the folder above `Contents` (`App.app/Contents/Info.plist`, as on macOS).
  static func bundleURL(ofInfoPlistAt url: URL) -> URL {
    let folder = url.standardizedFileURL.deletingLastPathComponent()
    let bundle =
      folder.lastPathComponent == "Contents" ? folder.deletingLastPathComponent() : folder
    return URL(fileURLWithPath: bundle.path, isDirectory: true)
  }

  /// Registers the type declarations of an `Info.plist` held in memory.
  /// - Parameters:
  ///   - data: The property list's bytes, read within `PropertyListLimits.infoPlist`.
  ///   - source: How errors name the property list, usually its path.
  @discardableResult
  public func registerDeclarations(
    fromInfoPlist data: Data,
    source: String = "Info.plist"
  ) throws(UTTypeDeclarationError) -> [UTTypeDeclarationWarning] {
    let reader = try InfoPlistTypeDeclarations(data: data, source: source)
    let warnings = try register(reader.declarations)
    return reader.warnings + warnings
  }

  /// Registers the type declarations of an `Info.plist` already parsed (by
  /// `PropertyListReader`), for a reader that needs its other keys too and parses it once.
  @discardableResult
  package func registerDeclarations(
    fromInfoPlistRoot root: [String: Any]
  ) throws(UTTypeDeclarationError) -> [UTTypeDeclarationWarning] {
    let reader = try InfoPlistTypeDeclarations(root: root)
    let warnings = try register(reader.declarations)
    return reader.warnings + warnings
  }

  /// Merges `declarations` into the application's and installs the new snapshot.
  ///
  /// The snapshot is built outside the lock: building one walks the whole catalogue, and every
  /// lookup on every thread takes the lock to read the current snapshot, so a registration that
  /// held it while building made them all wait (in the tests, every worker of the I/O executor
  /// at once, behind rule after rule registering the same declarations). Declarations already
  /// registered as they are leave the snapshot as it is; a registration that lands while this
  /// one builds makes it merge again, over the newer declarations.
  private func register(
    _ declarations: [LocatedDeclaration]
  ) throws(UTTypeDeclarationError) -> [UTTypeDeclarationWarning] {
    while true {
      let existing = state.withLock { $0.applicationDeclarations }
      var validator = DeclarationValidator(system: Self.systemGraph, existing: existing)
      let merged = try validator.merge(
        declarations, limit: Self.maximumApplicationDeclarations)
      if merged == existing { return validator.warnings }
      let graph = TypeGraph(
        declarations: SystemCatalogue.declarations.map { ($0, TypeGraph.Origin.system) }
          + merged.map { ($0, TypeGraph.Origin.application) }
      )
      let installed = state.withLock { state in
        guard state.applicationDeclarations == existing else { return false }
        state.applicationDeclarations = merged
        state.graph = graph
        hasRegistered.store(true, ordering: .releasing)
        return true
      }
      if installed { return validator.warnings }
    }
  }

  // MARK: Looking types up

  /// The type with this identifier (ignoring case), a decoded dynamic type, or nil.
  public func type(withIdentifier identifier: String) -> UTType? {
    let graph = self.graph
    if let index = graph.index(of: identifier) {
      return UTType(graph: graph, index: index)
    }
    guard let payload = DynamicTypeIdentifier.decode(identifier) else { return nil }
    var parents = payload.conformsTo.compactMap { parent in
      graph.index(of: parent).map { UTType(graph: graph, index: $0) }
    }
    if parents.isEmpty, graph.dataIndex >= 0 {
      parents = [UTType(graph: graph, index: graph.dataIndex)]
    }
    var tags: [UTTagClass: [String]] = [:]
    for (tagClass, value) in payload.tags { tags[tagClass, default: []].append(value) }
    return UTType(
      identifier: identifier,
      graph: graph,
      undeclared: UndeclaredTypeFacts(parents: parents, tags: tags, isDynamic: true)
    )
  }

  /// The types that carry a tag and conform to `supertype`, best first; a dynamic type when
  /// none does.
  ///
  /// Extensions are matched ignoring case (pass them without the leading period, as Apple
  /// requires); MIME types ignoring case and parameters, so `text/plain; charset=utf-8` finds
  /// `public.plain-text`. Candidates are ordered `public.*` first, then exported before
  /// imported, then system before application declarations, then catalogue order.
  public func types(
    tag: String,
    tagClass: UTTagClass,
    conformingTo supertype: UTType? = nil
  ) -> [UTType] {
    guard !tag.isEmpty else { return [] }
    let graph = self.graph
    let index = graph.index(forTagClass: tagClass)
    let candidates = index.map { $0.allCandidates(in: $0.entry(for: tag)) } ?? []
    let found = candidates.compactMap { index -> UTType? in
      let type = UTType(graph: graph, index: index)
      return supertype.map(type.conforms(to:)) ?? true ? type : nil
    }
    if !found.isEmpty { return found }
    return [dynamicType(tag: tag, tagClass: tagClass, conformingTo: supertype, in: graph)]
  }

  /// The preferred type for a tag: the first of `types(tag:tagClass:conformingTo:)`.
  public func preferredType(
    tag: String,
    tagClass: UTTagClass,
    conformingTo supertype: UTType? = nil
  ) -> UTType? {
    guard !tag.isEmpty else { return nil }
    let graph = self.graph
    if let index = graph.index(forTagClass: tagClass) {
      let entry = index.entry(for: tag)
      let match: Int32?
      if let supertype, supertype.isDeclared(in: graph) {
        // The common case: conformance by index, without making a type per candidate.
        match = index.firstCandidate(in: entry, conformingTo: supertype.index, in: graph)
      } else {
        match = index.firstCandidate(in: entry) { candidate in
          supertype.map { UTType(graph: graph, index: candidate).conforms(to: $0) } ?? true
        }
      }
      if let match { return UTType(graph: graph, index: match) }
    }
    return dynamicType(tag: tag, tagClass: tagClass, conformingTo: supertype, in: graph)
  }

  private func dynamicType(
    tag: String,
    tagClass: UTTagClass,
    conformingTo supertype: UTType?,
    in graph: TypeGraph
  ) -> UTType {
    let parent =
      supertype ?? (graph.dataIndex >= 0 ? UTType(graph: graph, index: graph.dataIndex) : nil)
    let key = DynamicKey(tag: tag, tagClass: tagClass.rawValue, parent: parent?.identifier)
    let graphIdentity = ObjectIdentifier(graph)
    if let cached = dynamicTypes.withLock({ cache in
      cache.graph == graphIdentity ? cache.types[key] : nil
    }) {
      return cached
    }
    let type = UTType(
      identifier: DynamicTypeIdentifier.encode(
        tag: tag, tagClass: tagClass, conformingTo: parent?.identifier),
      graph: graph,
      undeclared: UndeclaredTypeFacts(
        parents: parent.map { [$0] } ?? [],
        tags: [tagClass: [tag]],
        isDynamic: true
      )
    )
    dynamicTypes.withLock { cache in
      if cache.graph != graphIdentity || cache.types.count >= Self.dynamicTypeCacheLimit {
        cache = (graphIdentity, [:])
      }
      cache.types[key] = type
    }
    return type
  }

  /// The declared type with this identifier, or an undeclared one conforming to `parent`.
  func type(declaring identifier: String, conformingTo parent: UTType?) -> UTType {
    let graph = self.graph
    if let index = graph.index(of: identifier) {
      return UTType(graph: graph, index: index)
    }
    return UTType(
      identifier: identifier,
      graph: graph,
      undeclared: UndeclaredTypeFacts(
        parents: parent.map { [$0] } ?? [], tags: [:], isDynamic: false)
    )
  }
}
