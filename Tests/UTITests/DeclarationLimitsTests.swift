import Foundation
import TestSupport
import Testing

@testable import UTI

/// Issue 16: declarations that overflowed the stack (a long conformance chain walked
/// recursively) or took memory quadratic in their number.
@Suite("Type declarations: depth, count and memory")
struct DeclarationLimitsTests {
  /// Runs `body` on a thread with a stack of `stackSize` bytes and returns what it returned.
  static func onSmallStack(
    _ stackSize: Int, _ body: @escaping @Sendable () -> String
  ) async -> String {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: body()) }
      thread.stackSize = stackSize
      thread.start()
    }
  }

  /// `count` types, each conforming to the next; the last to `public.data`, or with `cycle`,
  /// to the first.
  static func chain(_ count: Int, cycle: Bool = false) -> [UTTypeDeclaration] {
    (0..<count).map { index in
      let parent =
        index + 1 < count
        ? "com.example.t\(index + 1)" : cycle ? "com.example.t0" : "public.data"
      return UTTypeDeclaration(identifier: "com.example.t\(index)", conformsTo: [parent])
    }
  }

  @Test("A chain of 10,000 declarations registers and answers on a 256 KiB stack")
  func longChainOnSmallStack() async {
    // The recursive validator and supertypes walk needed a frame per link.
    let answer = await Self.onSmallStack(256 << 10) {
      let registry = UTTypeRegistry()
      do {
        try registry.register(Self.chain(10_000))
      } catch {
        return "\(error)"
      }
      guard let first = registry.type(withIdentifier: "com.example.t0"),
        let last = registry.type(withIdentifier: "com.example.t9999")
      else { return "not registered" }
      return "\(first.supertypes.count) \(first.conforms(to: last)) \(last.conforms(to: first))"
        + " \(first.conforms(to: .data))"
    }
    // t1 ... t9999, public.data, public.item.
    #expect(answer == "10001 true false true")
  }

  @Test("A cycle through 10,000 declarations is found on a 256 KiB stack, named briefly")
  func longCycleOnSmallStack() async {
    let answer = await Self.onSmallStack(256 << 10) {
      do {
        try UTTypeRegistry().register(Self.chain(10_000, cycle: true))
        return "registered"
      } catch {
        return "\(error)"
      }
    }
    #expect(
      answer
        == "declarations[0].UTTypeConformsTo: conformance cycle com.example.t0 -> com.example.t1"
        + " -> com.example.t2 -> com.example.t3 -> ... 9994 more ... -> com.example.t9998 ->"
        + " com.example.t9999 -> com.example.t0")
  }

  @Test("A registry refuses more than 50,000 application declarations, saying so")
  func declarationCap() throws {
    let registry = UTTypeRegistry()
    try registry.register(Self.chain(3))
    let many = (0..<UTTypeRegistry.maximumApplicationDeclarations).map {
      UTTypeDeclaration(identifier: "org.example.t\($0)", conformsTo: ["public.data"])
    }
    let error = #expect(throws: UTTypeDeclarationError.tooManyDeclarations(50_003, limit: 50_000)) {
      try registry.register(many)
    }
    #expect(
      error.map { "\($0)" }
        == "50003 application type declarations, more than the 50000 a registry accepts (apps"
        + " declare tens, at most a few thousand)")
    #expect(registry.applicationDeclarations.count == 3, "nothing registered")
  }

  /// Conformance as the declarations say it, by a breadth-first walk of their parents: the
  /// oracle the compiled graph is held to.
  static func walkedConformance(
    _ declarations: [UTTypeDeclaration], from child: String, to ancestor: String
  ) -> Bool {
    let parents = Dictionary(
      declarations.map { ($0.identifier, $0.conformsTo) }, uniquingKeysWith: { first, _ in first })
    var seen: Set<String> = [child]
    var pending = [child]
    while let identifier = pending.popLast() {
      if identifier == ancestor { return true }
      let next = parents[identifier] ?? UTType(identifier)?.declaredParents.map(\.identifier) ?? []
      for parent in next where seen.insert(parent).inserted { pending.append(parent) }
    }
    return false
  }

  /// Random declarations of `count` types: each conforms to up to three later types (so there
  /// is no cycle), a system type, or a type nobody declares; with `chained`, also to the next
  /// type, so that ancestors are many.
  static func randomDeclarations(
    _ count: Int, chained: Bool, seed: UInt64
  ) -> [UTTypeDeclaration] {
    var generator = SplitMix64(seed: seed)
    let system = [
      "public.data", "public.image", "public.text", "public.content", "com.apple.package",
    ]
    return (0..<count).map { index in
      var parents = chained && index + 1 < count ? ["com.example.t\(index + 1)"] : []
      for _ in 0..<Int(generator.next() % 4) {
        switch generator.next() % 10 {
        case 0...5 where index + 1 < count:
          let span = UInt64(min(count - index - 1, 8))
          parents.append("com.example.t\(index + 1 + Int(generator.next() % span))")
        case 6, 7: parents.append(system[Int(generator.next() % UInt64(system.count))])
        default: parents.append("com.example.undeclared\(index)")
        }
      }
      return UTTypeDeclaration(identifier: "com.example.t\(index)", conformsTo: parents)
    }
  }

  @Test(
    "conforms(to:) agrees with a walk of the declarations, kept as lists or walked",
    arguments: [(120, false), (1_200, true)])
  func conformanceAgreesWithWalk(count: Int, walks: Bool) throws {
    // 1,200 types in a chain have more ancestor pairs than the lists' budget.
    let declarations = Self.randomDeclarations(count, chained: walks, seed: UInt64(count))
    let registry = UTTypeRegistry()
    try registry.register(declarations)
    if case .walk = registry.graph.applicationClosure.storage {
      #expect(walks, "\(count) types should fit the lists")
    } else {
      #expect(!walks, "\(count) types should exceed the lists' budget")
    }
    var generator = SplitMix64(seed: 7)
    let targets = declarations.map(\.identifier) + ["public.data", "public.image", "public.item"]
    for _ in 0..<3_000 {
      let child = declarations[Int(generator.next() % UInt64(count))].identifier
      let ancestor = targets[Int(generator.next() % UInt64(targets.count))]
      let expected = Self.walkedConformance(declarations, from: child, to: ancestor)
      let types = try #require(
        registry.type(withIdentifier: child).flatMap { child in
          registry.type(withIdentifier: ancestor).map { (child, $0) }
        })
      #expect(types.0.conforms(to: types.1) == expected, "\(child) -> \(ancestor)")
    }
  }
}
