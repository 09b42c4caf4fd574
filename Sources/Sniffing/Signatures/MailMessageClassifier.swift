/// E-mail messages (`.eml`, `message/rfc822`), whatever their body (plain text, HTML, MIME
/// parts), recognized by their header section (RFC 5322, section 2.2).
///
/// The message must open with header fields: every line up to the first empty one (or the
/// end of the sample) is a field, `name: value` with a name of printable ASCII and no colon,
/// or a folded continuation starting with a space or tab. That alone fits many formats
/// (Debian control files, HTTP headers without their status line, YAML), so a message also
/// needs the fields that make it mail: an originator or a transport trace whose value holds an
/// address (`From`, `Sender`, `Return-Path`, `Received`, `Delivered-To` with an `@`), and at
/// least three distinct fields that RFC 5322 and its companions define (two for a message of
/// two capitalized fields, one a `From` with an address). An mbox `From ` line may come first.
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
    var capitalized = true
    var fromHasAddress = false
    var isFirst = true
    while let line = lines.next() {
      lineCount += 1
      defer { isFirst = false }
      // An mbox separator, `From sender date`, before the header of a message saved from a
      // mailbox.
      if isFirst, line.starts(with: Array("From ".utf8)),
        line.dropFirst(5).first(where: { $0 != 0x20 && $0 != 0x09 }) != 0x3A
      {
        continue
      }
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
      // RFC 5322's obsolete syntax (section 4.5) allows blanks between a name and its colon.
      var nameEnd = line.firstIndex(of: 0x3A) ?? line.endIndex
      let colon = nameEnd
      while nameEnd > line.startIndex, line[nameEnd - 1] == 0x20 || line[nameEnd - 1] == 0x09 {
        nameEnd -= 1
      }
      guard colon < line.endIndex, nameEnd > line.startIndex,
        line[line.startIndex..<nameEnd].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
      else {
        // The last line of a cut sample may stop before its colon.
        if !isWhole, lines.offset >= text.count { break }
        return nil
      }
      let spelt = line[line.startIndex..<nameEnd]
      let name = String(decoding: spelt, as: UTF8.self).lowercased()
      current = name
      fieldCount += 1
      names.insert(name)
      if let first = spelt.first, first >= 0x61, first <= 0x7A { capitalized = false }
      if addressFields.contains(name), line[colon...].contains(0x40) {
        hasAddress = true
        if name == "from" { fromHasAddress = true }
      }
    }
    // A header cut by the end of a whole file (no body) is still a message; one cut by the
    // end of the sample is judged on what it shows.
    guard endedHeader || isWhole || lines.offset >= text.count else { return nil }
    let known = names.intersection(mailFields)
    // Three mail fields; or, for a short message as test suites and hand-written samples hold
    // (`From:`, `To:`, a body), two, one a `From` with an address, every name capitalized as
    // mail writes them (YAML and other `key: value` text write theirs in lower case).
    let isShortMessage = known.count == 2 && fromHasAddress && capitalized && fieldCount == 2
    guard hasAddress, known.count >= 3 || isShortMessage else { return nil }
    if names.contains("snapshot-content-location") {
      // A web page saved as MIME HTML (RFC 2557) by a browser, not mail.
      return Detection(
        [], mimeType: "multipart/related", note: "MIME HTML web page (Snapshot-Content-Location)")
    }
    return Detection(
      ["com.apple.mail.email", "public.email-message"], mimeType: "message/rfc822",
      note:
        "RFC 5322 header section, \(fieldCount) fields"
        + " (\(known.sorted().prefix(4).joined(separator: ", ")))"
    )
  }
}
