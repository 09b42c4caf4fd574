import Foundation
import PropertyLists

/// Who signed a shortcut and with what, read from the archive's auth data property list.
///
/// Contact-signed auth data holds `SigningPublicKey` (the P-256 key that signed the archive),
/// `SigningPublicKeySignature` (RSA-PSS by the Apple ID certificate over that key),
/// `AppleIDCertificateChain` (DER certificates, leaf first) and `AppleIDValidationRecord` (a CMS
/// message from Apple). iCloud-signed auth data holds `SigningCertificateChain`, whose leaf's
/// P-256 key signed the archive.
public struct ShortcutSigner: Sendable {
  /// The signing method.
  public var method: ShortcutSigningMethod
  /// The certificate chain as stored, DER, leaf first.
  public var certificateChain: [[UInt8]]
  /// The chain's certificates, decoded.
  public var certificates: [SigningCertificate]
  /// The uncompressed P-256 key that signed the archive.
  public var signingPublicKey: [UInt8]
  /// Contact signing: the Apple ID certificate's signature over `signingPublicKey`.
  public var signingPublicKeySignature: [UInt8]?
  /// Contact signing: Apple's validation record (CMS, DER).
  public var validationRecord: [UInt8]?

  /// Reads the signer from an archive's auth data.
  /// - Throws: `ShortcutError.invalidAuthData` saying which key is missing or malformed.
  public init(authData: Data) throws(ShortcutError) {
    let object: Any
    do {
      object = try PropertyListReader(limits: Workflow.propertyListLimits).propertyList(
        from: authData)
    } catch {
      throw .invalidAuthData("the auth data is not a usable property list: \(error)")
    }
    guard let dictionary = object as? [String: Any] else {
      throw .invalidAuthData("the auth data is not a dictionary")
    }
    func chain(_ key: String) throws(ShortcutError) -> [[UInt8]] {
      guard let array = dictionary[key] as? [Any], !array.isEmpty else {
        throw .invalidAuthData("\(key) is missing or empty")
      }
      var chain: [[UInt8]] = []
      for item in array {
        guard let data = item as? Data else {
          throw .invalidAuthData("\(key) holds something other than certificate data")
        }
        chain.append([UInt8](data))
      }
      return chain
    }
    if dictionary["SigningPublicKey"] != nil || dictionary["AppleIDCertificateChain"] != nil {
      method = .contact
      certificateChain = try chain("AppleIDCertificateChain")
      guard let key = dictionary["SigningPublicKey"] as? Data else {
        throw .invalidAuthData("SigningPublicKey is missing")
      }
      signingPublicKey = [UInt8](key)
      signingPublicKeySignature = (dictionary["SigningPublicKeySignature"] as? Data).map {
        [UInt8]($0)
      }
      validationRecord = (dictionary["AppleIDValidationRecord"] as? Data).map { [UInt8]($0) }
    } else if dictionary["SigningCertificateChain"] != nil {
      method = .iCloud
      certificateChain = try chain("SigningCertificateChain")
      signingPublicKey = []
    } else {
      let keys = dictionary.keys.sorted().joined(separator: ", ")
      throw .invalidAuthData(
        "neither contact (SigningPublicKey) nor iCloud (SigningCertificateChain) keys; has: \(keys)"
      )
    }
    var certificates: [SigningCertificate] = []
    for (index, der) in certificateChain.enumerated() {
      guard let (certificate, point) = LibCrypto.certificateDetails(der) else {
        throw .invalidAuthData("certificate \(index) of the chain cannot be parsed")
      }
      if index == 0 && method == .iCloud {
        guard let point else {
          throw .invalidAuthData("the signing certificate's key is not a P-256 key")
        }
        signingPublicKey = point
      }
      certificates.append(certificate)
    }
    self.certificates = certificates
  }
}
