/// PEM, the text form of certificates and keys (RFC 7468): the base64 of a DER structure
/// between `-----BEGIN <label>-----` and `-----END <label>-----` lines.
extension CertificateSignatures {
  /// Labels of an X.509 certificate: RFC 7468's, and the two older ones OpenSSL still writes.
  static let certificateLabels: Set<String> = [
    "CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE",
  ]

  /// How far into the text a PEM block may start, after lines OpenSSL writes before it
  /// (`Bag Attributes`, `subject=...`, indented attribute lines).
  static let pemPreambleWindow = 2048

  /// A PEM file: its first block's BEGIN line, at the start or after a preamble of
  /// attribute lines, then base64 lines (RFC 1421 header lines such as `Proc-Type:` allowed
  /// first), then the END line with the same label, or the end of a cut sample. Certificates
  /// are `public.x509-certificate`; other labels (keys, requests, CMS) have no system type
  /// and are named by the PEM MIME type. OpenPGP armor (`-----BEGIN PGP ...`) is not PEM.
  static func pem(_ text: [UInt8], from start: Int, isWhole: Bool) -> Detection? {
    let begin = Array("-----BEGIN ".utf8)
    guard let at = text.firstIndex(of: begin, from: start, before: start + pemPreambleWindow),
      at == start || (text[at - 1] == 0x0A && isPreamble(text[start..<at]))
    else { return nil }
    var lines = Lines(text, from: at)
    guard let beginLine = lines.next(), let label = armorLabel(beginLine, prefix: "BEGIN "),
      !label.hasPrefix("PGP ")
    else { return nil }
    var base64Lines = 0
    var inHeaders = true
    while let line = lines.next() {
      if let end = armorLabel(line, prefix: "END ") {
        guard end == label, base64Lines > 0 else { return nil }
        return pemDetection(label: label)
      }
      if inHeaders, line.contains(0x3A) { continue }  // "Proc-Type: 4,ENCRYPTED"
      inHeaders = false
      if line.isEmpty { continue }
      guard line.count <= 80, line.allSatisfy(isBase64) else { return nil }
      base64Lines += 1
    }
    // The sample ended inside the block.
    guard !isWhole, base64Lines > 0 else { return nil }
    return pemDetection(label: label)
  }

  private static func pemDetection(label: String) -> Detection {
    let note = "PEM block '\(label)'"
    if certificateLabels.contains(label) {
      return Detection("public.x509-certificate", mimeType: "application/x-pem-file", note: note)
    }
    return Detection([], mimeType: "application/x-pem-file", note: note)
  }

  /// The label of a `-----BEGIN LABEL-----` (or END) line: capital letters, digits, spaces
  /// and hyphens.
  private static func armorLabel(_ line: ArraySlice<UInt8>, prefix: String) -> String? {
    let head = Array(("-----" + prefix).utf8)
    let tail = Array("-----".utf8)
    var line = line
    while let last = line.last, last == 0x20 || last == 0x09 { line.removeLast() }
    guard line.count > head.count + tail.count, line.starts(with: head),
      line.suffix(tail.count).elementsEqual(tail)
    else { return nil }
    let label = line.dropFirst(head.count).dropLast(tail.count)
    guard !label.isEmpty,
      label.allSatisfy({
        (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x20 || $0 == 0x2D
      })
    else { return nil }
    return String(decoding: label, as: UTF8.self)
  }

  /// Lines OpenSSL puts before a block: blank, indented, `Bag Attributes`, or `key: value` /
  /// `key=value`.
  private static func isPreamble(_ text: ArraySlice<UInt8>) -> Bool {
    var lines = Lines(Array(text), from: 0)
    var count = 0
    while let line = lines.next() {
      count += 1
      guard count <= 40 else { return false }
      if line.isEmpty || line.first == 0x20 || line.first == 0x09 { continue }
      // "Bag Attributes", "Key Attributes: <No Attributes>", "subject=...", "issuer=...".
      let key = line.prefix(40)
      guard key.contains(0x3A) || key.contains(0x3D) || line.elementsEqual("Bag Attributes".utf8)
      else { return false }
    }
    return true
  }

  private static func isBase64(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
      || byte == 0x2B || byte == 0x2F || byte == 0x3D
  }
}
