import Foundation
import Testing

@testable import Shortcuts

/// The real Apple-signed samples in ../shared/samples/shortcuts (never copied into the repo):
/// one signed for people who know the signer (Apple ID, Apple Root CA), one signed for anyone
/// through iCloud (Apple Root CA - G3).
@Suite("Real signed samples", .enabled(if: SharedData.isAvailable, "../shared is absent; skipped"))
struct SharedSampleTests {
  struct Sample: CustomTestStringConvertible, Sendable {
    var file: String
    var method: ShortcutSigningMethod
    /// How the chain check describes the root it reached.
    var root: String
    /// The issuer the last certificate in the auth data names.
    var rootIssuer: String
    var testDescription: String { file }
  }

  static let contact = Sample(
    file: "contactVerificationTest.shortcut", method: .contact, root: "Apple Root CA;",
    rootIssuer: "CN=Apple Root CA,")
  static let iCloud = Sample(
    file: "iCloudVerificationTest.shortcut", method: .iCloud, root: "Apple Root CA - G3;",
    rootIssuer: "CN=Apple Root CA - G3")
  static let samples = [contact, iCloud]

  @Test("the real sample extracts and verifies against its Apple root", arguments: samples)
  func sampleVerifies(_ sample: Sample) throws {
    let file = try ShortcutFile(data: try SharedData.sample(sample.file))
    #expect(file.format == .signed)
    #expect(file.signer?.method == sample.method)
    #expect(file.workflowData.starts(with: Array("bplist00".utf8)))
    #expect(file.workflow.actions.count == 913)
    let archive = try #require(file.archive)
    #expect(archive.rootHeader.compressionAlgorithm == .lzfse)
    #expect(archive.rootHeader.segmentSize == 1 << 20)
    #expect(archive.rootHeader.segmentsPerCluster == 256)
    let verification = try #require(file.verify())
    #expect(verification.isVerified, "\(verification.checks)")
    let chain = try #require(verification.checks.first { $0.name == "certificate chain" })
    #expect(chain.detail.hasPrefix("chains to \(sample.root)"), "\(chain.detail)")
    #expect(file.signer?.certificates.last?.issuer.contains(sample.rootIssuer) == true)
  }

  struct Tamper: CustomTestStringConvertible, Sendable {
    var sample: Sample
    var name: String
    var offset: @Sendable (AEAArchive) -> Int
    var testDescription: String { "\(name) of \(sample.file)" }
  }

  static let tampers: [Tamper] = samples.flatMap { sample in
    [
      Tamper(
        sample: sample, name: "one byte in the auth data",
        offset: { $0.authDataRange.lowerBound + 500 }),
      Tamper(
        sample: sample, name: "one byte in the root header",
        offset: { $0.rootHeaderRange.lowerBound + 40 }),
      Tamper(
        sample: sample, name: "one byte in the root header's sizes",
        offset: { $0.rootHeaderRange.lowerBound + 1 }),
      Tamper(
        sample: sample, name: "one byte in a segment",
        offset: { $0.clusters[0].segmentRanges[0].lowerBound + 4000 }),
    ]
  }

  @Test("tampered copies of the samples are rejected with a reason", arguments: tampers)
  func tamperedSample(_ tamper: Tamper) throws {
    var bytes = [UInt8](try SharedData.sample(tamper.sample.file))
    bytes[tamper.offset(try AEAArchive(Data(bytes)))] ^= 0x20
    do {
      let file = try ShortcutFile(data: Data(bytes))
      let verification = try #require(file.verify())
      #expect(!verification.isVerified)
      #expect(!verification.isIntact)
      #expect(verification.failureReason?.isEmpty == false)
    } catch let error as ShortcutError {
      // Damage that breaks structure, checksum or decompression stops extraction outright.
      #expect(!"\(error)".isEmpty)
    }
  }
}
