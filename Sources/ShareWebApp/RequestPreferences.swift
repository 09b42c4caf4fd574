import Foundation
import Importer

/// What a request's `Accept`, `Accept-Language` and `Cookie` headers ask for, read the way
/// RFC 9110 reads them (quality values, most specific range first). Nothing here trusts a
/// header to be well formed: anything unreadable is passed over.
enum RequestPreferences {
  /// Whether `accept` ranks `text/html` above `application/json`: a browser's navigation
  /// (`text/html,...,*/*;q=0.8`) does; curl (`*/*`) and API clients do not.
  static func prefersHTML(accept: String?) -> Bool {
    guard let accept else { return false }
    let ranges = mediaRanges(accept)
    return quality(of: "text/html", in: ranges) > quality(of: "application/json", in: ranges)
  }

  /// The summary card's language: the first of the viewer's languages, by quality, that has a
  /// card; English when none does.
  static func summaryLocale(acceptLanguage: String?) -> SummaryLocale {
    for language in languages(acceptLanguage) {
      if let locale = SummaryLocale(identifier: language) { return locale }
    }
    return .english
  }

  /// The value of the cookie `name` in a `Cookie` header; nil when it has none.
  static func cookie(_ name: String, in header: String?) -> String? {
    guard let header else { return nil }
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else {
        continue
      }
      return parts[1].trimmingCharacters(in: .whitespaces)
    }
    return nil
  }

  /// The time zone an IANA identifier names (`Asia/Taipei`); nil for anything else, read no
  /// further than 64 characters of letters, digits, `/`, `_`, `+` and `-`.
  static func timeZone(_ identifier: String?) -> TimeZone? {
    guard let identifier = identifier?.removingPercentEncoding, !identifier.isEmpty,
      identifier.count <= 64,
      identifier.unicodeScalars.allSatisfy({
        ($0.isASCII && CharacterSet.alphanumerics.contains($0))
          || "/_+-".unicodeScalars.contains($0)
      })
    else { return nil }
    return TimeZone(identifier: identifier)
  }

  /// The languages of `Accept-Language`, best first (equal qualities keep their order).
  static func languages(_ header: String?) -> [String] {
    guard let header else { return [] }
    let ranked = header.split(separator: ",").prefix(32).enumerated().compactMap {
      offset, entry -> (tag: String, quality: Double, offset: Int)? in
      let parts = entry.split(separator: ";")
      guard let tag = parts.first?.trimmingCharacters(in: .whitespaces), !tag.isEmpty,
        tag != "*"
      else { return nil }
      let quality = parameter("q", in: parts.dropFirst()).flatMap(Double.init) ?? 1
      return quality > 0 ? (tag, quality, offset) : nil
    }
    return ranked.sorted { ($0.quality, -$0.offset) > ($1.quality, -$1.offset) }.map(\.tag)
  }

  private static func mediaRanges(_ header: String) -> [(type: String, quality: Double)] {
    header.split(separator: ",").prefix(64).compactMap { entry in
      let parts = entry.split(separator: ";")
      guard let type = parts.first?.trimmingCharacters(in: .whitespaces).lowercased(),
        !type.isEmpty
      else { return nil }
      let quality = parameter("q", in: parts.dropFirst()).flatMap(Double.init) ?? 1
      return (type, quality)
    }
  }

  /// The quality of `type` (`text/html`): that of the most specific range matching it.
  private static func quality(of type: String, in ranges: [(type: String, quality: Double)])
    -> Double
  {
    let family = type.split(separator: "/").first.map { $0 + "/*" } ?? ""
    for candidate in [type, family, "*/*"] {
      if let range = ranges.first(where: { $0.type == candidate }) { return range.quality }
    }
    return 0
  }

  private static func parameter(_ name: String, in parameters: ArraySlice<Substring>) -> String? {
    for parameter in parameters {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == name {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }
}
