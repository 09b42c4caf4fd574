/// Which application types each type conforms to: the part of the conformance closure that
/// grows with what an app declares.
///
/// A bit per type for every type would take n²/8 bytes (179 MB for 30,000 declarations). The
/// system types keep their bits (`TypeGraph.closure`, a dozen words a row); conformance to an
/// application type is kept here instead. Apps declare shallow families (a document type, the
/// package it is saved in, a few variants), so each type's application ancestors are a short
/// list: the lists are kept sorted in one flat array and searched. Declarations can make them
/// quadratic (in a chain of n types each conforming to the next there are n²/2 pairs), so they
/// are kept only while their total stays within a budget linear in the number of types. Past
/// it, conformance to an application type walks the parents, visiting each type at most once:
/// no memory beyond the walk's, and time linear in the ancestors, for declarations no real app
/// writes.
struct ApplicationClosure: Sendable {
  /// How the answers are found.
  enum Storage: Sendable {
    /// Type `i`'s application ancestors, without itself, ascending, are
    /// `ancestors[starts[i]..<starts[i + 1]]`.
    case lists(starts: [Int32], ancestors: [Int32])
    /// Over budget: walk the parents. A parent counts only when it comes before its child in
    /// the topological order (`position`), as in the lists: an edge that would close a cycle
    /// is ignored.
    case walk(position: [Int32])
  }

  /// The index of the first application type; types before it are system types.
  let firstApplicationIndex: Int32
  let storage: Storage

  /// The closure of a graph without application types (the built-in catalogue's), which is
  /// never asked about one.
  init(noApplicationTypesAmong typeCount: Int) {
    firstApplicationIndex = Int32(typeCount)
    storage = .lists(starts: [Int32](repeating: 0, count: typeCount + 1), ancestors: [])
  }

  /// Most pairs kept in the lists: 32 per type, and at least 65,536.
  static func budget(typeCount: Int) -> Int { max(1 << 16, 32 * typeCount) }

  /// The lists for `parents`, or the walk when they exceed `budget`.
  /// - Parameter order: Every type, parents before children; a parent that comes after its
  ///   child (closing a cycle) is ignored.
  init(
    parents: [[Int32]], order: [Int32], firstApplicationIndex: Int32,
    budget: Int
  ) {
    self.firstApplicationIndex = firstApplicationIndex
    var position = [Int32](repeating: 0, count: parents.count)
    for (rank, node) in order.enumerated() { position[Int(node)] = Int32(rank) }
    var lists = [[Int32]](repeating: [], count: parents.count)
    var total = 0
    var merged: [Int32] = []
    for node in order {
      merged.removeAll(keepingCapacity: true)
      for parent in parents[Int(node)] where position[Int(parent)] < position[Int(node)] {
        if parent >= firstApplicationIndex { merged.append(parent) }
        merged += lists[Int(parent)]
      }
      guard !merged.isEmpty else { continue }
      if merged.count > 1 {
        merged.sort()
        var unique = 1
        for position in 1..<merged.count where merged[position] != merged[unique - 1] {
          merged[unique] = merged[position]
          unique += 1
        }
        merged.removeSubrange(unique...)
      }
      total += merged.count
      guard total <= budget else {
        storage = .walk(position: position)
        return
      }
      lists[Int(node)] = merged
    }
    var starts: [Int32] = []
    starts.reserveCapacity(parents.count + 1)
    var ancestors: [Int32] = []
    ancestors.reserveCapacity(total)
    for list in lists {
      starts.append(Int32(ancestors.count))
      ancestors += list
    }
    starts.append(Int32(ancestors.count))
    storage = .lists(starts: starts, ancestors: ancestors)
  }

  /// Whether type `index` conforms to application type `other`; `parents` gives a type's
  /// parents, for the walk when the lists were over budget.
  func conforms(_ index: Int32, to other: Int32, parents: (Int) -> [Int32]) -> Bool {
    if index == other { return true }
    switch storage {
    case .lists(let starts, let ancestors):
      var low = Int(starts[Int(index)])
      var high = Int(starts[Int(index) + 1])
      while low < high {
        let middle = (low + high) / 2
        if ancestors[middle] == other { return true }
        if ancestors[middle] < other { low = middle + 1 } else { high = middle }
      }
      return false
    case .walk(let position):
      var seen = Set<Int32>([index])
      var pending = [index]
      while let node = pending.popLast() {
        for parent in parents(Int(node))
        where position[Int(parent)] < position[Int(node)] && seen.insert(parent).inserted {
          if parent == other { return true }
          pending.append(parent)
        }
      }
      return false
    }
  }
}
