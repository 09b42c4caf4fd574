import Foundation
import Testing

@testable import Shortcuts

@Suite("Signed shortcut verification")
struct VerificationTests {
  @Test("a contact-signed fixture verifies against the test root, every check passing")
  func contactSignedVerifies() throws {
    let file = try ShortcutFile(data: Data(try SignedFixtures.contactSigned(.compressed)))
    #expect(file.format == .signed)
    let signer = try #require(file.signer)
    #expect(signer.method == .contact)
    #expect(signer.certificates.first?.subject == "CN=com.example.test.appleid")
    let verification = try #require(file.verify(anchors: try SignedFixtures.testAnchors()))
    #expect(
      verification.checks.map(\.name) == [
        "archive signature", "HMAC chain", "signing key endorsement", "certificate chain",
        "Apple ID validation record",
      ])
    #expect(verification.isVerified, "\(verification.checks)")
    #expect(verification.failureReason == nil)
  }

  @Test("the same fixture is intact but not verified against Apple's roots")
  func testRootIsNotApple() throws {
    let file = try ShortcutFile(data: Data(try SignedFixtures.contactSigned(.raw)))
    let verification = try #require(file.verify())
    #expect(verification.isIntact)
    #expect(!verification.isVerified)
    let reason = try #require(verification.failureReason)
    #expect(reason.hasPrefix("certificate chain: does not chain to Apple Root CA"))
  }

  @Test("a missing root certificate is reported as not available, not as verified")
  func missingRoot() throws {
    let file = try ShortcutFile(data: Data(try SignedFixtures.contactSigned(.raw)))
    var anchors = try SignedFixtures.testAnchors()
    anchors.contact = .init(name: "Apple Root CA", der: nil)
    let verification = try #require(file.verify(anchors: anchors))
    #expect(!verification.isVerified)
    #expect(
      verification.failureReason
        == "certificate chain: root certificate Apple Root CA not available")
  }

  @Test("an iCloud-signed fixture uses its leaf certificate's key and the iCloud root")
  func iCloudSignedVerifies() throws {
    let bytes = try SignedFixtures.signed(
      .multiCluster, authData: try SignedFixtures.iCloudAuthData(),
      key: try SignedFixtures.iCloudKey())
    let file = try ShortcutFile(data: Data(bytes))
    #expect(file.signer?.method == .iCloud)
    let verification = try #require(file.verify(anchors: try SignedFixtures.testAnchors()))
    #expect(
      verification.checks.map(\.name) == ["archive signature", "HMAC chain", "certificate chain"])
    #expect(verification.isVerified, "\(verification.checks)")
    // Against Apple Root CA - G3 the chain fails.
    #expect(file.verify()?.failureReason?.contains("Apple Root CA - G3") == true)
  }

  @Test("an archive signed by a key the Apple ID certificate did not endorse fails endorsement")
  func unendorsedKey() throws {
    let stranger = try #require(AEASigningKey())
    var plist =
      try PropertyListSerialization.propertyList(
        from: Data(try SignedFixtures.contactAuthData()), format: nil) as? [String: Any] ?? [:]
    plist["SigningPublicKey"] = Data(stranger.publicKey)
    let authData = try PropertyListSerialization.data(
      fromPropertyList: plist, format: .binary, options: 0)
    let bytes = try SignedFixtures.signed(.raw, authData: [UInt8](authData), key: stranger)
    let file = try ShortcutFile(data: Data(bytes))
    let verification = try #require(file.verify(anchors: try SignedFixtures.testAnchors()))
    #expect(verification.isIntact)
    #expect(verification.checks.first { $0.name == "signing key endorsement" }?.passed == false)
    #expect(!verification.isVerified)
  }

  @Test("embedded Apple roots have Apple's published fingerprints")
  func rootFingerprints() throws {
    let root = try #require(SigningCertificate(der: AppleRootCertificates.appleRootCA))
    #expect(
      root.sha256Fingerprint == "B0B1730ECBC7FF4505142C49F1295E6EDA6BCAED7E2C68C5BE91B5A11001F024")
    #expect(root.subject == "CN=Apple Root CA,OU=Apple Certification Authority,O=Apple Inc.,C=US")
    let g3 = try #require(SigningCertificate(der: AppleRootCertificates.appleRootCAG3))
    #expect(
      g3.sha256Fingerprint == "63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179")
  }

  @Test(
    "the embedded G3 root equals the copy in ../shared",
    .enabled(if: SharedData.isAvailable, "../shared is absent; skipped"))
  func g3MatchesShared() throws {
    #expect(
      [UInt8](try SharedData.sample("AppleRootCA-G3.cer")) == AppleRootCertificates.appleRootCAG3)
  }
}
