/// What the server reads of a request before its body: the method, the path and the headers
/// it acts on. No other header is read, and none is logged.
package struct HTTPRequestHead: Sendable {
  package var method: String
  /// The path, without the query (libmicrohttpd takes that off).
  package var path: String
  /// `Authorization`, for the bearer token.
  package var authorization: String?
  /// `Content-Type`: the type the client declares for the body.
  package var contentType: String?
  /// `Content-Length`, when the client sent one (a chunked body has none).
  package var contentLength: Int64?
  /// `Accept`: whether a browser asks for a page (a form's POST is answered with a redirect).
  package var accept: String? = nil
  /// `Accept-Language`: the language of the summary card.
  package var acceptLanguage: String? = nil
  /// `Cookie`: the pairing cookie and the viewer's time zone.
  package var cookie: String? = nil
  /// `Host`, `Origin` and `Sec-Fetch-Site`: whether a cookie-authenticated POST comes from the
  /// server's own pages.
  package var host: String? = nil
  package var origin: String? = nil
  package var fetchSite: String? = nil
  /// `Content-Disposition` of a raw body: the file name a client such as a Shortcut gives it
  /// (display-only, never a path).
  package var contentDisposition: String? = nil
  /// `Idempotency-Key`: the client's key for one share, sent again with each retry (see
  /// `IdempotencyKey`).
  package var idempotencyKey: String? = nil
  /// The query's values of `queryKeys` (no other is read).
  package var query: [String: String] = [:]
  /// Set by the web app's routes (never from a header) when the request carries a valid
  /// pairing cookie and comes from the server's own origin: it stands in for the bearer token.
  package var isPaired = false

  /// The query arguments the web app reads: `share` (the share just sent) and `tz` (the
  /// viewer's time zone).
  package static let queryKeys = ["share", "tz"]
}
