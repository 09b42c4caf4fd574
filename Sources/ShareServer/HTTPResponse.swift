import Foundation

/// A status, a short body and its type: every answer the server gives.
struct HTTPResponse: Sendable {
  var status: Int
  var body: String
  var contentType: String
  /// Further headers (`WWW-Authenticate` on a 401).
  var headers: [(String, String)] = []

  /// A plain-text answer, for process supervisors and people.
  static func text(_ status: Int, _ body: String) -> HTTPResponse {
    HTTPResponse(status: status, body: body + "\n", contentType: "text/plain; charset=utf-8")
  }

  /// A JSON object of strings: `{"share": "<id>"}`, `{"error": "..."}`.
  static func json(_ status: Int, _ object: [String: String]) -> HTTPResponse {
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return HTTPResponse(
      status: status, body: String(decoding: data, as: UTF8.self) + "\n",
      contentType: "application/json")
  }

  /// An error as JSON, `{"error": message}`.
  static func error(_ status: Int, _ message: String) -> HTTPResponse {
    json(status, ["error": message])
  }
}
