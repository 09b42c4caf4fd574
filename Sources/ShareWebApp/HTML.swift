import ShareServer

/// Server-rendered HTML: escaping, the page around every body, and the headers every page
/// carries.
///
/// Every string that did not come from this file (a share's text, a URL, a file's name, a
/// source, a message) goes through `escape` on its way into a page, in text and in attributes
/// alike. Pages load nothing from elsewhere and run no inline script or style: `/app.css` and
/// `/app.js` are the server's own, and the Content-Security-Policy allows nothing else.
enum HTML {
  /// `text` safe inside an element or a double- or single-quoted attribute value.
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case "\u{0}": escaped += "\u{FFFD}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// The Content-Security-Policy of every page: nothing but the server's own images, style
  /// sheet, script and manifest; forms post only to the server; no `<base>`, no framing.
  /// (`manifest-src 'self'` is needed for the browser to read the manifest at all under
  /// `default-src 'none'`.)
  static let contentSecurityPolicy =
    "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self';"
    + " manifest-src 'self'; connect-src 'none'; form-action 'self'; base-uri 'none';"
    + " frame-ancestors 'none'"

  /// The headers of every page: the policy, no content sniffing, no referrer, and no caching
  /// of what may be private.
  static let securityHeaders: [(String, String)] = [
    ("Content-Security-Policy", contentSecurityPolicy),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
  ]

  /// A whole page: `body` (already HTML) inside the document every page shares.
  ///
  /// - Parameters:
  ///   - title: Plain text; escaped here.
  ///   - language: The `lang` of the document (a BCP 47 tag this server chose).
  ///   - attributes: Attributes of `<body>`, as name and plain-text value (escaped here).
  static func page(
    _ status: Int = 200, title: String, language: String = "en",
    attributes: [(String, String)] = [], body: String, headers: [(String, String)] = []
  ) -> HTTPResponse {
    let bodyAttributes = attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    let document = """
      <!doctype html>
      <html lang="\(escape(language))">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="theme-color" content="\(WebAppManifest.themeColor)">
      <title>\(escape(title))</title>
      <link rel="manifest" href="/manifest.webmanifest">
      <link rel="icon" type="image/png" href="/icon-192.png">
      <link rel="stylesheet" href="/app.css">
      <script src="/app.js" defer></script>
      </head>
      <body\(bodyAttributes)>
      \(body)
      </body>
      </html>

      """
    return HTTPResponse(
      status: status, body: document, contentType: "text/html; charset=utf-8",
      headers: securityHeaders + headers)
  }

  /// A short page saying what went wrong, with a link onward.
  static func message(
    _ status: Int, title: String, message: String, link: (href: String, text: String)? = nil,
    headers: [(String, String)] = []
  ) -> HTTPResponse {
    var body = "<main>\n<h1>\(escape(title))</h1>\n<p id=\"message\">\(escape(message))</p>\n"
    if let link {
      body += "<p><a href=\"\(escape(link.href))\">\(escape(link.text))</a></p>\n"
    }
    body += "</main>"
    return page(status, title: title, body: body, headers: headers)
  }
}
