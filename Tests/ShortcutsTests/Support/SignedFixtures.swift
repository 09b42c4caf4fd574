import Foundation
import TestSupport

@testable import Shortcuts

/// Signed shortcuts built by the tests themselves, with the committed test PKI
/// (scripts/make-test-pki.sh) and LZFSE fixtures (scripts/make-lzfse-fixtures.py).
enum SignedFixtures {
  static let pki = ProjectPaths.corpus.appendingPathComponent("shortcuts/test-pki")

  /// `wflow` as `Shortcut.wflow` in an Apple Archive, contact-signed by the test writer (raw
  /// segments), read back as a shortcut file.
  static func contactSigned(workflow wflow: Data) throws -> ShortcutFile {
    var inner = AppleArchiveWriter()
    inner.appendDirectory(path: "")
    inner.appendFile(path: "Shortcut.wflow", contents: [UInt8](wflow))
    let writer = AEAWriter(compression: .none)
    guard
      let bytes = writer.write(
        segments: writer.rawSegments(inner.bytes), authData: try contactAuthData(),
        key: try signingKey())
    else { throw FixtureError("the AEA writer failed") }
    return try ShortcutFile(data: Data(bytes))
  }

  static func pkiFile(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: pki.appendingPathComponent(name)))
  }

  /// Anchors that trust the test roots instead of Apple's.
  static func testAnchors() throws -> ShortcutTrustAnchors {
    ShortcutTrustAnchors(
      contact: .init(name: "Test Contact Root CA", der: try pkiFile("contact-root.der")),
      iCloud: .init(name: "Test iCloud Root CA", der: try pkiFile("icloud-root.der")))
  }

  static func signingKey() throws -> AEASigningKey {
    guard let key = AEASigningKey(pem: try pkiFile("signing-key.pem")) else {
      throw FixtureError("cannot load signing-key.pem")
    }
    return key
  }

  static func iCloudKey() throws -> AEASigningKey {
    guard let key = AEASigningKey(pem: try pkiFile("icloud-leaf-key.pem")) else {
      throw FixtureError("cannot load icloud-leaf-key.pem")
    }
    return key
  }

  /// Contact-signed auth data shaped like Apple's.
  static func contactAuthData() throws -> [UInt8] {
    let plist: [String: Any] = [
      "SigningPublicKey": Data(try pkiFile("signing-key.pub")),
      "SigningPublicKeySignature": Data(try pkiFile("signing-key.sig")),
      "AppleIDCertificateChain": [Data(try pkiFile("contact-leaf.der"))],
      "AppleIDValidationRecord": Data(try pkiFile("validation-record.der")),
    ]
    return [UInt8](
      try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
  }

  /// iCloud-signed auth data shaped like Apple's.
  static func iCloudAuthData() throws -> [UInt8] {
    let plist: [String: Any] = ["SigningCertificateChain": [Data(try pkiFile("icloud-leaf.der"))]]
    return [UInt8](
      try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
  }

  /// The Apple Archive the LZFSE fixtures compress (Shortcut.wflow inside).
  static func innerArchive() throws -> [UInt8] {
    try LZFSE.decompress(try Fixtures.lzfseFixture("shortcut-archive"))
  }

  enum Layout: String, CaseIterable, Sendable {
    /// One segment stored raw.
    case raw
    /// One LZFSE segment.
    case compressed
    /// Six 8 KiB segments, LZFSE, two per cluster: three clusters.
    case multiCluster
  }

  /// A signed shortcut holding the fixture archive.
  static func contactSigned(_ layout: Layout) throws -> [UInt8] {
    try signed(layout, authData: try contactAuthData(), key: try signingKey())
  }

  static func signed(_ layout: Layout, authData: [UInt8], key: AEASigningKey) throws -> [UInt8] {
    var writer = AEAWriter()
    let archive = try innerArchive()
    let segments: [AEAWriter.Segment]
    switch layout {
    case .raw:
      writer.compression = .none
      segments = writer.rawSegments(archive)
    case .compressed:
      segments = [.init(original: archive, stored: try Fixtures.lzfseFixture("shortcut-archive"))]
    case .multiCluster:
      writer.segmentSize = 8192
      writer.segmentsPerCluster = 2
      segments = try (0..<6).map { index in
        let stored = try Fixtures.lzfseFixture(
          String(format: "shortcut-archive.segment%02d", index))
        return .init(original: try LZFSE.decompress(stored), stored: stored)
      }
    }
    guard let bytes = writer.write(segments: segments, authData: authData, key: key) else {
      throw FixtureError("the AEA writer failed")
    }
    return bytes
  }
}

struct FixtureError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
