/// What the daemon asks of the server for each request (see `HTTPDaemon`).
package protocol HTTPRequestHandler: Sendable {
  /// Decides from the head alone: answer now (no body byte is stored), or take the body into
  /// an upload. Called on the loop's thread: must not block for long.
  func decide(_ head: HTTPRequestHead) -> HTTPHeadDecision
  /// The body has arrived whole into `upload`: share it and say what to answer. The daemon
  /// discards `upload` once the answer is queued.
  func finish(_ upload: Upload, head: HTTPRequestHead) async -> HTTPResponse
  /// A form has arrived whole into `form`: share it and say what to answer. The daemon
  /// discards `form` once the answer is queued.
  func finish(_ form: FormUpload, head: HTTPRequestHead) async -> HTTPResponse
  /// The request's body did not arrive within the request time limit: its connection is
  /// closed, unanswered; or (`waited`) its upload slot came after that limit, and it is
  /// answered 503 before its body is read.
  func tooSlow(_ head: HTTPRequestHead, waited: Bool)
  /// The request is over: `status` is what was answered (nil: the connection closed first).
  func completed(_ head: HTTPRequestHead, status: Int?, bodyBytes: Int64)
}

/// What `HTTPRequestHandler.decide` answers.
package enum HTTPHeadDecision: Sendable {
  /// Answer now; the body, if any, is never read.
  case respond(HTTPResponse)
  /// Answer with what `answer` makes, on the I/O executor while the connection is suspended
  /// (a page that reads the inbox or the library, a thumbnail); the body, if any, is never
  /// read.
  case respondLater(@Sendable () async -> HTTPResponse)
  /// Stream the body into this upload.
  case receive(Upload)
  /// Parse the body as `multipart/form-data` into this form.
  case receiveForm(FormUpload)
}
