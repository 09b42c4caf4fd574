import Foundation

/// What a certificate in a shortcut's signing chain says about its holder and issuer.
public struct SigningCertificate: Sendable, Codable, Equatable {
  /// The subject distinguished name (RFC 2253).
  public var subject: String
  /// The issuer distinguished name (RFC 2253).
  public var issuer: String
  /// Start of validity.
  public var notBefore: Date
  /// End of validity.
  public var notAfter: Date
  /// SHA-256 of the DER encoding, upper-case hexadecimal.
  public var sha256Fingerprint: String

  /// Reads a DER certificate through OpenSSL; nil when it cannot be parsed.
  public init?(der: [UInt8]) {
    guard let summary = LibCrypto.certificateSummary(der) else { return nil }
    self = summary
  }

  init(subject: String, issuer: String, notBefore: Date, notAfter: Date, sha256Fingerprint: String)
  {
    self.subject = subject
    self.issuer = issuer
    self.notBefore = notBefore
    self.notAfter = notAfter
    self.sha256Fingerprint = sha256Fingerprint
  }

  /// Whether the certificate's validity period has ended at `date`.
  public func isExpired(at date: Date = Date()) -> Bool { date > notAfter }
}
