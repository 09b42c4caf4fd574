import Foundation

/// Text, and what kind of text: RTF, XML and what its root element makes it (property list,
/// SVG, XHTML), HTML, JSON, vCard, vCalendar and iCalendar (by version), WebVTT, link files
/// (`.url`, XML `.webloc`), scripts by their `#!` line, M3U playlists, X bitmaps, ASCII STL;
/// then, by their structure, PEM certificates and keys, e-mail messages, CSS, JavaScript, and
/// CSV and TSV tables; otherwise plain text in its encoding.
///
/// Plain text is a provisional answer: the sniffer then asks libmagic, which knows hundreds of
/// text formats (source code, makefiles, PGP armor...), and keeps plain text only if libmagic
/// knows nothing better.
enum TextClassifier {
  /// How much of the file's start is examined as text.
  static let sampleLength = 16 * 1024

  struct Verdict {
    var detection: Detection
    /// Plain text of no recognized kind: libmagic may know better.
    var isPlain: Bool
    var encoding: TextEncodingSniffer.Encoding
  }

  static func detect(_ source: ByteSource) -> Verdict? {
    let sample = Array(source.prefix.prefix(sampleLength))
    let isWhole = sample.count == source.size
    guard let (encoding, text) = TextEncodingSniffer.decode(sample, isCut: !isWhole) else {
      return nil
    }
    if let detection = kind(of: text, isWhole: isWhole, source: source) {
      return Verdict(detection: detection, isPlain: false, encoding: encoding)
    }
    let plain = Detection(
      encoding.plainTextIdentifier, mimeType: "text/plain",
      note: "text, \(encoding.charset)")
    return Verdict(detection: plain, isPlain: true, encoding: encoding)
  }

  private static func kind(of text: [UInt8], isWhole: Bool, source: ByteSource) -> Detection? {
    var start = 0
    while start < text.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(text[start]) { start += 1 }
    guard start < text.count else { return nil }
    let head = Array(text[start..<min(text.count, start + 256)])
    let lowerHead = head.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    func starts(_ prefix: String) -> Bool { lowerHead.matches(ascii: prefix) }

    switch head[0] {
    case 0x7B where starts("{\\rtf"):  // {
      return Detection("public.rtf", mimeType: "text/rtf", note: "{\\rtf header")
    case 0x7B, 0x5B:  // { [
      if JSONSyntax.isDocument(Array(text[start...]), isComplete: isWhole) {
        return Detection("public.json", mimeType: "application/json", note: "JSON syntax")
      }
      if head[0] == 0x5B, hasInternetShortcutSection(text[start...]) {
        return Detection(
          "com.microsoft.internet-shortcut", mimeType: "application/x-mswinurl",
          note: "[InternetShortcut] section")
      }
    case 0x3C:  // <
      return MarkupClassifier.detect(text, from: start, isWhole: isWhole, source: source)
    default:
      break
    }
    if starts("begin:vcard") || starts("begin:vcalendar") {
      return CalendarContactClassifier.detect(text, from: start)
    }
    if head.matches(ascii: "WEBVTT"), head.count == 6 || [0x20, 0x09, 0x0A, 0x0D].contains(head[6])
    {
      return Detection("org.w3.webvtt", mimeType: "text/vtt", note: "WEBVTT header")
    }
    if head.matches(ascii: "#EXTM3U") {
      return Detection(
        "public.m3u-playlist", mimeType: "audio/x-mpegurl", note: "#EXTM3U header")
    }
    if head.matches(ascii: "#!") { return script(head) }
    if head.matches(ascii: "#define "), isXBitmap(head) {
      return Detection(
        "public.xbitmap-image", mimeType: "image/x-xbitmap", note: "#define NAME_width (XBM)")
    }
    if starts("solid"), String(decoding: text.prefix(1024), as: UTF8.self).contains("facet normal")
    {
      return Detection(
        "public.standard-tesselated-geometry-format", mimeType: "model/stl",
        note: "ASCII STL solid")
    }
    return structuredText(text, from: start, isWhole: isWhole)
  }

  /// Text formats decided by the structure of many lines rather than a leading signature, in
  /// an order where each check refuses what the next one claims: PEM (a BEGIN line, possibly
  /// after attribute lines), e-mail (a header section from the first line), CSS and JavaScript
  /// (parsed from the first byte), then tables (consistent fields over several records).
  private static func structuredText(_ text: [UInt8], from start: Int, isWhole: Bool)
    -> Detection?
  {
    if let found = CertificateSignatures.pem(text, from: start, isWhole: isWhole) { return found }
    if let found = MailMessageClassifier.detect(text, from: start, isWhole: isWhole) {
      return found
    }
    if let found = StyleSheetClassifier.detect(text, from: start, isWhole: isWhole) {
      return found
    }
    if let found = JavaScriptClassifier.detect(text, from: start, isWhole: isWhole) {
      return found
    }
    return DelimitedTextClassifier.detect(text, from: start, isWhole: isWhole)
  }

  /// Whether INI-style text has an `[InternetShortcut]` section. Windows writes `.url` files
  /// for saved favorites with a `[{000214A0-0000-0000-C000-000000000046}]` property section
  /// before it, so the section is looked for on every line, not only the first.
  static func hasInternetShortcutSection(_ text: ArraySlice<UInt8>) -> Bool {
    let target = Array("[internetshortcut]".utf8)
    for line in text.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
      var trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
      while let last = trimmed.last, last == 0x20 || last == 0x09 { trimmed.removeLast() }
      if trimmed.count == target.count,
        zip(trimmed, target).allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 })
      {
        return true
      }
    }
    return false
  }

  /// An X bitmap: C source whose first two lines define `NAME_width` and `NAME_height`.
  private static func isXBitmap(_ head: [UInt8]) -> Bool {
    let lines = String(decoding: head, as: UTF8.self).split(whereSeparator: \.isNewline)
    guard lines.count >= 2 else { return false }
    let first = lines[0].split(separator: " ", omittingEmptySubsequences: true)
    let second = lines[1].split(separator: " ", omittingEmptySubsequences: true)
    guard first.count == 3, second.count == 3, first[1].hasSuffix("_width"),
      second[0] == "#define", second[1].hasSuffix("_height"), Int(first[2]) != nil,
      Int(second[2]) != nil
    else { return false }
    return first[1].dropLast(6) == second[1].dropLast(7)
  }

  /// A script, by the interpreter its `#!` line names (through `env` if need be).
  private static func script(_ head: [UInt8]) -> Detection? {
    let line = String(
      decoding: head.prefix { $0 != 0x0A && $0 != 0x0D }.dropFirst(2), as: UTF8.self)
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard var program = words.first?.split(separator: "/").last.map(String.init) else {
      return nil
    }
    if program == "env" {
      words.removeFirst()
      guard let next = words.first(where: { !$0.hasPrefix("-") }) else { return nil }
      program = next
    }
    let interpreters: [(prefix: String, identifier: String, mimeType: String)] = [
      ("bash", "public.bash-script", "text/x-shellscript"),
      ("zsh", "public.zsh-script", "text/x-shellscript"),
      ("ksh", "public.ksh-script", "text/x-shellscript"),
      ("tcsh", "public.tcsh-script", "text/x-shellscript"),
      ("csh", "public.csh-script", "text/x-shellscript"),
      ("sh", "public.shell-script", "text/x-shellscript"),
      ("dash", "public.shell-script", "text/x-shellscript"),
      ("python", "public.python-script", "text/x-python"),
      ("perl", "public.perl-script", "text/x-perl"),
      ("ruby", "public.ruby-script", "text/x-ruby"),
      ("php", "public.php-script", "text/x-php"),
      ("node", "com.netscape.javascript-source", "text/javascript"),
      ("osascript", "com.apple.applescript.text", "text/plain"),
    ]
    guard let match = interpreters.first(where: { program.hasPrefix($0.prefix) }) else {
      return Detection("public.script", mimeType: "text/plain", note: "#! \(program)")
    }
    return Detection(match.identifier, mimeType: match.mimeType, note: "#! \(program)")
  }
}
