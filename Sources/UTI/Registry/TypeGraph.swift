/// An immutable, compiled type graph: declarations, their resolved parents, the reflexive and
/// transitive conformance closure, and the tag indexes.
///
/// A graph is built once per set of declarations and never changes, so every `UTType` made
/// from it can answer `conforms(to:)` without a lock. Conformance to a system type is one bit
/// test (a row of bits over the system types per type); conformance to an application type is
/// answered by `ApplicationClosure`, so memory grows about linearly with what an app declares.
@usableFromInline
final class TypeGraph: Sendable {
  /// Where a declaration came from; system declarations cannot be replaced.
  enum Origin: Sendable {
    case system
    case application
  }

  struct Node: Sendable {
    let declaration: UTTypeDeclaration
    /// The identifier folded to lower case, the key for case-insensitive identity.
    let key: String
    /// Indexes of declared parents that exist in the graph, in declared order.
    let parents: [Int32]
    let origin: Origin
  }

  let nodes: [Node]
  let indexByKey: [String: Int32]
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
    let nodes = nodesDraft.map { declaration, key, origin in
      Node(
        declaration: declaration,
        key: key,
        parents: declaration.conformsTo.compactMap { indexByKey[$0.lowercased()] },
        origin: origin
      )
    }
    self.nodes = nodes
    self.indexByKey = indexByKey
    let systemTypeCount = nodes.firstIndex { $0.origin != .system } ?? nodes.count
    self.systemTypeCount = Int32(systemTypeCount)
    let words = max(1, (systemTypeCount + 63) / 64)
    self.words = words
    let parents = nodes.map(\.parents)
    let order = Self.topologicalOrder(parents)
    self.closure = Self.systemClosure(
      parents: parents, order: order, systemTypeCount: systemTypeCount, words: words)
    self.applicationClosure = ApplicationClosure(
      parents: parents, order: order, firstApplicationIndex: Int32(systemTypeCount),
      budget: ApplicationClosure.budget(typeCount: nodes.count))
    self.dataIndex = indexByKey["public.data"] ?? -1
    (self.byExtension, self.byMIMEType) = Self.tagIndexes(of: nodes)
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
  private static func tagIndexes(of nodes: [Node]) -> (extensions: TagIndex, mimeTypes: TagIndex) {
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
    applicationClosure.conforms(index, to: other) { nodes[$0].parents }
  }

  /// The tag index for a tag class, or nil for classes the catalogue does not index.
  func index(forTagClass tagClass: UTTagClass) -> TagIndex? {
    if tagClass.rawValue == UTTagClass.filenameExtension.rawValue { return byExtension }
    if tagClass.rawValue == UTTagClass.mimeType.rawValue { return byMIMEType }
    return nil
  }

  /// Looks up a declared type by identifier, ignoring case.
  func index(of identifier: String) -> Int32? {
    indexByKey[identifier.asciiLowercased()]
  }

  /// All ancestors of `index` in depth-first pre-order over declared parent order, without
  /// duplicates and without the type itself. An explicit stack: declarations choose the depth.
  func supertypeIndexes(of index: Int32) -> [Int32] {
    var result: [Int32] = []
    var seen: Set<Int32> = [index]
    var stack: [(node: Int32, nextParent: Int)] = [(index, 0)]
    while let (node, nextParent) = stack.last {
      let parents = nodes[Int(node)].parents
      guard nextParent < parents.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].nextParent += 1
      let parent = parents[nextParent]
      if seen.insert(parent).inserted {
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
