import Foundation
import PropertyLists

/// The outcome of checking a signed shortcut: every check with its result.
public struct ShortcutVerification: Sendable, Codable {
  /// One check and what it found.
  public struct Check: Sendable, Codable, Equatable {
    /// What was checked.
    public var name: String
    /// Whether it passed.
    public var passed: Bool
    /// What was found, or why it failed.
    public var detail: String
  }

  /// Every check, in the order performed.
  public var checks: [Check]

  /// True when every check passed.
  public var isVerified: Bool { checks.allSatisfy(\.passed) }

  /// True when the archive's signature and HMAC chain are intact (nothing was altered after
  /// signing), whoever the signer is.
  public var isIntact: Bool {
    checks.filter { $0.name == Self.signatureCheck || $0.name == Self.macCheck }
      .allSatisfy(\.passed)
  }

  /// The first failed check's reason, or nil when verified.
  public var failureReason: String? {
    checks.first { !$0.passed }.map { "\($0.name): \($0.detail)" }
  }

  static let signatureCheck = "archive signature"
  static let macCheck = "HMAC chain"

  /// Checks a signed shortcut: the ECDSA P-256 signature over the prologue with the signer's
  /// key, the HMAC chain, and the signer's certificates up to the pinned root.
  ///
  /// Validity dates are reported but not enforced: Apple keeps accepting a shortcut signed while
  /// its certificates were valid, and the Apple ID certificates in shared shortcuts expire
  /// after about a year.
  public init(
    archive: AEAArchive, signer: ShortcutSigner, anchors: ShortcutTrustAnchors = .apple,
    now: Date = Date()
  ) {
    var checks: [Check] = []
    let failures = archive.authenticate(signingPublicKey: signer.signingPublicKey)
    let signatureFailures = failures.filter {
      $0 == .signature || $0 == .invalidSigningKey
    }
    checks.append(
      Check(
        name: Self.signatureCheck, passed: signatureFailures.isEmpty,
        detail: signatureFailures.isEmpty
          ? "ECDSA P-256 signature over the prologue verifies with the signing key"
          : signatureFailures.map(\.description).joined(separator: "; ")))
    let macFailures = failures.filter { !($0 == .signature || $0 == .invalidSigningKey) }
    checks.append(
      Check(
        name: Self.macCheck, passed: macFailures.isEmpty,
        detail: macFailures.isEmpty
          ? "root header, \(archive.clusters.count) cluster header(s) and"
            + " \(archive.clusters.reduce(0) { $0 + $1.segments.count }) segment(s) match"
          : macFailures.map(\.description).joined(separator: "; ")))

    let root = signer.method == .contact ? anchors.contact : anchors.iCloud
    if signer.method == .contact {
      if let endorsement = signer.signingPublicKeySignature {
        let endorsed = LibCrypto.verifyPSS(
          certificate: signer.certificateChain[0], signature: endorsement,
          message: signer.signingPublicKey)
        checks.append(
          Check(
            name: "signing key endorsement", passed: endorsed,
            detail: endorsed
              ? "the Apple ID certificate's RSA-PSS signature over the signing key verifies"
              : "the Apple ID certificate's signature over the signing key does not verify"))
      } else {
        checks.append(
          Check(
            name: "signing key endorsement", passed: false,
            detail: "SigningPublicKeySignature is missing"))
      }
    }
    checks.append(Self.chainCheck(signer.certificateChain, root: root, now: now))
    if signer.method == .contact {
      checks.append(Self.validationRecordCheck(signer.validationRecord, root: root))
    }
    self.checks = checks
  }

  static func chainCheck(
    _ chain: [[UInt8]], root: ShortcutTrustAnchors.Root, now: Date
  ) -> Check {
    let name = "certificate chain"
    guard let anchor = root.der else {
      return Check(
        name: name, passed: false, detail: "root certificate \(root.name) not available")
    }
    if let failure = LibCrypto.verifyChain(chain, anchor: anchor) {
      return Check(
        name: name, passed: false, detail: "does not chain to \(root.name): \(failure)")
    }
    let expired = chain.compactMap(SigningCertificate.init(der:)).filter { $0.isExpired(at: now) }
    let note =
      expired.isEmpty
      ? "all certificates within their validity dates"
      : "validity dates not enforced; expired: "
        + expired.map { "\($0.subject) (until \($0.notAfter))" }.joined(separator: "; ")
    return Check(name: name, passed: true, detail: "chains to \(root.name); \(note)")
  }

  static func validationRecordCheck(_ record: [UInt8]?, root: ShortcutTrustAnchors.Root) -> Check {
    let name = "Apple ID validation record"
    guard let record else {
      return Check(name: name, passed: false, detail: "AppleIDValidationRecord is missing")
    }
    switch LibCrypto.verifyCMS(record) {
    case .failure(let failure):
      return Check(name: name, passed: false, detail: failure.description)
    case .success(let result):
      guard let anchor = root.der else {
        return Check(
          name: name, passed: false, detail: "root certificate \(root.name) not available")
      }
      if let failure = LibCrypto.verifyChain(result.certificates, anchor: anchor) {
        return Check(
          name: name, passed: false,
          detail: "the record's signer does not chain to \(root.name): \(failure)")
      }
      var detail = "CMS signature verifies and its signer chains to \(root.name)"
      if let plist = try? PropertyListReader(limits: Workflow.propertyListLimits).propertyList(
        from: Data(result.content)) as? [String: Any],
        let validAsOf = plist["ValidAsOf"] as? Date
      {
        detail += "; valid as of \(validAsOf)"
      }
      return Check(name: name, passed: true, detail: detail)
    }
  }
}
