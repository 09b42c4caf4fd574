import ActivationRules
import Foundation
import Ingest
import ItemProvider
import Sniffing
import SystemCalls
import UTI

/// The server's routes: `POST /share` (one file as the body) and `GET /healthz`.
///
/// A share is decided as `ingest-cli share FILE` decides it: the body is wrapped by
/// `LocalShare` (sniffed, registered as its content's type, as Photos or Files would share it),
/// shown to the activation rule, then handed to the same `SharePipeline` with its contract,
/// committed all or nothing.
package struct ShareRoutes: HTTPRequestHandler {
  /// The paths these routes answer (any other is 404, and logged as `other`, unless a handler
  /// in front of them answers it: see `otherRoutes`).
  static let known: Set<String> = ["/share", "/healthz"]

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
      var response = HTTPResponse.error(
        401, "a bearer token is required: Authorization: Bearer <token>")
      response.headers = [("WWW-Authenticate", "Bearer")]
      return .respond(response)
    }
    let isForm = head.contentType.map(Self.mediaType) == "multipart/form-data"
    let limit = isForm ? limits.form : limits.file
    if let length = head.contentLength, length > limit {
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
    return await commit(share, bytes: upload.byteCount, adopting: [received])
  }

  /// A Web Share Target form, wrapped as the "web share" source (`LocalShare.init(webShareFiles:
  /// title:text:url:sniffer:registry:)`): its files, each registered as the type its part
  /// declared (when the content agrees) and then the type its content is, named by its part's
  /// file name, its `url`, its `text`, and its `title` as the item's title (the share's title
  /// in the manifest). Empty file parts, which a form sends for a file input left empty, are
  /// skipped.
  package func finish(_ form: FormUpload, head: HTTPRequestHead) async -> HTTPResponse {
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
        return .error(422, "the form's url is not an absolute URL")
      }
      url = parsed
    }
    guard !files.isEmpty || fields.text != nil || url != nil else {
      return .error(422, "the form holds no file, text or url to share")
    }
    let share: LocalShare
    do {
      share = try LocalShare(
        webShareFiles: files, title: fields.title, text: fields.text, url: url, sniffer: sniffer)
    } catch {
      return .error(422, "a file of the form could not be read")
    }
    return await commit(share, bytes: bytes, adopting: received)
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
  private func commit(_ share: LocalShare, bytes: Int64, adopting received: [ReceivedFile]) async
    -> HTTPResponse
  {
    let types = share.sniffed.map(\.type.identifier)
    let typeList = types.isEmpty ? "none" : types.joined(separator: ",")
    let details = "bytes=\(bytes) files=\(types.count) types=\(typeList)"
    if let rule {
      let decision = rule.evaluate(await ActivationInput(extensionItems: share.items))
      if !decision.isShown {
        log("share hidden by the rule \(details)")
        return .json(
          422,
          [
            "error": "the extension would not be offered for this share: \(decision.reason)",
            "reason": RefusalText.reason(.hidden(reason: decision.reason), in: share),
          ])
      }
    }
    let outcome = await pipeline.share(share.items, source: share.source, adopting: received)
    switch outcome.error {
    case nil:
      log("share=\(outcome.shareID.uuidString) committed \(details)")
      return .json(201, ["share": outcome.shareID.uuidString])
    case .some(let error):
      log("share=\(outcome.shareID.uuidString) not saved \(details): \(error.redactedDescription)")
      switch error {
      case .hidden, .rejected:
        return .json(
          422, ["error": error.description, "reason": RefusalText.reason(error, in: share)])
      default:
        return .json(
          500,
          [
            "error": "the share was not saved: \(error.redactedDescription)",
            "reason": RefusalText.reason(error, in: share),
          ])
      }
    }
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
