/// An ordered set of types: the order in which they were inserted, each type once.
///
/// `UTType.supertypes` returns one, so that callers get Apple's order and can still use set
/// operations as they would on Apple's `Set<UTType>`.
public struct UTTypeSet: Sendable, Hashable {
  private var elements: [UTType]
  /// The members as a hash set, once there are more than `hashedCount`; nil before, when a
  /// linear search is as fast. Most sets are a type's few supertypes, and a process that never
  /// makes a `Set<UTType>` never pays for the runtime's look-up of `UTType: Hashable` (a scan
  /// of every protocol conformance in the program, the first time).
  private var members: Set<UTType>?
  private static let hashedCount = 16

  /// Creates an empty set.
  public init() {
    elements = []
    members = nil
  }

  /// Creates a set from a sequence, keeping the first occurrence of each type.
  public init<S: Sequence>(_ sequence: S) where S.Element == UTType {
    self.init()
    for type in sequence { insert(type) }
  }

  /// The types in order, as an array.
  public var array: [UTType] { elements }

  /// Whether the set has no members.
  public var isEmpty: Bool { elements.isEmpty }

  /// The members as a standard `Set`, for code written against Apple's signature.
  public var set: Set<UTType> { members ?? Set(elements) }

  /// Whether two sets hold the same types, in any order (as `Set` equality).
  public static func == (lhs: UTTypeSet, rhs: UTTypeSet) -> Bool {
    lhs.elements.count == rhs.elements.count && lhs.elements.allSatisfy(rhs.contains)
  }

  /// Hashes the members, ignoring order.
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for type in elements { combined ^= type.hashValue }
    hasher.combine(elements.count)
    hasher.combine(combined)
  }
}

extension UTTypeSet: RandomAccessCollection {
  /// The position of the first type.
  public var startIndex: Int { elements.startIndex }
  /// The position past the last type.
  public var endIndex: Int { elements.endIndex }
  /// The type at a position.
  public subscript(position: Int) -> UTType { elements[position] }
}

extension UTTypeSet: SetAlgebra {
  /// Whether the set holds `member`.
  public func contains(_ member: UTType) -> Bool {
    members?.contains(member) ?? elements.contains(member)
  }

  /// Appends `newMember` unless it is already present.
  @discardableResult
  public mutating func insert(_ newMember: UTType) -> (inserted: Bool, memberAfterInsert: UTType) {
    guard var hashed = members else {
      if let present = elements.first(where: { $0 == newMember }) { return (false, present) }
      elements.append(newMember)
      if elements.count > Self.hashedCount { members = Set(elements) }
      return (true, newMember)
    }
    members = nil  // one reference to the storage while it changes
    let (inserted, member) = hashed.insert(newMember)
    members = hashed
    if inserted { elements.append(newMember) }
    return (inserted, member)
  }

  /// Removes `member`, returning it if it was present.
  @discardableResult
  public mutating func remove(_ member: UTType) -> UTType? {
    guard let position = elements.firstIndex(of: member) else { return nil }
    let removed = elements.remove(at: position)
    members?.remove(member)
    return removed
  }

  /// Inserts or replaces `newMember`, keeping its position when present.
  @discardableResult
  public mutating func update(with newMember: UTType) -> UTType? {
    if let position = elements.firstIndex(of: newMember) {
      let old = elements[position]
      elements[position] = newMember
      members?.update(with: newMember)
      return old
    }
    insert(newMember)
    return nil
  }

  /// The members of either set: this set's order, then the other's new members.
  public func union(_ other: UTTypeSet) -> UTTypeSet {
    var result = self
    result.formUnion(other)
    return result
  }

  /// The members of both sets, in this set's order.
  public func intersection(_ other: UTTypeSet) -> UTTypeSet {
    UTTypeSet(elements.filter { other.contains($0) })
  }

  /// The members of exactly one set.
  public func symmetricDifference(_ other: UTTypeSet) -> UTTypeSet {
    UTTypeSet(elements.filter { !other.contains($0) } + other.elements.filter { !contains($0) })
  }

  /// Adds the other set's members.
  public mutating func formUnion(_ other: UTTypeSet) {
    for type in other.elements { insert(type) }
  }

  /// Keeps only members of both sets.
  public mutating func formIntersection(_ other: UTTypeSet) {
    self = intersection(other)
  }

  /// Keeps only members of exactly one set.
  public mutating func formSymmetricDifference(_ other: UTTypeSet) {
    self = symmetricDifference(other)
  }
}

extension UTTypeSet: ExpressibleByArrayLiteral {
  /// Creates a set from a literal list of types.
  public init(arrayLiteral elements: UTType...) {
    self.init(elements)
  }
}

extension UTTypeSet: CustomStringConvertible {
  /// The identifiers in order.
  public var description: String {
    "[" + elements.map(\.identifier).joined(separator: ", ") + "]"
  }
}
