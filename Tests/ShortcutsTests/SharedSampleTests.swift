import Foundation
import Testing

@testable import Shortcuts

/// The real Apple-signed samples in ../shared/samples/shortcuts (never copied into the repo).
@Suite("Real signed samples", .enabled(if: SharedData.isAvailable, "../shared is absent; skipped"))
struct SharedSampleTests {
  static let contact = "contactVerificationTest.shortcut"

  @Test("the contact-signed sample extracts and verifies against Apple Root CA")
  func contactSampleVerifies() throws {
    let file = try ShortcutFile(data: try SharedData.sample(Self.contact))
    #expect(file.format == .signed)
    #expect(file.signer?.method == .contact)
    #expect(file.workflowData.starts(with: Array("bplist00".utf8)))
    #expect(file.workflow.actions.count == 913)
    let archive = try #require(file.archive)
    #expect(archive.rootHeader.compressionAlgorithm == .lzfse)
    #expect(archive.rootHeader.segmentSize == 1 << 20)
    #expect(archive.rootHeader.segmentsPerCluster == 256)
    let verification = try #require(file.verify())
    #expect(verification.isVerified, "\(verification.checks)")
    let chain = try #require(verification.checks.first { $0.name == "certificate chain" })
    #expect(chain.detail.hasPrefix("chains to Apple Root CA;"))
    #expect(file.signer?.certificates.last?.issuer.contains("CN=Apple Root CA,") == true)
  }

  struct Tamper: CustomTestStringConvertible, Sendable {
    var name: String
    var offset: @Sendable (AEAArchive) -> Int
    var testDescription: String { name }
  }

  static let tampers: [Tamper] = [
    Tamper(name: "one byte in the auth data", offset: { $0.authDataRange.lowerBound + 500 }),
    Tamper(name: "one byte in the root header", offset: { $0.rootHeaderRange.lowerBound + 40 }),
    Tamper(
      name: "one byte in the root header's sizes", offset: { $0.rootHeaderRange.lowerBound + 1 }),
    Tamper(
      name: "one byte in a segment", offset: { $0.clusters[0].segmentRanges[0].lowerBound + 4000 }),
  ]

  @Test("tampered copies of the sample are rejected with a reason", arguments: tampers)
  func tamperedSample(_ tamper: Tamper) throws {
    var bytes = [UInt8](try SharedData.sample(Self.contact))
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

  @Test("the iCloud sample is an xxd text dump, and inspect says so and how to fix it")
  func iCloudSampleIsHexDump() throws {
    let data = try SharedData.sample("iCloudVerificationTest.shortcut")
    #expect {
      _ = try ShortcutFile(data: data)
    } throws: { error in
      guard case .hexDump(let what)? = error as? ShortcutError else { return false }
      return what == "a signed shortcut starting with AEA1" && "\(error)".contains("xxd -r")
    }
  }
}
