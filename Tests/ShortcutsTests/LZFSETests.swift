import Digests
import Foundation
import TestSupport
import Testing

@testable import Shortcuts

@Suite("LZFSE decoder")
struct LZFSETests {
  /// Every committed fixture, made by scripts/make-lzfse-fixtures.py with the reference encoder.
  static let fixtureNames = [
    "empty", "tiny", "small-text", "small-runs", "small-plist", "text", "text.v1", "workflow",
    "workflow.v1", "random", "runs", "runs.v1",
  ]

  @Test("decodes reference-encoder output byte for byte", arguments: fixtureNames)
  func decodesFixture(name: String) throws {
    let manifest = try Fixtures.lzfseManifest()
    let entry = try #require(manifest[name], "fixture \(name) missing from manifest.json")
    let decoded = try LZFSE.decompress(try Fixtures.lzfseFixture(name))
    #expect(decoded.count == entry.decodedSize)
    #expect(try SHA256Digest.hex(of: decoded) == entry.sha256)
    #expect(try LZFSE.decodedSize(of: try Fixtures.lzfseFixture(name)) == entry.decodedSize)
  }

  @Test("the fixtures cover every block kind")
  func fixturesCoverEveryBlockKind() throws {
    let kinds = Set(try Fixtures.lzfseManifest().values.flatMap(\.blocks))
    #expect(kinds == ["bvx$", "bvx-", "bvx1", "bvx2", "bvxn"])
  }

  @Test("matches may reach into an earlier block of the same stream")
  func crossBlockMatches() throws {
    // Two copies of a one-block stream, joined: the second block's matches stay inside its own
    // block, so the result is the input twice; a raw block between them shifts nothing.
    let single = try Fixtures.lzfseFixture("text")
    let body = Array(single.dropLast(4))  // without bvx$
    let raw: [UInt8] = Array("bvx-".utf8) + [3, 0, 0, 0] + Array("abc".utf8)
    let joined = body + raw + body + Array("bvx$".utf8)
    let once = try LZFSE.decompress(single)
    #expect(try LZFSE.decompress(joined) == once + Array("abc".utf8) + once)
  }

  struct Malformed: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    /// The `LZFSEError` case, and what its message says.
    var error: String
    var expected: String
    var testDescription: String { name }
  }

  static let malformed: [Malformed] = [
    Malformed(
      name: "empty input", bytes: [], error: "missingEndOfStream", expected: "without the bvx$"),
    Malformed(
      name: "unknown magic", bytes: Array("bvxZ".utf8), error: "unknownBlockMagic",
      expected: "unknown block magic"),
    Malformed(
      name: "raw block longer than the input", bytes: Array("bvx-".utf8) + [9, 0, 0, 0, 1],
      error: "truncated", expected: "truncated"),
    Malformed(
      name: "no end of stream", bytes: Array("bvx-".utf8) + [1, 0, 0, 0, 65],
      error: "missingEndOfStream", expected: "without the bvx$"),
    Malformed(
      name: "LZVN block without its end opcode",
      bytes: Array("bvxn".utf8) + [4, 0, 0, 0, 2, 0, 0, 0, 0xE1, 65] + Array("bvx$".utf8),
      error: "truncated", expected: "truncated"),
    Malformed(
      name: "LZVN match before the start",
      bytes: Array("bvxn".utf8) + [4, 0, 0, 0, 11, 0, 0, 0, 0xF4, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        + Array("bvx$".utf8),
      error: "invalidMatchDistance", expected: "match distance"),
    Malformed(
      name: "LZVN undefined opcode",
      bytes: Array("bvxn".utf8) + [4, 0, 0, 0, 9, 0, 0, 0, 0x70, 6, 0, 0, 0, 0, 0, 0, 0]
        + Array("bvx$".utf8),
      error: "corruptPayload", expected: "undefined LZVN opcode"),
  ]

  @Test("malformed streams get a clear error", arguments: malformed)
  func rejectsMalformed(_ input: Malformed) {
    let error = #expect(throws: LZFSEError.self) {
      _ = try LZFSE.decompress(input.bytes)
    }
    #expect(error.map(caseName(of:)) == input.error, "\(String(describing: error))")
    #expect(error.map { "\($0)" }?.contains(input.expected) == true, "\(String(describing: error))")
  }

  @Test("a stream claiming more than the limit is refused before decoding")
  func decompressionBombGuard() throws {
    let fixture = try Fixtures.lzfseFixture("workflow")
    let error = #expect(throws: LZFSEError.self) {
      _ = try LZFSE.decompress(fixture, maximumOutputSize: 1_000_000)
    }
    guard case .outputTooLarge(_, let limit)? = error else {
      Issue.record("expected outputTooLarge, got \(String(describing: error))")
      return
    }
    #expect(limit == 1_000_000)
    // A raw block header claiming 4 GiB with no payload is rejected as truncated, not allocated.
    let bomb = Array("bvx-".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("bvx$".utf8)
    #expect(throws: LZFSEError.self) { _ = try LZFSE.decompress(bomb) }
  }

  @Test("every single-byte corruption of a v2 stream decodes or fails cleanly")
  func singleByteCorruptions() throws {
    let fixture = try Fixtures.lzfseFixture("small-plist")
    let compressed = try Fixtures.lzfseFixture("runs")
    var failures = 0
    for stream in [fixture, compressed] {
      for index in stream.indices {
        var copy = stream
        copy[index] ^= 0x5A
        do {
          _ = try LZFSE.decompress(copy, maximumOutputSize: 1 << 20)
        } catch {
          failures += 1
        }
      }
    }
    #expect(failures > 0)
  }
}

/// Lower-case hexadecimal.
func hex(_ bytes: [UInt8]) -> String {
  bytes.map { String(format: "%02x", $0) }.joined()
}
