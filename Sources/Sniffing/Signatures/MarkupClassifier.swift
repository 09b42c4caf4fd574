import Foundation
import PropertyLists

/// Text that starts with `<`: XML and what its root element makes it (a property list, and a
/// `.webloc` among those; SVG; XHTML; RSS; XFDF form data; COLLADA; an ASX playlist), HTML,
/// PHP.
enum MarkupClassifier {
  /// Elements that start HTML documents written without `<html>` or a doctype.
  static let htmlElements: Set<String> = [
    "html", "head", "body", "title", "meta", "link", "script", "style", "div", "p", "table",
    "h1", "h2", "h3", "h4", "h5", "h6", "iframe", "br", "a", "span", "form", "img", "ul", "ol",
    "header", "nav", "main", "section", "article", "footer", "center", "font", "b", "i", "pre",
  ]

  static func detect(
    _ text: [UInt8], from start: Int, isWhole: Bool, source: ByteSource
  ) -> Detection? {
    var index = start
    var sawDeclaration = false
    var doctype: String?
    // The prolog may fill the whole sample: a licence in a comment runs to kilobytes.
    let limit = text.count
    // Skip the prolog: XML declaration, processing instructions, comments, doctype.
    while index < limit {
      while index < limit, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
      guard index + 1 < limit, text[index] == 0x3C else { break }
      if text.matches(ascii: "<?php", at: index) || text.matches(ascii: "<?PHP", at: index) {
        return Detection("public.php-script", mimeType: "text/x-php", note: "<?php")
      }
      if text.matches(ascii: "<?", at: index) {
        sawDeclaration = sawDeclaration || text.matches(ascii: "<?xml", at: index)
        guard let end = text.firstIndex(of: Array("?>".utf8), from: index, before: limit) else {
          return nil
        }
        index = end + 2
      } else if text.matches(ascii: "<!--", at: index) {
        guard let end = text.firstIndex(of: Array("-->".utf8), from: index, before: limit) else {
          return nil
        }
        index = end + 3
      } else if text.matches(ascii: "<!", at: index) {
        var end = text.firstIndex(of: [0x3E], from: index, before: limit) ?? limit
        // A doctype's internal subset, `[ <!ENTITY ...> ]`, holds `>` of its own.
        if let open = text.firstIndex(of: [0x5B], from: index, before: end),
          let close = text.firstIndex(of: Array("]".utf8), from: open, before: limit)
        {
          end = text.firstIndex(of: [0x3E], from: close, before: limit) ?? limit
        }
        let declaration = String(decoding: text[index..<end], as: UTF8.self).lowercased()
        if declaration.hasPrefix("<!doctype") {
          doctype = declaration.dropFirst(9).split(separator: " ").first.map(String.init)
        }
        index = end + 1
      } else {
        break
      }
    }
    guard index + 1 < text.count, text[index] == 0x3C else {
      return doctype == "html" ? html("<!DOCTYPE html>") : nil
    }
    let nameStart = index + 1
    var nameEnd = nameStart
    while nameEnd < text.count, !" \t\r\n/>".utf8.contains(text[nameEnd]) { nameEnd += 1 }
    let qualified = String(decoding: text[nameStart..<nameEnd], as: UTF8.self)
    let name = (qualified.split(separator: ":").last.map(String.init) ?? qualified).lowercased()

    if doctype == "html" || name == "html" { return html("<html> root") }
    switch name {
    case "plist":
      return propertyList(isWhole: isWhole, source: source)
    case "svg":
      return Detection("public.svg-image", mimeType: "image/svg+xml", note: "XML root <svg>")
    case "rss":
      return Detection("public.rss", mimeType: "application/rss+xml", note: "XML root <rss>")
    case "xfdf":
      // PDF form data in XML (ISO 19444-1): root <xfdf xmlns="http://ns.adobe.com/xfdf/">.
      return Detection(
        "com.adobe.xfdf", mimeType: "application/vnd.adobe.xfdf", note: "XML root <xfdf>")
    case "collada":
      // COLLADA 1.4/1.5: root <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema">.
      return Detection(
        "org.khronos.collada.digital-asset-exchange", mimeType: "model/vnd.collada+xml",
        note: "XML root <COLLADA>")
    case "asx":
      // A Windows Media playlist: <ASX VERSION="3.0"> with <ENTRY>/<REF HREF> inside, its tag
      // names in any case and often not well-formed XML.
      return Detection(
        "com.microsoft.advanced-stream-redirector", mimeType: "video/x-ms-asx",
        note: "root <ASX> (Windows Media playlist)")
    default:
      // An HTML element name as the root of a document that declares a namespace other than
      // XHTML's is XML (`<table xmlns="urn:...">`).
      if !sawDeclaration, htmlElements.contains(name),
        !hasNamespace(text, element: index, containing: nil)
          || hasNamespace(text, element: index, containing: "xhtml")
      {
        return html("leading <\(name)> element")
      }
      guard sawDeclaration || !name.isEmpty && name.first?.isLetter == true else { return nil }
      return Detection("public.xml", mimeType: "text/xml", note: "XML root <\(qualified)>")
    }
  }

  /// Whether the start tag at `element` declares a default namespace (`xmlns="..."`), one
  /// holding `fragment` when given.
  private static func hasNamespace(_ text: [UInt8], element: Int, containing fragment: String?)
    -> Bool
  {
    let end = text.firstIndex(of: [0x3E], from: element, before: min(text.count, element + 1024))
    guard let end, let at = text.firstIndex(of: Array("xmlns=".utf8), from: element, before: end)
    else { return false }
    guard let fragment else { return true }
    let value = String(decoding: text[(at + 6)..<end], as: UTF8.self).lowercased()
    return value.contains(fragment)
  }

  private static func html(_ what: String) -> Detection {
    Detection("public.html", mimeType: "text/html", note: "HTML, \(what)")
  }

  /// An XML property list; a `.webloc` when it is a dictionary holding only a URL string, as
  /// the Finder writes them (checked with Foundation's parser when the file is small).
  static func propertyList(isWhole: Bool, source: ByteSource) -> Detection {
    if isWhole, let location = internetLocation(Data(source.prefix)) { return location }
    return Detection(
      "com.apple.xml-property-list", mimeType: "application/x-plist", note: "XML root <plist>")
  }

  /// What a property list may hold to be read as a possible `.webloc`: the sniffed prefix
  /// (64 KiB), 8 levels, 1,024 objects. A `.webloc` is one dictionary holding one string (three
  /// objects, two levels); anything larger is a property list of another kind, and is not
  /// parsed.
  static let propertyListLimits = PropertyListLimits(
    maximumByteCount: 64 << 10, maximumDepth: 8, maximumObjectCount: 1_024)

  /// A web location (`.webloc`) if the property list is `{URL = "..."}`, read by the guarded
  /// reader (a binary one can crash Foundation or expand without bound).
  static func internetLocation(_ data: Data) -> Detection? {
    let reader = PropertyListReader(limits: propertyListLimits)
    guard
      let dictionary = try? reader.propertyList(from: data) as? [String: Any],
      dictionary.count == 1, let url = dictionary["URL"] as? String,
      !url.isEmpty
    else { return nil }
    return Detection(
      "com.apple.web-internet-location", mimeType: "application/x-webloc",
      note: "property list holding one URL")
  }
}
