import Foundation
import Importer
import Ingest

/// The web app around the share target: the install page (`GET /`), pairing a browser
/// (`POST /pair`, `POST /unpair`), the manifest, icons, script and style sheet, the library
/// page (`GET /library`) and its thumbnails (`GET /thumbnail/<share-id>/<n>`); every other
/// request (`POST /share`, `GET /healthz`) goes to ``ShareRoutes``.
///
/// It stands in front of the share routes for two things they do not do: a browser's POST
/// carrying the pairing cookie (see `Pairing`) is let through to `POST /share` as a bearer
/// token would be; and a browser (whose `Accept` prefers `text/html`) gets pages, not JSON: a
/// share it posted is answered `303 See Other` to `/library?share=<id>`, a refusal with a page
/// saying why. API clients keep the JSON answers.
struct WebAppRoutes: HTTPRequestHandler {
  /// The web app's fixed paths (the thumbnails' are `/thumbnail/...`).
  static let routes: Set<String> = [
    "/", "/library", "/pair", "/unpair", "/manifest.webmanifest", "/app.js", "/app.css",
    "/icon-192.png", "/icon-512.png",
  ]

  let share: ShareRoutes
  let pairing: Pairing
  let library: (any LibraryStore)?
  private let manifest: [UInt8]
  private let icons = AppIcon()
  private let thumbnails: Thumbnails

  /// The web app in front of `share`, showing `library` when there is one, its thumbnails
  /// decoded as `thumbnailDecoding` says.
  /// - Throws: `ShareServerError.pairingUnavailable`.
  init(
    share: ShareRoutes, library: (any LibraryStore)?, isSecure: Bool,
    thumbnailDecoding: ThumbnailDecoding = .inProcess
  ) throws(ShareServerError) {
    self.share = share
    self.library = library
    pairing = try Pairing(tokens: share.tokens, isSecure: isSecure)
    manifest = WebAppManifest.json(for: share.pipeline.contract)
    thumbnails = Thumbnails(
      group: share.pipeline.group, inbox: share.pipeline.inbox, library: library,
      decoding: thumbnailDecoding, log: share.log)
  }

  /// The route a log line names for `head`: one of the web app's, or nil.
  static func loggedRoute(of head: HTTPRequestHead) -> String? {
    if routes.contains(head.path) { return head.path }
    return head.path.hasPrefix("/thumbnail/") ? "/thumbnail" : nil
  }

  func decide(_ head: HTTPRequestHead) -> HTTPHeadDecision {
    switch head.path {
    case "/share": return decideShare(head)
    case "/pair": return decidePairing(head)
    case "/unpair": return decideUnpairing(head)
    default: break
    }
    guard Self.routes.contains(head.path) || head.path.hasPrefix("/thumbnail/") else {
      return share.decide(head)
    }
    guard head.method == "GET" || head.method == "HEAD" else {
      return .respond(.text(405, "method not allowed: GET \(head.path)"))
    }
    switch head.path {
    case "/":
      return .respond(
        InstallPage(pairing: pairing, contract: share.pipeline.contract).render(head))
    case "/manifest.webmanifest":
      return .respond(
        HTTPResponse(
          status: 200, body: manifest, contentType: "application/manifest+json",
          headers: [("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-cache")]))
    case "/app.js":
      return .respond(asset(WebAppAssets.script, type: "text/javascript; charset=utf-8"))
    case "/app.css":
      return .respond(asset(WebAppAssets.styleSheet, type: "text/css; charset=utf-8"))
    case "/icon-192.png", "/icon-512.png":
      let size = head.path == "/icon-192.png" ? 192 : 512
      guard let png = icons.png(size: size) else {
        return .respond(.text(500, "the icon could not be made"))
      }
      return .respond(
        HTTPResponse(
          status: 200, body: png, contentType: "image/png",
          headers: [("X-Content-Type-Options", "nosniff"), ("Cache-Control", "max-age=86400")]))
    default:
      break
    }
    guard pairing.mayView(head) else { return .respond(Self.pairFirst) }
    if head.path == "/library" {
      let page = LibraryPage(inbox: share.pipeline.inbox, library: library)
      return .respondLater { await page.render(head) }
    }
    guard let (id, item) = Self.thumbnailAddress(head.path) else {
      return .respond(.text(404, "no such thumbnail: /thumbnail/<share-id>/<item>"))
    }
    let thumbnails = self.thumbnails
    return .respondLater { await thumbnails.response(share: id, item: item) }
  }

  /// The share and item of `/thumbnail/<share-id>/<n>`: a UUID and a small index, or nil.
  static func thumbnailAddress(_ path: String) -> (UUID, Int)? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[1] == "thumbnail", let id = UUID(uuidString: String(parts[2])),
      parts[3].count <= 4, parts[3].allSatisfy({ ("0"..."9").contains($0) }),
      let item = Int(parts[3])
    else { return nil }
    return (id, item)
  }

  /// `POST /share`: a paired browser's cookie stands in for the token, when the POST comes
  /// from the server's own pages; a browser gets a page instead of a JSON refusal.
  private func decideShare(_ head: HTTPRequestHead) -> HTTPHeadDecision {
    var head = head
    if head.method == "POST", pairing.tokens != nil, pairing.isPaired(head) {
      guard pairing.isSameOrigin(head) else {
        return .respond(
          answer(
            .error(403, "a paired browser's share must come from this server's own pages"),
            to: head))
      }
      head.isPaired = true
    }
    let decision = share.decide(head)
    if case .respond(let response) = decision {
      return .respond(answer(response, to: head))
    }
    return decision
  }

  private func decidePairing(_ head: HTTPRequestHead) -> HTTPHeadDecision {
    guard head.method == "POST" else {
      return .respond(.text(405, "method not allowed: POST /pair"))
    }
    guard pairing.tokens != nil else {
      return .respond(
        HTML.message(
          400, title: "No pairing needed", message: "This server asks for no token.",
          link: ("/library", "Open the library")))
    }
    guard pairing.isSameOrigin(head) else {
      return .respond(
        HTML.message(403, title: "Not paired", message: "Pair from this server's own page."))
    }
    if let length = head.contentLength, length > Self.pairingBodyLimit {
      return .respond(.text(413, "the pairing form is larger than it can be"))
    }
    let type = head.contentType.map(ShareRoutes.mediaType)
    guard type == "application/x-www-form-urlencoded" || type == "multipart/form-data" else {
      return .respond(.text(415, "the pairing form is sent as a form"))
    }
    return .receiveForm(
      FormUpload(in: share.pipeline.group, limit: Self.pairingBodyLimit, keptFields: ["token"]))
  }

  private static let pairingBodyLimit: Int64 = 8 << 10

  private func decideUnpairing(_ head: HTTPRequestHead) -> HTTPHeadDecision {
    guard head.method == "POST" else {
      return .respond(.text(405, "method not allowed: POST /unpair"))
    }
    guard pairing.isSameOrigin(head) else {
      return .respond(HTML.message(403, title: "Not done", message: "Use this server's own page."))
    }
    return .respond(Self.redirect(to: "/", headers: [("Set-Cookie", pairing.clearCookie)]))
  }

  func finish(_ upload: Upload, head: HTTPRequestHead) async -> HTTPResponse {
    answer(await share.finish(upload, head: head), to: head)
  }

  func finish(_ form: FormUpload, head: HTTPRequestHead) async -> HTTPResponse {
    guard head.path != "/pair" else {
      defer { form.discard() }
      let token = form.field("token")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      guard let cookie = pairing.setCookie(forToken: token) else {
        return InstallPage(pairing: pairing, contract: share.pipeline.contract).render(
          head, status: 401, message: "That is not one of this server's tokens.")
      }
      return Self.redirect(to: "/library", headers: [("Set-Cookie", cookie)])
    }
    return answer(await share.finish(form, head: head), to: head)
  }

  func tooSlow(_ head: HTTPRequestHead) {
    share.tooSlow(head)
  }

  func completed(_ head: HTTPRequestHead, status: Int?, bodyBytes: Int64) {
    share.completed(head, status: status, bodyBytes: bodyBytes)
  }

  /// `response` as a browser should get it: a share committed is `303` to the library page, a
  /// refusal is a page saying why; API clients get `response` as it is.
  private func answer(_ response: HTTPResponse, to head: HTTPRequestHead) -> HTTPResponse {
    guard RequestPreferences.prefersHTML(accept: head.accept),
      response.contentType == "application/json"
    else { return response }
    let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    if response.status == 201, let id = (object?["share"] as? String).flatMap(UUID.init) {
      return Self.redirect(to: "/library?share=\(id.uuidString)#share-\(id.uuidString)")
    }
    let message = object?["error"] as? String ?? "The request was refused."
    if response.status == 401 { return Self.pairFirst }
    return HTML.message(
      response.status, title: "Not shared", message: message,
      link: ("/library", "Back to the library"))
  }

  /// The page a browser gets without a pairing cookie or a token.
  private static let pairFirst = HTML.message(
    401, title: "Pair this browser first",
    message: "This server takes shares only from devices holding one of its tokens.",
    link: ("/", "Pair this browser"), headers: [("WWW-Authenticate", "Bearer")])

  static func redirect(to location: String, headers: [(String, String)] = []) -> HTTPResponse {
    HTTPResponse(
      status: 303, body: "<!doctype html><title>See Other</title>\n",
      contentType: "text/html; charset=utf-8",
      headers: HTML.securityHeaders + [("Location", location)] + headers)
  }

  private func asset(_ text: String, type: String) -> HTTPResponse {
    HTTPResponse(
      status: 200, body: text, contentType: type,
      headers: [("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-cache")])
  }
}
