/// What the server reads of a request before its body: the method, the path and the three
/// headers it acts on. No other header is read, and none is logged.
struct HTTPRequestHead: Sendable {
  var method: String
  var path: String
  /// `Authorization`, for the bearer token.
  var authorization: String?
  /// `Content-Type`: the type the client declares for the body.
  var contentType: String?
  /// `Content-Length`, when the client sent one (a chunked body has none).
  var contentLength: Int64?

  /// The path as logs show it: a route the server has, or `other` (a path is the client's
  /// text, and may hold anything).
  var loggedPath: String {
    ShareRoutes.known.contains(path) ? path : "other"
  }
}
