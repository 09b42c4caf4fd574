import Foundation
import TestSupport
import Testing
import UTI

/// Seeded mutation fuzzing of the declaration reader (the guarded property list reader, the
/// validator and the type graph): mutated `Info.plist`s register or fail with an error, never
/// crash, recurse past the stack or grow without bound, and what registers answers queries.
@Suite("Fuzzing the type declaration reader")
struct DeclarationFuzzTests {
  static func seeds() throws -> [[UInt8]] {
    func plist(_ root: [String: Any], _ format: PropertyListSerialization.PropertyListFormat)
      throws -> [UInt8]
    {
      [UInt8](
        try PropertyListSerialization.data(fromPropertyList: root, format: format, options: 0))
    }
    let app: [String: Any] = [
      "UTExportedTypeDeclarations": (0..<6).map { index in
        [
          "UTTypeIdentifier": "com.example.t\(index)",
          "UTTypeConformsTo": index == 0 ? ["public.content"] : ["com.example.t0", "public.data"],
          "UTTypeTagSpecification": [
            "public.filename-extension": ["ex\(index)"],
            "public.mime-type": "application/x-\(index)",
          ],
          "UTTypeDescription": "Example \(index)",
        ] as [String: Any]
      },
      "UTImportedTypeDeclarations": [
        ["UTTypeIdentifier": "com.other.doc", "UTTypeConformsTo": "public.composite-content"]
      ],
    ]
    return [
      try plist(app, .binary), try plist(app, .xml),
      [UInt8](HostilePropertyLists.declarationChainBinary(count: 16)),
      [UInt8](HostilePropertyLists.declarationChainXML(count: 8)),
    ]
  }

  static let iterations = 5_000

  @Test("5,000 mutated Info.plists register or fail with an error, and answer queries")
  func mutations() async throws {
    let registered = try await Self.fuzz()
    #expect(registered > 0 && registered < Self.iterations, "\(registered) registered")
    for seed in try Self.seeds() {
      #expect((try? UTTypeRegistry().registerDeclarations(fromInfoPlist: Data(seed))) != nil)
    }
  }

  /// The fuzz loop: how many mutated inputs registered.
  static func fuzz() async throws -> Int {
    let seeds = try Self.seeds()
    var generator = SplitMix64(seed: 0xDEC1_0016)
    var registered = 0
    for iteration in 0..<Self.iterations {
      // Long processor work on the cooperative pool: let other tasks run now and then.
      if iteration % 256 == 0 { await Task.yield() }
      let input = ByteMutation.mutate(seeds[iteration % seeds.count], &generator)
      let registry = UTTypeRegistry()
      guard (try? registry.registerDeclarations(fromInfoPlist: Data(input))) != nil else {
        continue
      }
      registered += 1
      let types = registry.applicationDeclarations.prefix(16).compactMap {
        registry.type(withIdentifier: $0.identifier)
      }
      for type in types {
        _ = type.supertypes.count
        _ = type.conforms(to: .data)
        for other in types.prefix(4) { _ = type.conforms(to: other) }
      }
    }
    return registered
  }
}
