import Foundation
import TestSupport
import Testing

@testable import Shortcuts

@Suite("Apple Encrypted Archive, profile 0")
struct AEAArchiveTests {
  @Test("writer and reader agree for every layout", arguments: SignedFixtures.Layout.allCases)
  func roundTrip(layout: SignedFixtures.Layout) throws {
    let bytes = try SignedFixtures.contactSigned(layout)
    let archive = try AEAArchive(Data(bytes))
    let inner = try SignedFixtures.innerArchive()
    #expect(archive.profile == .hkdfSHA256HMACNoneECDSAP256)
    #expect(archive.rootHeader.rawSize == UInt64(inner.count))
    #expect(archive.rootHeader.containerSize == UInt64(bytes.count))
    #expect(archive.rootHeader.checksumAlgorithm == .sha256)
    #expect(try archive.payload() == inner)
    let key = try SignedFixtures.signingKey()
    #expect(archive.authenticate(signingPublicKey: key.publicKey).isEmpty)
    switch layout {
    case .raw:
      #expect(archive.rootHeader.compressionAlgorithm == .none)
      #expect(archive.clusters.count == 1)
      #expect(archive.clusters[0].segments.allSatisfy { $0.isStored })
    case .compressed:
      #expect(archive.rootHeader.compressionAlgorithm == .lzfse)
      #expect(archive.clusters[0].segments.count == 1)
      #expect(!archive.clusters[0].segments[0].isStored)
    case .multiCluster:
      #expect(archive.clusters.count == 3)
      #expect(archive.clusters.map(\.segments.count) == [2, 2, 2])
      #expect(archive.rootHeader.segmentSize == 8192)
    }
  }

  @Test("a different signing key fails the signature and the HMAC chain")
  func wrongKey() throws {
    let archive = try AEAArchive(Data(try SignedFixtures.contactSigned(.compressed)))
    let other = try #require(AEASigningKey())
    let failures = archive.authenticate(signingPublicKey: other.publicKey)
    #expect(failures.contains(.signature))
    // The main key is derived with the signing key, so every MAC fails too.
    #expect(failures.contains(.rootHeaderMAC))
    #expect(archive.authenticate(signingPublicKey: [1, 2, 3]) == [.invalidSigningKey])
  }

  struct Tamper: CustomTestStringConvertible, Sendable {
    var name: String
    /// Offset from a landmark, resolved against the archive.
    var locate: @Sendable (AEAArchive) -> Int
    var expected: AEAAuthenticationFailure
    var testDescription: String { name }
  }

  static let tampers: [Tamper] = [
    Tamper(name: "auth data", locate: { $0.authDataRange.lowerBound + 40 }, expected: .signature),
    Tamper(name: "random key", locate: { $0.signatureRange.upperBound + 3 }, expected: .signature),
    Tamper(
      name: "root header", locate: { $0.rootHeaderRange.lowerBound + 30 },
      expected: .rootHeaderMAC),
    Tamper(
      name: "segment header of cluster 1", locate: { $0.clusters[1].headerRange.lowerBound + 12 },
      expected: .clusterHeaderMAC(cluster: 1)),
    Tamper(
      name: "segment 1 of cluster 2", locate: { $0.clusters[2].segmentRanges[1].lowerBound + 20 },
      expected: .segmentMAC(cluster: 2, segment: 1)),
    Tamper(
      name: "next-cluster MAC of cluster 0",
      locate: {
        $0.clusters[0].nextClusterMAC.isEmpty ? 0 : $0.clusters[0].headerRange.upperBound + 5
      },
      expected: .clusterHeaderMAC(cluster: 0)),
  ]

  @Test("one changed byte anywhere is caught by the check that covers it", arguments: tampers)
  func tamperedByte(_ tamper: Tamper) throws {
    var bytes = try SignedFixtures.contactSigned(.multiCluster)
    let original = try AEAArchive(Data(bytes))
    let offset = tamper.locate(original)
    bytes[offset] ^= 0x01
    let key = try SignedFixtures.signingKey()
    // These bytes hold no sizes, so the structure still parses; only authentication notices.
    let archive = try AEAArchive(Data(bytes))
    let failures = archive.authenticate(signingPublicKey: key.publicKey)
    #expect(failures.contains(tamper.expected), "\(failures)")
  }

  struct Malformed: CustomTestStringConvertible, Sendable {
    var name: String
    var edit: @Sendable ([UInt8]) -> [UInt8]
    /// The `AEAError` case, and what its message says.
    var error: String
    var expected: String
    var testDescription: String { name }
  }

  static let malformed: [Malformed] = [
    Malformed(
      name: "wrong magic", edit: { [0x41, 0x45, 0x41, 0x32] + $0.dropFirst(4) },
      error: "wrongMagic", expected: "not AEA1"),
    Malformed(
      name: "empty", edit: { _ in [] }, error: "truncated", expected: "truncated in the header"),
    Malformed(
      name: "encrypted profile",
      edit: {
        var b = $0
        b[4] = 1
        return b
      }, error: "unsupportedProfile", expected: "profile 1"),
    Malformed(
      name: "unknown profile",
      edit: {
        var b = $0
        b[4] = 9
        return b
      }, error: "unsupportedProfile", expected: "profile 9"),
    Malformed(
      name: "auth data size past the end",
      edit: {
        var b = $0
        b[10] = 0x08
        return b
      },
      error: "truncated", expected: "truncated in the auth data"),
    Malformed(
      name: "cut in the prologue", edit: { Array($0.prefix(300)) }, error: "truncated",
      expected: "truncated"),
    Malformed(
      name: "cut in a segment", edit: { Array($0.dropLast(10)) }, error: "containerSizeMismatch",
      expected: "declares"),
    Malformed(
      name: "trailing bytes", edit: { $0 + [0] }, error: "containerSizeMismatch",
      expected: "declares"),
  ]

  @Test("malformed archives get a clear error", arguments: malformed)
  func rejectsMalformed(_ input: Malformed) throws {
    let bytes = input.edit(try SignedFixtures.contactSigned(.compressed))
    let error = #expect(throws: AEAError.self) {
      _ = try AEAArchive(Data(bytes))
    }
    #expect(error.map(caseName(of:)) == input.error, "\(String(describing: error))")
    #expect(error.map { "\($0)" }?.contains(input.expected) == true, "\(String(describing: error))")
  }

  @Test("segment sizes that lie are refused before decoding")
  func lyingSegmentSizes() throws {
    let bytes = try SignedFixtures.contactSigned(.compressed)
    let archive = try AEAArchive(Data(bytes))
    let headerAt = archive.clusters[0].headerRange.lowerBound
    for (field, value) in [(0, UInt32.max), (4, UInt32.max), (4, 0), (0, 1)] {
      var copy = bytes
      withUnsafeBytes(of: value.littleEndian) {
        copy.replaceSubrange((headerAt + field)..<(headerAt + field + 4), with: $0)
      }
      #expect(throws: AEAError.self) {
        let parsed = try AEAArchive(Data(copy))
        _ = try parsed.payload()
      }
    }
  }

  @Test("a raw size over the limit is refused (decompression-bomb guard)")
  func rawSizeLimit() throws {
    let bytes = try SignedFixtures.contactSigned(.compressed)
    var limits = AEALimits.default
    limits.maximumRawSize = 1000
    let error = #expect(throws: AEAError.self) {
      _ = try AEAArchive(Data(bytes), limits: limits)
    }
    guard case .invalidField(let field, _, _)? = error else {
      Issue.record("expected invalidField, got \(String(describing: error))")
      return
    }
    #expect(field.contains("raw size"))
  }
}
