/// Contact cards and calendars, by their version: vCard (2.1, 3.0 and 4.0 are all
/// `public.vcard`), vCalendar 1.0 (`com.apple.ical.vcs`, the `.vcs` files phones and Outlook
/// export) and iCalendar 2.0 (`com.apple.ical.ics`).
///
/// Both calendar formats open with `BEGIN:VCALENDAR`; what tells them apart is the VERSION
/// property of the calendar object (versit's vCalendar 1.0 specification, RFC 5545 for
/// iCalendar: `VERSION:1.0` against `VERSION:2.0`), read from the content lines that precede
/// the first component, with folded lines unfolded. A calendar without a VERSION line is
/// vCalendar when it uses properties only vCalendar 1.0 defines (`DCREATED`, the `AALARM`
/// family) or its quoted-printable encoding parameter, and iCalendar otherwise.
enum CalendarContactClassifier {
  /// How many content lines are read.
  static let lineLimit = 200

  /// Property names vCalendar 1.0 defines and iCalendar does not.
  static let vCalendarOnlyProperties: Set<String> = [
    "DCREATED", "AALARM", "DALARM", "MALARM", "PALARM", "RNUM", "DAYLIGHT",
  ]

  static func detect(_ text: [UInt8], from start: Int) -> Detection? {
    var lines = Lines(text, from: start)
    guard let first = lines.next().map(property), first.name == "BEGIN" else { return nil }
    switch first.value.uppercased() {
    case "VCARD":
      let version = cardVersion(&lines)
      return Detection(
        "public.vcard", mimeType: "text/vcard",
        note: "BEGIN:VCARD" + (version.map { ", VERSION:\($0)" } ?? ""))
    case "VCALENDAR":
      var sawVCalendarProperty = false
      var version: String?
      var depth = 1
      var count = 0
      while let line = lines.next(), count < lineLimit {
        count += 1
        if line.first == 0x20 || line.first == 0x09 { continue }  // a folded continuation
        let item = property(line)
        if item.name == "BEGIN" { depth += 1 }
        if item.name == "END" { depth -= 1 }
        if depth == 1, item.name == "VERSION", version == nil {
          version = item.value
          break  // the version decides
        }
        if vCalendarOnlyProperties.contains(item.name)
          || item.parameters.uppercased().contains("QUOTED-PRINTABLE")
        {
          sawVCalendarProperty = true
          break
        }
        if depth <= 0 { break }
      }
      if version == "1.0" || (version == nil && sawVCalendarProperty) {
        return Detection(
          "com.apple.ical.vcs", mimeType: "text/x-vcalendar",
          note: "BEGIN:VCALENDAR, " + (version != nil ? "VERSION:1.0" : "vCalendar 1.0 properties"))
      }
      return Detection(
        "com.apple.ical.ics", mimeType: "text/calendar",
        note: "BEGIN:VCALENDAR" + (version.map { ", VERSION:\($0)" } ?? ""))
    default:
      return nil
    }
  }

  /// The VERSION of a card: the first VERSION line before the card ends.
  private static func cardVersion(_ lines: inout Lines) -> String? {
    var count = 0
    while let line = lines.next(), count < lineLimit {
      count += 1
      let item = property(line)
      if item.name == "VERSION" { return item.value }
      if item.name == "END" { return nil }
    }
    return nil
  }

  /// A content line `[group.]NAME[;parameters]:value`, its name upper-cased and without its
  /// group, its value without surrounding blanks.
  static func property(_ line: ArraySlice<UInt8>) -> (
    name: String, parameters: String, value: String
  ) {
    guard let colon = line.firstIndex(of: 0x3A) else { return ("", "", "") }
    let head = line[line.startIndex..<colon]
    let semicolon = head.firstIndex(of: 0x3B) ?? colon
    var nameStart = line.startIndex
    if let dot = line[line.startIndex..<semicolon].lastIndex(of: 0x2E) { nameStart = dot + 1 }
    let name = line[nameStart..<semicolon].lazy
      .filter { $0 != 0x20 && $0 != 0x09 }
      .map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
    var value = line[(colon + 1)...]
    while let first = value.first, first == 0x20 || first == 0x09 { value.removeFirst() }
    while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
    return (
      String(decoding: Array(name), as: UTF8.self),
      String(decoding: line[semicolon..<colon], as: UTF8.self),
      String(decoding: value, as: UTF8.self)
    )
  }
}
