import Foundation
import PropertyLists
import TestSupport
import Testing

/// Seeded mutation fuzzing of the guarded reader: ordinary property lists (XML and binary, as
/// Foundation writes them) and the hostile ones of issue 16, changed at random
/// (deterministically), must parse or be refused with an error, never crash, hang or expand.
/// Whatever the checks let through goes on to Foundation, as in the readers.
@Suite("Fuzzing the guarded property list reader")
struct PropertyListFuzzTests {
  typealias Hostile = HostilePropertyLists

  /// Seeds: what the readers see every day, and what broke them.
  static func seeds() throws -> [(name: String, bytes: [UInt8])] {
    let infoPlist: [String: Any] = [
      "CFBundleIdentifier": "com.example.app",
      "NSExtension": [
        "NSExtensionAttributes": [
          "NSExtensionActivationRule": [
            "NSExtensionActivationSupportsImageWithMaxCount": 10,
            "NSExtensionActivationSupportsWebURLWithMaxCount": 1,
          ]
        ],
        "NSExtensionPointIdentifier": "com.apple.share-services",
      ],
      "UTExportedTypeDeclarations": [
        [
          "UTTypeIdentifier": "com.example.note", "UTTypeConformsTo": ["public.data"],
          "UTTypeTagSpecification": ["public.filename-extension": ["exnote"]],
        ]
      ],
      "Values": [1, 2.5, true, Data([0, 1]), Date(timeIntervalSince1970: 0), "é✓"],
    ]
    func written(_ format: PropertyListSerialization.PropertyListFormat) throws -> [UInt8] {
      [UInt8](
        try PropertyListSerialization.data(fromPropertyList: infoPlist, format: format, options: 0))
    }
    return [
      ("Info.plist, binary", try written(.binary)),
      ("Info.plist, XML", try written(.xml)),
      ("a set", [UInt8](Hostile.set())),
      ("shared references", [UInt8](Hostile.sharedReferences(levels: 3))),
      ("deep arrays", [UInt8](Hostile.deepBinary(depth: 40))),
      ("a cycle", [UInt8](Hostile.cyclic())),
      ("a UID", [UInt8](Hostile.uid())),
      ("deep XML", [UInt8](Hostile.deepXML(depth: 40))),
      ("declarations, binary", [UInt8](Hostile.declarationChainBinary(count: 12))),
      ("declarations, XML", [UInt8](Hostile.declarationChainXML(count: 6))),
    ]
  }

  static let iterations = 60_000

  @Test("60,000 mutated property lists are parsed or refused, never crash or expand")
  func mutations() async throws {
    let (parsed, refusedByChecks) = try await Self.fuzz()
    // Mutations both pass and fail: the loop reached Foundation and the checks alike.
    #expect(parsed > 0)
    #expect(refusedByChecks > 0)
    // The everyday seeds parse unmutated; the hostile ones are refused.
    for seed in try Self.seeds() {
      let accepted =
        (try? PropertyListReader(limits: .infoPlist).propertyList(from: Data(seed.bytes))) != nil
      #expect(accepted == Self.acceptedSeeds.contains(seed.name), "\(seed.name)")
    }
  }

  /// The seeds the `Info.plist` limits accept: shared references and depth within bounds.
  static let acceptedSeeds: Set<String> = [
    "Info.plist, binary", "Info.plist, XML", "shared references", "deep arrays", "deep XML",
    "declarations, binary", "declarations, XML",
  ]

  /// The fuzz loop: how many mutated inputs parsed, and how many the checks refused.
  static func fuzz() async throws -> (parsed: Int, refusedByChecks: Int) {
    let seeds = try Self.seeds()
    let readers = [
      PropertyListReader(limits: .infoPlist),
      PropertyListReader(
        limits: PropertyListLimits(
          maximumByteCount: 64 << 10, maximumDepth: 8, maximumObjectCount: 256)),
    ]
    var generator = SplitMix64(seed: 0x5EED_0016)
    var parsed = 0
    var refusedByChecks = 0
    for iteration in 0..<Self.iterations {
      // Long processor work on the cooperative pool: let other tasks run now and then.
      if iteration % 256 == 0 { await Task.yield() }
      let seed = seeds[iteration % seeds.count]
      let input = Data(ByteMutation.mutate(seed.bytes, &generator))
      for reader in readers {
        do {
          let value = try reader.propertyList(from: input)
          _ = value as? [String: Any]
          parsed += 1
        } catch {
          if case .rejectedByParser = error.rule {} else { refusedByChecks += 1 }
        }
      }
    }
    return (parsed, refusedByChecks)
  }
}
