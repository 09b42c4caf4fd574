/// Certificates, keys and the containers that carry them, in binary (DER) and text (PEM) form:
/// X.509 certificates, PKCS #12 identity bundles, certificate requests and revocation lists,
/// PKCS #8 private keys, PKCS #7 / CMS signed data (and the provisioning profiles Apple signs
/// with it).
///
/// DER structures are recognized by the ASN.1 their specifications define (RFC 5280 for X.509
/// and CRLs, RFC 7292 for PKCS #12, RFC 2986 for requests, RFC 5958 for PKCS #8, RFC 5652 for
/// CMS), read from the prefix; a definite outer length must end exactly at the end of the file.
/// PEM (RFC 7468) is the text form: `-----BEGIN <label>-----`, base64 lines, and the matching
/// `-----END <label>-----`.
enum CertificateSignatures {
  /// The object identifiers of PKCS #7 content types (1.2.840.113549.1.7.1 data and .2
  /// signed data), as DER contents.
  static let pkcs7Data: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
  static let pkcs7SignedData: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]

  // MARK: DER

  static func der(_ bytes: [UInt8], fileSize: Int) -> Detection? {
    guard bytes.count >= 16, let outer = DERElement.read(bytes, at: 0),
      outer.tag == DERElement.sequence
    else { return nil }
    // A definite length must cover the file exactly: DER files hold one structure.
    if let end = outer.end, end != fileSize { return nil }
    guard let first = outer.firstChild(in: bytes) else { return nil }
    if first.tag == DERElement.sequence {
      return signedStructure(bytes, first: first) ?? encryptedPrivateKey(bytes, first: first)
    }
    if first.isSmallInteger(3, in: bytes) { return pkcs12(bytes, version: first) }
    if first.isSmallInteger(0, in: bytes) || first.isSmallInteger(1, in: bytes) {
      return privateKey(bytes, version: first)
    }
    if first.tag == DERElement.objectIdentifier { return signedData(bytes, type: first) }
    return nil
  }

  /// A certificate, request or revocation list: SEQUENCE { to-be-signed SEQUENCE, algorithm
  /// SEQUENCE, signature BIT STRING }, told apart by the fields of the to-be-signed part.
  private static func signedStructure(_ bytes: [UInt8], first tbs: DERElement) -> Detection? {
    guard let element = tbs.firstChild(in: bytes) else { return nil }
    // X.509 TBSCertificate: [0] version (optional), serial INTEGER, algorithm SEQUENCE
    // { OID ... }, issuer Name, validity SEQUENCE { time, time }, ...
    var field = element
    if field.tag == 0xA0, let next = field.next(in: bytes) { field = next }
    if field.tag == DERElement.integer, let algorithm = field.next(in: bytes),
      isAlgorithm(algorithm, in: bytes), let issuer = algorithm.next(in: bytes),
      issuer.tag == DERElement.sequence, let validity = issuer.next(in: bytes),
      validity.tag == DERElement.sequence, let notBefore = validity.firstChild(in: bytes),
      isTime(notBefore)
    {
      return Detection(
        "public.x509-certificate", mimeType: "application/pkix-cert",
        note: "DER X.509 certificate (RFC 5280)")
    }
    // PKCS #10 CertificationRequestInfo: version 0, subject Name, SubjectPublicKeyInfo.
    if element.isSmallInteger(0, in: bytes), let subject = element.next(in: bytes),
      subject.tag == DERElement.sequence, let key = subject.next(in: bytes),
      key.tag == DERElement.sequence, let keyAlgorithm = key.firstChild(in: bytes),
      isAlgorithm(keyAlgorithm, in: bytes)
    {
      return Detection([], mimeType: "application/pkcs10", note: "DER certificate request")
    }
    // TBSCertList: optional version 1, algorithm, issuer Name, thisUpdate time.
    var listField = element
    if listField.isSmallInteger(1, in: bytes), let next = listField.next(in: bytes) {
      listField = next
    }
    if isAlgorithm(listField, in: bytes), let issuer = listField.next(in: bytes),
      issuer.tag == DERElement.sequence, let thisUpdate = issuer.next(in: bytes),
      isTime(thisUpdate)
    {
      return Detection([], mimeType: "application/pkix-crl", note: "DER revocation list")
    }
    return nil
  }

  /// EncryptedPrivateKeyInfo: SEQUENCE { algorithm SEQUENCE { OID, ... }, OCTET STRING }.
  private static func encryptedPrivateKey(_ bytes: [UInt8], first: DERElement) -> Detection? {
    guard isAlgorithm(first, in: bytes), let data = first.next(in: bytes),
      data.tag == DERElement.octetString, data.end == DERElement.read(bytes, at: 0)?.end
    else { return nil }
    return Detection(
      [], mimeType: "application/pkcs8-encrypted", note: "DER encrypted private key (PKCS #8)")
  }

  /// PFX: SEQUENCE { version 3, authSafe ContentInfo { data or signed-data OID, [0] ... } }.
  private static func pkcs12(_ bytes: [UInt8], version: DERElement) -> Detection? {
    guard let authSafe = version.next(in: bytes), authSafe.tag == DERElement.sequence,
      let type = authSafe.firstChild(in: bytes), type.tag == DERElement.objectIdentifier,
      let oid = type.contents(in: bytes), oid == pkcs7Data || oid == pkcs7SignedData,
      let content = type.next(in: bytes), content.tag == 0xA0
    else { return nil }
    return Detection(
      "com.rsa.pkcs-12", mimeType: "application/x-pkcs12", note: "DER PKCS #12 (PFX)")
  }

  /// PrivateKeyInfo (PKCS #8): SEQUENCE { version 0 or 1, algorithm SEQUENCE { OID, ... },
  /// privateKey OCTET STRING, ... }.
  private static func privateKey(_ bytes: [UInt8], version: DERElement) -> Detection? {
    guard let algorithm = version.next(in: bytes), isAlgorithm(algorithm, in: bytes),
      let key = algorithm.next(in: bytes), key.tag == DERElement.octetString
    else { return nil }
    return Detection([], mimeType: "application/pkcs8", note: "DER private key (PKCS #8)")
  }

  /// ContentInfo: SEQUENCE { signed-data OID, [0] SignedData }. An Apple provisioning
  /// profile is signed data whose content is a property list of the profile's keys.
  private static func signedData(_ bytes: [UInt8], type: DERElement) -> Detection? {
    guard let oid = type.contents(in: bytes), oid == pkcs7SignedData,
      let content = type.next(in: bytes), content.tag == 0xA0
    else { return nil }
    if bytes.firstIndex(of: Array("<plist".utf8)) != nil,
      bytes.firstIndex(of: Array("<key>ApplicationIdentifierPrefix</key>".utf8)) != nil,
      bytes.firstIndex(of: Array("<key>DeveloperCertificates</key>".utf8)) != nil
    {
      return Detection(
        "com.apple.mobileprovision", mimeType: "application/x-apple-aspen-mobileprovision",
        note: "CMS signed data holding a provisioning profile")
    }
    return Detection(
      [], mimeType: "application/pkcs7-mime", note: "DER PKCS #7 / CMS signed data")
  }

  /// AlgorithmIdentifier: SEQUENCE { OBJECT IDENTIFIER, parameters OPTIONAL }.
  private static func isAlgorithm(_ element: DERElement, in bytes: [UInt8]) -> Bool {
    element.tag == DERElement.sequence
      && element.firstChild(in: bytes)?.tag == DERElement.objectIdentifier
  }

  private static func isTime(_ element: DERElement) -> Bool {
    element.tag == DERElement.utcTime || element.tag == DERElement.generalizedTime
  }
}
