/// E-mail messages (`.eml`, `message/rfc822`), whatever their body (plain text, HTML, MIME
/// parts), recognized by their header section (RFC 5322, section 2.2).
///
/// The message must open with header fields: every line up to the first empty one (or the
/// end of the sample) is a field, `name: value` with a name of printable ASCII and no colon,
/// or a folded continuation starting with a space or tab. That alone fits many formats
/// (Debian control files, HTTP headers without their status line, YAML), so a message also
/// needs the fields that make it mail: an originator or a transport trace whose value holds an
/// address (`From`, `Sender`, `Return-Path`, `Received`, `Delivered-To` with an `@`), and at
/// least three distinct fields that RFC 5322 and its companions define.
enum MailMessageClassifier {
  /// Fields RFC 5322 (and MIME, RFC 2045, and the transport headers mail carries) define.
  static let mailFields: Set<String> = [
    "from", "sender", "reply-to", "to", "cc", "bcc", "message-id", "in-reply-to", "references",
    "subject", "comments", "keywords", "date", "received", "return-path", "delivered-to",
    "resent-from", "resent-to", "resent-date", "resent-message-id", "mime-version",
    "content-type", "content-transfer-encoding", "dkim-signature", "authentication-results",
    "x-mailer", "user-agent", "thread-topic", "thread-index", "list-id", "x-original-to",
    "envelope-to", "importance", "x-priority",
  ]

  /// Fields that name where a message comes from or went through; one must hold an address.
  static let addressFields: Set<String> = [
    "from", "sender", "return-path", "received", "delivered-to",
  ]

  /// How many header lines are read at most.
  static let lineLimit = 400

  static func detect(_ text: [UInt8], from start: Int, isWhole: Bool) -> Detection? {
    var lines = Lines(text, from: start)
    var names: Set<String> = []
    var hasAddress = false
    var fieldCount = 0
    var endedHeader = false
    var current: String?
    var lineCount = 0
    while let line = lines.next() {
      lineCount += 1
      if line.isEmpty {
        endedHeader = true
        break
      }
      guard lineCount <= lineLimit else { break }
      if line.first == 0x20 || line.first == 0x09 {
        // A folded line continues the field before it.
        guard let field = current else { return nil }
        if addressFields.contains(field), line.contains(0x40) { hasAddress = true }
        continue
      }
      guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
        line[line.startIndex..<colon].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
      else {
        // The last line of a cut sample may stop before its colon.
        if !isWhole, lines.offset >= text.count { break }
        return nil
      }
      let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
      current = name
      fieldCount += 1
      names.insert(name)
      if addressFields.contains(name), line[colon...].contains(0x40) { hasAddress = true }
    }
    // A header cut by the end of a whole file (no body) is still a message; one cut by the
    // end of the sample is judged on what it shows.
    guard endedHeader || isWhole || lines.offset >= text.count else { return nil }
    let known = names.intersection(mailFields)
    guard hasAddress, known.count >= 3 else { return nil }
    if names.contains("snapshot-content-location") {
      // A web page saved as MIME HTML (RFC 2557) by a browser, not mail.
      return Detection(
        [], mimeType: "multipart/related", note: "MIME HTML web page (Snapshot-Content-Location)")
    }
    return Detection(
      ["com.apple.mail.email", "public.email-message"], mimeType: "message/rfc822",
      note:
        "RFC 5322 header section, \(fieldCount) fields (\(known.sorted().prefix(4).joined(separator: ", ")))"
    )
  }
}
