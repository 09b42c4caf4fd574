import ActivationRules
import Foundation
import Ingest
import ItemProvider
import Sniffing
import SystemCalls
import UTI

/// The server's routes: `POST /share` (one file as the body), `GET /healthz` (the process
/// answers), `GET /readyz` (its inbox's database can be reached) and `GET /metrics`.
///
/// A share is decided as `ingest-cli share FILE` decides it: the body is wrapped by
/// `LocalShare` (sniffed, registered as its content's type, as Photos or Files would share it),
/// shown to the activation rule, then handed to the same `SharePipeline` with its contract,
/// committed all or nothing.
package struct ShareRoutes: HTTPRequestHandler {
  /// The paths these routes answer (any other is 404, and logged as `other`, unless a handler
  /// in front of them answers it: see `otherRoutes`).
  static let known: Set<String> = ["/share", "/healthz", "/readyz", "/metrics"]

  /// Seconds a client is told to wait (`Retry-After`) when the inbox's database cannot be
  /// reached.
  static let retryAfterSeconds = 5

  package let pipeline: SharePipeline
  let rule: ActivationRule?
  /// Nil: no token is asked for (`--insecure-no-token`).
  package let tokens: BearerTokens?
  let limits: BodyLimits
  let sniffer = ContentSniffer()
  package let log: @Sendable (String) -> Void
  /// The routes a handler in front of these answers (the web app's): their description, for
  /// a 404 to name every route, and the name a log line gives a request for one of them (nil
  /// for a path none of them is: `other`).
  package var otherRoutes: (description: String, logged: @Sendable (HTTPRequestHead) -> String?)?
  /// What `GET /metrics` shows (see `ServeMetrics`).
  let metrics: Metrics
  /// Checks the inbox's database for `GET /readyz`: nil when it can be reached, else why
  /// not. Nil: an inbox in the group directory, ready whenever the server runs.
  let readiness: (@Sendable () async -> (any Error)?)?

  /// The path as logs show it: a route the server has, or `other` (a path is the client's
  /// text, and may hold anything).
  func loggedPath(_ head: HTTPRequestHead) -> String {
    if Self.known.contains(head.path) { return head.path }
    return otherRoutes?.logged(head) ?? "other"
  }

  package func decide(_ head: HTTPRequestHead) -> HTTPHeadDecision {
    switch head.path {
    case "/healthz":
      guard head.method == "GET" || head.method == "HEAD" else {
        return .respond(.text(405, "method not allowed: GET /healthz"))
      }
      return .respond(.text(200, "ok"))
    case "/readyz":
      guard head.method == "GET" || head.method == "HEAD" else {
        return .respond(.text(405, "method not allowed: GET /readyz"))
      }
      return .respondLater { await ready() }
    case "/metrics":
      guard head.method == "GET" || head.method == "HEAD" else {
        return .respond(.text(405, "method not allowed: GET /metrics"))
      }
      return .respond(
        HTTPResponse(status: 200, body: metrics.exposition(), contentType: Metrics.contentType))
    case "/share":
      return decideShare(head)
    default:
      let every = otherRoutes?.description ?? "POST /share and GET /healthz"
      return .respond(.error(404, "no such route; this server answers \(every)"))
    }
  }

  private func decideShare(_ head: HTTPRequestHead) -> HTTPHeadDecision {
    guard head.method == "POST" else {
      return .respond(.error(405, "method not allowed: POST /share"))
    }
    if let tokens, !head.isPaired, !tokens.accepts(authorization: head.authorization) {
      refused(.unauthorized)
      var response = HTTPResponse.error(
        401, "a bearer token is required: Authorization: Bearer <token>")
      response.headers = [("WWW-Authenticate", "Bearer")]
      return .respond(response)
    }
    let isForm = head.contentType.map(Self.mediaType) == "multipart/form-data"
    let limit = isForm ? limits.form : limits.file
    if let length = head.contentLength, length > limit {
      refused(.tooLarge)
      return .respond(limits.refusal(length: length, limit: limit, isForm: isForm))
    }
    if isForm {
      return .receiveForm(FormUpload(in: pipeline.group, limit: limit))
    }
    return .receive(Upload(in: pipeline.group, limit: limit))
  }

  /// A raw body: one file, named by its `Content-Disposition` file name when it has one (as a
  /// Shortcut's "Get Contents of URL" sends a file), else by nothing (never the staging name).
  package func finish(_ upload: Upload, head: HTTPRequestHead) async -> HTTPResponse {
    let shareID: UUID?
    switch idempotentShareID(head.idempotencyKey, head: head) {
    case .success(let id): shareID = id
    case .failure(let refusal): return refusal.response
    }
    let received: ReceivedFile
    do {
      received = try await stage(upload, declaredMIMEType: head.contentType)
    } catch {
      log("error: cannot close an upload: \(LogRedaction.describe(error))")
      return .error(507, "the upload could not be stored")
    }
    let share: LocalShare
    do {
      share = try LocalShare(files: [upload.url], sniffer: sniffer)
    } catch {
      return .error(422, "the body could not be read as a file")
    }
    let name = head.contentDisposition.flatMap { DisplayName(contentDisposition: $0) }
    for item in share.items {
      for provider in item.attachments ?? [] { provider.suggestedName = name?.text }
    }
    return await commit(
      share, bytes: upload.byteCount, adopting: [received], shareID: shareID, head: head)
  }

  /// A Web Share Target form, wrapped as the "web share" source (`LocalShare.init(webShareFiles:
  /// title:text:url:sniffer:registry:)`): its files, each registered as the type its part
  /// declared (when the content agrees) and then the type its content is, named by its part's
  /// file name, its `url`, its `text`, and its `title` as the item's title (the share's title
  /// in the manifest). Empty file parts, which a form sends for a file input left empty, are
  /// skipped.
  package func finish(_ form: FormUpload, head: HTTPRequestHead) async -> HTTPResponse {
    let shareID: UUID?
    switch idempotentShareID(
      head.idempotencyKey ?? form.field(IdempotencyKey.formField), head: head)
    {
    case .success(let id): shareID = id
    case .failure(let refusal): return refusal.response
    }
    var files: [LocalShare.WebShareFile] = []
    var received: [ReceivedFile] = []
    var bytes: Int64 = 0
    for file in form.files where file.upload.byteCount > 0 {
      do {
        received.append(try await stage(file.upload, declaredMIMEType: file.declaredType))
        files.append(
          LocalShare.WebShareFile(
            url: file.upload.url, declaredMIMEType: file.declaredType, suggestedName: file.name))
        bytes += file.upload.byteCount
      } catch {
        log("error: cannot close an upload: \(LogRedaction.describe(error))")
        return .error(507, "the upload could not be stored")
      }
    }
    let fields = form.fields
    var url: URL?
    if let text = fields.url {
      guard let parsed = URL(string: text), parsed.scheme != nil else {
        refused(.badRequest)
        return .error(422, "the form's url is not an absolute URL")
      }
      url = parsed
    }
    guard !files.isEmpty || fields.text != nil || url != nil else {
      refused(.badRequest)
      return .error(422, "the form holds no file, text or url to share")
    }
    let share: LocalShare
    do {
      share = try LocalShare(
        webShareFiles: files, title: fields.title, text: fields.text, url: url, sniffer: sniffer)
    } catch {
      return .error(422, "a file of the form could not be read")
    }
    return await commit(share, bytes: bytes, adopting: received, shareID: shareID, head: head)
  }

  /// Ends `upload`'s body under a name whose extension is its type's own (the content's, or
  /// the declared type's when the content says nothing more than public.data); never a word
  /// of the request. A MIME type the catalogue does not know is no type at all: its dynamic
  /// identifier would only spell the client's header back into names and logs. The file is
  /// handed over with the digest computed as it arrived, for the share to adopt.
  private func stage(_ upload: Upload, declaredMIMEType: String?) async throws(IOError)
    -> ReceivedFile
  {
    let declared = declaredMIMEType.map(Self.mediaType).flatMap { UTType(mimeType: $0) }
      .flatMap { $0.isDynamic ? nil : $0 }
    var type = (try? sniffer.sniff(fileAt: upload.url))?.type
    if type == nil || type == .data { type = declared ?? type }
    return try await upload.close(fileExtension: type?.preferredFilenameExtension)
  }

  /// Shows `share` to the rule, then commits it through the pipeline: 201 with its id, or 422
  /// with the reason it was not accepted (`error`, and `reason` in words for a person, see
  /// `RefusalText`).
  ///
  /// With `shareID` (a client's idempotency key made into an id), a share whose id is committed
  /// already is the one a retry was meant to make: answered 201 with its id, as the first time.
  /// An inbox whose database cannot be reached is answered 503 with `Retry-After`.
  private func commit(
    _ share: LocalShare, bytes: Int64, adopting received: [ReceivedFile], shareID: UUID?,
    head: HTTPRequestHead
  ) async -> HTTPResponse {
    let started = ContinuousClock.now
    defer { metrics.observe(ServeMetrics.shareSeconds, ContinuousClock.now - started) }
    let types = share.sniffed.map(\.type.identifier)
    let typeList = types.isEmpty ? "none" : types.joined(separator: ",")
    let details = "bytes=\(bytes) files=\(types.count) types=\(typeList)"
    if let rule {
      let decision = rule.evaluate(await ActivationInput(extensionItems: share.items))
      if !decision.isShown {
        log("share hidden by the rule \(details)")
        refused(.hidden)
        return .json(
          422,
          [
            "error": "the extension would not be offered for this share: \(decision.reason)",
            "reason": RefusalText.reason(.hidden(reason: decision.reason), in: share),
          ])
      }
    }
    let outcome = await pipeline.share(
      share.items, source: share.source, adopting: received, shareID: shareID)
    switch outcome.error {
    case nil:
      log("share=\(outcome.shareID.uuidString) committed \(details)")
      metrics.add(ServeMetrics.accepted)
      metrics.add(ServeMetrics.bytes, Double(bytes))
      return .json(201, ["share": outcome.shareID.uuidString])
    case .some(let error):
      if shareID != nil, case .commitFailed(let cause) = error, Self.isAlreadyCommitted(cause) {
        log("share=\(outcome.shareID.uuidString) sent again: committed already \(details)")
        metrics.add(ServeMetrics.replayed)
        var response = HTTPResponse.json(201, ["share": outcome.shareID.uuidString])
        response.headers = [("Idempotent-Replayed", "true")]
        return response
      }
      log("share=\(outcome.shareID.uuidString) not saved \(details): \(error.redactedDescription)")
      switch error {
      case .hidden, .rejected:
        if case .hidden = error { refused(.hidden) } else { refused(.rejected) }
        return .json(
          422, ["error": error.description, "reason": RefusalText.reason(error, in: share)])
      case .commitFailed(let cause) where Self.isUnreachable(cause):
        refused(.unavailable)
        metrics.add(ServeMetrics.databaseErrors, labels: ["kind": "unreachable"])
        var response = HTTPResponse.json(
          503,
          [
            "error": "the share was not saved: \(error.redactedDescription)",
            "reason": "The server cannot reach its database just now. Share it again in a"
              + " moment.",
          ])
        response.headers = [("Retry-After", String(Self.retryAfterSeconds))]
        return response
      default:
        refused(.failed)
        if case .commitFailed(let cause) = error, cause is any RedactableError {
          metrics.add(ServeMetrics.databaseErrors, labels: ["kind": "other"])
        }
        return .json(
          500,
          [
            "error": "the share was not saved: \(error.redactedDescription)",
            "reason": RefusalText.reason(error, in: share),
          ])
      }
    }
  }

  /// `GET /readyz`: 200 `ready` when the inbox's database answers a bounded check (see
  /// `PostgresInbox.checkReachable(within:)`), else 503 with `Retry-After` and why not.
  private func ready() async -> HTTPResponse {
    guard let readiness, let error = await readiness() else {
      metrics.set(ServeMetrics.ready, 1)
      return .text(200, "ready")
    }
    metrics.set(ServeMetrics.ready, 0)
    let kind = Self.isUnreachable(error) ? "unreachable" : "other"
    metrics.add(ServeMetrics.databaseErrors, labels: ["kind": kind])
    var response = HTTPResponse.text(503, "not ready: \(LogRedaction.describe(error))")
    response.headers = [("Retry-After", String(Self.retryAfterSeconds))]
    return response
  }

  /// A refusal before the pipeline, as an answer.
  private struct Refusal: Error {
    var response: HTTPResponse
  }

  /// The share id `key` (a header's or a form field's) stands for: nil without a key; a 400
  /// refusal for a key that is not 1-255 characters of printable ASCII.
  private func idempotentShareID(_ key: String?, head: HTTPRequestHead) -> Result<UUID?, Refusal> {
    guard let key else { return .success(nil) }
    guard let parsed = IdempotencyKey(key) else {
      refused(.badRequest)
      return .failure(
        Refusal(
          response: .error(
            400,
            "the idempotency key must be 1 to \(IdempotencyKey.maximumLength) characters of"
              + " printable ASCII (a random UUID per share, sent again with each retry)")))
    }
    do {
      return .success(try parsed.shareID(authorization: head.authorization))
    } catch {
      log("error: cannot make an id of an idempotency key: \(LogRedaction.describe(error))")
      refused(.failed)
      return .failure(Refusal(response: .error(500, "the idempotency key could not be used")))
    }
  }

  /// Counts a share refused for `reason`.
  private func refused(_ reason: ServeMetrics.Reason) {
    metrics.add(ServeMetrics.refused, labels: ["reason": reason.rawValue])
  }

  /// Whether `error` says the inbox's database cannot be reached for now.
  static func isUnreachable(_ error: any Error) -> Bool {
    (error as? any TemporaryInboxError)?.isTemporary ?? false
  }

  /// Whether `error` says the share's id is committed already.
  static func isAlreadyCommitted(_ error: any Error) -> Bool {
    if let error = error as? IOError { return error.code == .alreadyExists }
    return (error as? any ShareConflictError)?.isAlreadyCommitted ?? false
  }

  package func tooSlow(_ head: HTTPRequestHead, waited: Bool) {
    if waited {
      log(
        "path=\(loggedPath(head)) answered 503: its upload slot came after the request time"
          + " limit")
    } else {
      log("path=\(loggedPath(head)) closed: the body did not arrive within the request time limit")
    }
  }

  package func completed(_ head: HTTPRequestHead, status: Int?, bodyBytes: Int64) {
    let method = Self.knownMethods.contains(head.method) ? head.method : "other"
    metrics.add(
      ServeMetrics.responses,
      labels: ["route": loggedPath(head), "code": status.map(String.init) ?? "closed"])
    log(
      "method=\(method) path=\(loggedPath(head)) status=\(status.map(String.init) ?? "closed")"
        + " received=\(bodyBytes)")
  }

  private static let knownMethods: Set<String> = [
    "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH",
  ]

  /// `image/heic` of `Image/HEIC; charset=x`: the media type without parameters, lowercased.
  package static func mediaType(_ contentType: String) -> String {
    let base = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    return base.trimmingCharacters(in: .whitespaces).lowercased()
  }
}
