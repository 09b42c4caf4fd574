import Synchronization
import UTI

/// The table resolved in one registry: identifiers to types, rows in `allCases` order.
///
/// Resolved once per registry snapshot and shared by every attachment resolved there, so
/// classifying an attachment tests conformance between types of one graph (a bit test) and
/// looks nothing up.
struct ResolvedKindTypes: Sendable {
  struct Types: Sendable {
    var conformsTo: [UTType]
    var excluding: [UTType]
    var requiresWebURLValue: Bool
    var countsFileRepresentations: Bool
  }

  /// The registry the table was resolved in, and its snapshot then (the types hold that
  /// snapshot alive, so the identifier cannot be reused while the table exists).
  let registry: UTTypeRegistry
  let snapshot: ObjectIdentifier
  private let rows: [Types]

  private init(registry: UTTypeRegistry) {
    self.registry = registry
    snapshot = registry.snapshotIdentifier
    rows = ActivationAttachmentKind.allCases.map { kind in
      let rule = kind.rule
      func resolve(_ identifier: String) -> UTType {
        registry.type(withIdentifier: identifier) ?? UTType(importedAs: identifier)
      }
      return Types(
        conformsTo: rule.conformsTo.map(resolve), excluding: rule.excluding.map(resolve),
        requiresWebURLValue: rule.requiresWebURLValue,
        countsFileRepresentations: rule.countsFileRepresentations)
    }
  }

  /// Tables of the registries used lately, most recent first: most programs use one or two.
  private static let cache = Mutex<[ResolvedKindTypes]>([])
  private static let cacheLimit = 8

  /// The table resolved in `registry`'s current snapshot, from the cache when it has it.
  static func resolved(in registry: UTTypeRegistry) -> ResolvedKindTypes {
    let snapshot = registry.snapshotIdentifier
    if let hit = cache.withLock({ tables in
      tables.first { $0.registry === registry && $0.snapshot == snapshot }
    }) {
      return hit
    }
    let table = ResolvedKindTypes(registry: registry)
    cache.withLock { tables in
      tables.removeAll { $0.registry === registry }
      tables.insert(table, at: 0)
      if tables.count > cacheLimit { tables.removeLast() }
    }
    return table
  }

  func types(for kind: ActivationAttachmentKind) -> Types {
    rows[ActivationRuleDictionary.position(kind)]
  }
}
