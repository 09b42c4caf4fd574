import Foundation
import TestSupport
import Testing

@testable import Shortcuts

/// Mutation fuzzing: valid inputs changed at random (deterministically seeded) must decode or
/// fail with an error, never crash, hang or allocate past the readers' limits.
@Suite("Fuzzing the readers")
struct FuzzTests {

  /// A small signed shortcut (one raw segment, one segment slot per cluster) so each
  /// mutation is cheap to parse.
  static func smallSignedShortcut() throws -> [UInt8] {
    var inner = AppleArchiveWriter()
    inner.appendDirectory(path: "")
    let app = try ShortcutApp(
      bundleIdentifier: "com.example.app", name: "E", teamIdentifier: "ABCDE12345")
    inner.appendFile(
      path: "Shortcut.wflow", contents: [UInt8](try WorkflowBuilder(app: app).propertyList()))
    let writer = AEAWriter(segmentSize: 1 << 16, segmentsPerCluster: 1, compression: .none)
    guard
      let bytes = writer.write(
        segments: writer.rawSegments(inner.bytes), authData: try SignedFixtures.iCloudAuthData(),
        key: try SignedFixtures.iCloudKey())
    else { throw FixtureError("the AEA writer failed") }
    return bytes
  }

  @Test("100,000 mutated inputs through the shortcut, LZFSE and Apple Archive readers")
  func mutations() throws {
    var generator = SplitMix64(seed: 0x5EED_2026)
    let signed = try Self.smallSignedShortcut()
    // Iterations per seed follow each reader's cost in a debug build; 100,000 in all.
    let seeds: [(name: String, bytes: [UInt8], iterations: Int, run: ([UInt8]) -> Bool)] = [
      (
        "signed shortcut", signed, 10_000,
        { input in
          (try? ShortcutFile(data: Data(input), limits: Self.limits)) != nil
        }
      ),
      (
        "LZFSE v2", try Fixtures.lzfseFixture("fuzz-seed"), 25_000,
        { input in
          (try? LZFSE.decompress(input, maximumOutputSize: 1 << 16)) != nil
        }
      ),
      (
        "LZFSE v1", try Fixtures.lzfseFixture("fuzz-seed.v1"), 20_000,
        { input in
          (try? LZFSE.decompress(input, maximumOutputSize: 1 << 16)) != nil
        }
      ),
      (
        "LZVN", try Fixtures.lzfseFixture("small-runs"), 25_000,
        { input in
          (try? LZFSE.decompress(input, maximumOutputSize: 1 << 16)) != nil
        }
      ),
      (
        "Apple Archive", try SignedFixtures.innerArchive(), 20_000,
        { input in
          (try? AppleArchive.entries(in: input, entryLimit: 64)) != nil
        }
      ),
    ]
    var total = 0
    var accepted = 0
    for seed in seeds {
      for _ in 0..<seed.iterations {
        if seed.run(ByteMutation.mutate(seed.bytes, &generator)) { accepted += 1 }
        total += 1
      }
    }
    #expect(total >= 100_000)
    // Most mutations must be refused; a few (bit flips in literals) still decode.
    #expect(accepted < total / 2)
    // The unmutated seeds decode, so the loop exercised real readers, not early rejections.
    for seed in seeds {
      #expect(seed.run(seed.bytes), "seed \(seed.name) must decode unmutated")
    }
  }

  /// Tight limits for fuzzing: small payloads only.
  static let limits = AEALimits(
    maximumAuthDataSize: 1 << 16, maximumRawSize: 1 << 16, maximumSegmentSize: 1 << 16,
    maximumSegmentsPerCluster: 64)
}
