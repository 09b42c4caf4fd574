/// An immutable, compiled type graph: declarations, their resolved parents, the reflexive and
/// transitive conformance closure, and the tag indexes.
///
/// A graph is built once per set of declarations and never changes, so every `UTType` made
/// from it can answer `conforms(to:)` without a lock. Conformance to a system type is one bit
/// test (a row of bits over the system types per type); conformance to an application type is
/// answered by `ApplicationClosure`, so memory grows about linearly with what an app declares.
///
/// The built-in catalogue's graph (`system`) is laid out at build time (`CompiledCatalogue`):
/// a process that asks about one type does not parse and compile seven hundred. A graph with
/// application declarations is built from every declaration when they are registered.
@usableFromInline
final class TypeGraph: Sendable {
  /// Where a declaration came from; system declarations cannot be replaced.
  enum Origin: Sendable {
    case system
    case application
  }

  /// The declared identifiers, by index.
  let identifiers: [String]
  /// The identifiers folded to lower case: the keys of case-insensitive identity.
  let keys: [String]
  /// Type `i`'s declared parents that exist in the graph, in declared order, are
  /// `parentIndexes[parentStarts[i]..<parentStarts[i + 1]]`.
  let parentStarts: [Int32]
  let parentIndexes: [Int32]
  /// The declarations of a graph built from them; empty for the compiled catalogue, whose
  /// declarations are read from their catalogue lines.
  private let declarations: [UTTypeDeclaration]
  /// Lower-cased identifier to index, for a graph built from declarations; empty for the
  /// compiled catalogue, which has its own index (`compiledIdentifiers`).
  private let indexByKey: [String: Int32]
  /// Whether this is the compiled catalogue (`system`).
  private let isCompiled: Bool

  /// The number of types.
  var count: Int { identifiers.count }
  /// The number of leading system types: the columns of `closure`. Types from this index on
  /// are application types.
  @usableFromInline let systemTypeCount: Int32
  /// Words per closure row.
  @usableFromInline let words: Int
  /// Row `i` has bit `j` set when type `i` conforms to system type `j` (reflexive).
  @usableFromInline let closure: [UInt64]
  /// Conformance to application types.
  let applicationClosure: ApplicationClosure
  /// The index of `public.data`, the default supertype of tag lookups, or -1.
  let dataIndex: Int32
  /// Lower-cased filename extension to candidate types, best first.
  let byExtension: TagIndex
  /// Lower-cased MIME type (no parameters) to candidate types, best first.
  let byMIMEType: TagIndex

  /// The built-in catalogue, as compiled at build time: nothing to compute.
  static let system = TypeGraph()

  private init() {
    identifiers = CompiledCatalogue.identifiers
    keys = CompiledCatalogue.keys
    parentStarts = CompiledCatalogue.parentStarts
    parentIndexes = CompiledCatalogue.parents
    declarations = []
    indexByKey = [:]
    isCompiled = true
    let count = CompiledCatalogue.identifiers.count
    systemTypeCount = Int32(count)
    words = CompiledCatalogue.words
    closure = CompiledCatalogue.closure
    applicationClosure = ApplicationClosure(noApplicationTypesAmong: count)
    dataIndex = CompiledCatalogue.dataIndex
    byExtension = TagIndex(kind: .filenameExtension, layout: CompiledCatalogue.extensionIndex)
    byMIMEType = TagIndex(kind: .mimeType, layout: CompiledCatalogue.mimeTypeIndex)
  }

  /// Compiles declarations into a graph. Later declarations with an identifier already present
  /// are ignored (callers validate before this point); unknown parents are dropped; an edge that
  /// would close a cycle is ignored so that building never fails. System declarations come
  /// first.
  init(declarations: [(UTTypeDeclaration, Origin)]) {
    var nodesDraft: [(UTTypeDeclaration, String, Origin)] = []
    var indexByKey: [String: Int32] = [:]
    nodesDraft.reserveCapacity(declarations.count)
    indexByKey.reserveCapacity(declarations.count)
    for (declaration, origin) in declarations {
      let key = declaration.identifier.lowercased()
      guard indexByKey[key] == nil else { continue }
      indexByKey[key] = Int32(nodesDraft.count)
      nodesDraft.append((declaration, key, origin))
    }
    let parents = nodesDraft.map { declaration, _, _ in
      declaration.conformsTo.compactMap { indexByKey[$0.lowercased()] }
    }
    self.identifiers = nodesDraft.map(\.0.identifier)
    self.keys = nodesDraft.map(\.1)
    self.declarations = nodesDraft.map(\.0)
    self.indexByKey = indexByKey
    self.isCompiled = false
    var parentStarts: [Int32] = [0]
    parentStarts.reserveCapacity(parents.count + 1)
    for list in parents {
      parentStarts.append(parentStarts[parentStarts.count - 1] + Int32(list.count))
    }
    self.parentStarts = parentStarts
    self.parentIndexes = parents.flatMap { $0 }
    let systemTypeCount = nodesDraft.firstIndex { $0.2 != .system } ?? nodesDraft.count
    self.systemTypeCount = Int32(systemTypeCount)
    let words = max(1, (systemTypeCount + 63) / 64)
    self.words = words
    let order = Self.topologicalOrder(parents)
    self.closure = Self.systemClosure(
      parents: parents, order: order, systemTypeCount: systemTypeCount, words: words)
    self.applicationClosure = ApplicationClosure(
      parents: parents, order: order, firstApplicationIndex: Int32(systemTypeCount),
      budget: ApplicationClosure.budget(typeCount: nodesDraft.count))
    self.dataIndex = indexByKey["public.data"] ?? -1
    (self.byExtension, self.byMIMEType) = Self.tagIndexes(
      of: nodesDraft.map { ($0.0, $0.1, $0.2) })
  }

  /// Every type once, parents before children (a depth-first post-order, with an explicit
  /// stack). A parent still in progress when its child finishes closes a cycle; it comes after
  /// the child, and the closures ignore that edge.
  private static func topologicalOrder(_ parents: [[Int32]]) -> [Int32] {
    var order: [Int32] = []
    order.reserveCapacity(parents.count)
    // 0 unvisited, 1 in progress, 2 done.
    var state = [UInt8](repeating: 0, count: parents.count)
    var stack: [(node: Int, nextParent: Int)] = []
    for root in parents.indices where state[root] == 0 {
      stack.append((root, 0))
      state[root] = 1
      while let (node, nextParent) = stack.last {
        if nextParent < parents[node].count {
          stack[stack.count - 1].nextParent += 1
          let parent = Int(parents[node][nextParent])
          if state[parent] == 0 {
            state[parent] = 1
            stack.append((parent, 0))
          }
          continue
        }
        stack.removeLast()
        state[node] = 2
        order.append(Int32(node))
      }
    }
    return order
  }

  /// Each type's row of bits over the system types it conforms to, computed in `order`.
  private static func systemClosure(
    parents: [[Int32]], order: [Int32], systemTypeCount: Int, words: Int
  ) -> [UInt64] {
    var closure = [UInt64](repeating: 0, count: parents.count * words)
    var done = [Bool](repeating: false, count: parents.count)
    for node in order.lazy.map(Int.init) {
      let row = node * words
      if node < systemTypeCount {
        closure[row + node >> 6] |= 1 << UInt64(node & 63)
      }
      for parent in parents[node].lazy.map(Int.init) where done[parent] {
        let parentRow = parent * words
        for word in 0..<words {
          closure[row + word] |= closure[parentRow + word]
        }
      }
      done[node] = true
    }
    return closure
  }

  /// Builds the tag indexes, each candidate list ordered as `UTType` lookups prefer:
  /// `public.*` types first, then exported over imported, then system over application
  /// declarations, then declaration order. How tags fold to keys is `TagIndex`'s business.
  private static func tagIndexes(
    of nodes: [(declaration: UTTypeDeclaration, key: String, origin: Origin)]
  ) -> (extensions: TagIndex, mimeTypes: TagIndex) {
    func rank(_ index: Int) -> (Int, Int, Int, Int) {
      let node = nodes[index]
      return (
        node.key.hasPrefix("public.") ? 0 : 1,
        node.declaration.kind == .exported ? 0 : 1,
        node.origin == .system ? 0 : 1,
        index
      )
    }
    let ranked = nodes.indices.sorted { rank($0) < rank($1) }
    var extensions: [(String, [Int32])] = []
    var mimeTypes: [(String, [Int32])] = []
    for index in ranked {
      let declaration = nodes[index].declaration
      extensions += declaration.filenameExtensions.map { ($0, [Int32(index)]) }
      mimeTypes += declaration.mimeTypes.map { ($0, [Int32(index)]) }
    }
    return (
      TagIndex(kind: .filenameExtension, extensions), TagIndex(kind: .mimeType, mimeTypes)
    )
  }

  /// Whether type `index` conforms to type `other` (both valid indexes).
  @inlinable @inline(__always)
  func conforms(_ index: Int32, to other: Int32) -> Bool {
    guard other < systemTypeCount else { return conforms(index, toApplicationType: other) }
    let word = closure[Int(index) &* words &+ Int(other &>> 6)]
    return word & (1 &<< UInt64(other & 63)) != 0
  }

  /// Whether type `index` conforms to application type `other`.
  @usableFromInline
  func conforms(_ index: Int32, toApplicationType other: Int32) -> Bool {
    applicationClosure.conforms(index, to: other) { Array(parents(of: Int32($0))) }
  }

  // MARK: Types

  /// The declared identifier of type `index`.
  func identifier(of index: Int32) -> String {
    identifiers[Int(index)]
  }

  /// The identifier of type `index` folded to lower case: its identity.
  func key(of index: Int32) -> String {
    keys[Int(index)]
  }

  /// The indexes of type `index`'s declared parents that exist in the graph, in declared order.
  func parents(of index: Int32) -> ArraySlice<Int32> {
    parentIndexes[Int(parentStarts[Int(index)])..<Int(parentStarts[Int(index) + 1])]
  }

  /// The declaration of type `index`; a built-in type's is read from its catalogue line.
  func declaration(of index: Int32) -> UTTypeDeclaration {
    guard isCompiled else { return declarations[Int(index)] }
    let position = Int(index)
    let line =
      Int(
        CompiledCatalogue.lineStarts[position])..<Int(
        CompiledCatalogue.lineEnds[position])
    let table = CompiledCatalogue.tableStarts.lastIndex { $0 <= position } ?? 0
    // The compiled catalogue is checked against the tables (CompiledCatalogueTests); a line
    // that no longer parses falls back to what the compiled catalogue itself holds.
    return SystemCatalogue.declaration(table: table, line: line)
      ?? UTTypeDeclaration(identifier: identifier(of: index))
  }

  /// The tag index for a tag class, or nil for classes the catalogue does not index.
  func index(forTagClass tagClass: UTTagClass) -> TagIndex? {
    if tagClass.rawValue == UTTagClass.filenameExtension.rawValue { return byExtension }
    if tagClass.rawValue == UTTagClass.mimeType.rawValue { return byMIMEType }
    return nil
  }

  /// Looks up a declared type by identifier, ignoring case.
  func index(of identifier: String) -> Int32? {
    guard isCompiled else { return indexByKey[identifier.asciiLowercased()] }
    // Identifiers fold as extensions do: ASCII case, and full lower-casing past ASCII.
    let index = Self.compiledIdentifiers
    return index.firstCandidate(in: index.entry(for: identifier)) { _ in true }
  }

  /// The built-in catalogue's identifier index.
  private static let compiledIdentifiers = TagIndex(
    kind: .filenameExtension, layout: CompiledCatalogue.identifierIndex)

  /// All ancestors of `index` in depth-first pre-order over declared parent order, without
  /// duplicates and without the type itself. An explicit stack: declarations choose the depth.
  func supertypeIndexes(of index: Int32) -> [Int32] {
    var result: [Int32] = []
    // A bit per type rather than a `Set<Int32>`, whose first use in a process costs a scan of
    // every protocol conformance in the program (it looks up `Int32: Hashable`).
    var seen = [UInt64](repeating: 0, count: (count + 63) / 64)
    func insert(_ node: Int32) -> Bool {
      let (word, bit) = (Int(node) >> 6, UInt64(1) << UInt64(node & 63))
      guard seen[word] & bit == 0 else { return false }
      seen[word] |= bit
      return true
    }
    _ = insert(index)
    var stack: [(node: Int32, nextParent: Int)] = [(index, 0)]
    while let (node, nextParent) = stack.last {
      let parents = self.parents(of: node)
      guard nextParent < parents.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].nextParent += 1
      let parent = parents[parents.startIndex + nextParent]
      if insert(parent) {
        result.append(parent)
        stack.append((parent, 0))
      }
    }
    return result
  }
}

extension String {
  /// Lower-cases ASCII letters, returning `self` (no allocation) when there is nothing to fold.
  /// Tag and identifier lookups call this on every query, so it scans raw UTF-8.
  func asciiLowercased() -> String {
    var copy = self
    let needsFolding = copy.withUTF8 { bytes in
      for byte in bytes where byte >= 0x41 && (byte <= 0x5A || byte >= 0x80) { return true }
      return false
    }
    return needsFolding ? lowercased() : self
  }
}
