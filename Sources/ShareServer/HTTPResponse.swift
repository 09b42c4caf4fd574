import Foundation

/// A status, a body and its type: every answer the server gives.
package struct HTTPResponse: Sendable {
  package var status: Int
  /// The body's bytes (a PNG's, or text's UTF-8).
  package var body: [UInt8]
  package var contentType: String
  /// Further headers (`WWW-Authenticate` on a 401, the web app's security headers, a
  /// `Location`, a `Set-Cookie`).
  package var headers: [(String, String)] = []

  /// An answer with a binary body.
  package init(status: Int, body: [UInt8], contentType: String, headers: [(String, String)] = []) {
    self.status = status
    self.body = body
    self.contentType = contentType
    self.headers = headers
  }

  /// An answer with a text body, as UTF-8.
  package init(status: Int, body: String, contentType: String, headers: [(String, String)] = []) {
    self.init(status: status, body: Array(body.utf8), contentType: contentType, headers: headers)
  }

  /// A plain-text answer, for process supervisors and people.
  package static func text(_ status: Int, _ body: String) -> HTTPResponse {
    HTTPResponse(status: status, body: body + "\n", contentType: "text/plain; charset=utf-8")
  }

  /// A JSON object of strings: `{"share": "<id>"}`, `{"error": "..."}`.
  package static func json(_ status: Int, _ object: [String: String]) -> HTTPResponse {
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return HTTPResponse(
      status: status, body: String(decoding: data, as: UTF8.self) + "\n",
      contentType: "application/json")
  }

  /// An error as JSON, `{"error": message}`.
  package static func error(_ status: Int, _ message: String) -> HTTPResponse {
    json(status, ["error": message])
  }

  /// 503 with `Retry-After` (30 seconds unless told): the request was not taken, and may be
  /// sent again.
  package static func unavailable(_ message: String, retryAfterSeconds: Int = 30) -> HTTPResponse {
    var response = error(503, message)
    response.headers = [("Retry-After", String(retryAfterSeconds))]
    return response
  }

  /// The value of the header `name` (ignoring case), if the response has it.
  package func header(_ name: String) -> String? {
    headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
  }
}
