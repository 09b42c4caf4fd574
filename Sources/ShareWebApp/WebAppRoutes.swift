import Foundation
import Importer
import InboxReading
import Ingest
import ShareServer

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

  /// Every route the server answers, for a 404 to name.
  static let everyRoute =
    "GET / (the install page), GET /library, POST /pair, POST /unpair,"
    + " GET /manifest.webmanifest, GET /app.js, GET /app.css, GET /icon-192.png,"
    + " GET /icon-512.png, GET /thumbnail/<share-id>/<n>, POST /share, GET /healthz,"
    + " GET /readyz and GET /metrics"

  let share: ShareRoutes
  /// The inbox the library page lists: the one the share route commits to, read.
  let inbox: any InboxReader
  let pairing: Pairing
  let library: (any LibraryStore)?
  private let manifest: [UInt8]
  private let icons = AppIcon()
  private let thumbnails: Thumbnails

  /// The web app in front of `share`, showing `inbox` and `library` when there is one, its
  /// thumbnails decoded as `thumbnailDecoding` says.
  /// - Throws: `ShareServerError.pairingUnavailable`.
  init(
    share: ShareRoutes, inbox: any InboxReader, library: (any LibraryStore)?, isSecure: Bool,
    thumbnailDecoding: ThumbnailDecoding = .inProcess
  ) throws(ShareServerError) {
    var share = share
    share.otherRoutes = (Self.everyRoute, { Self.loggedRoute(of: $0) })
    self.share = share
    self.inbox = inbox
    self.library = library
    // The key is kept in the group directory only when there are tokens to pair with.
    let key = PairingKey(group: share.tokens == nil ? nil : share.pipeline.group)
    if share.tokens != nil, !key.isPersisted {
      share.log(
        "pairing: the key cannot be kept, so devices pair again after a restart: "
          + (key.problem ?? "unknown"))
    }
    pairing = try Pairing(tokens: share.tokens, isSecure: isSecure, key: key)
    manifest = WebAppManifest.json(for: share.pipeline.contract)
    thumbnails = Thumbnails(
      group: share.pipeline.group, inbox: inbox, library: library,
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
      let page = LibraryPage(inbox: inbox, library: library)
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
  ///
  /// A browser's form that is not paired (its cookie is stale: the token left the token file,
  /// or the key file was removed) is not simply refused: its text fields are read (a body of
  /// at most `keptFormLimit` bytes; files read past, never stored, from an unknown sender) and
  /// the pairing page that answers carries them, so that once paired the share is there to
  /// send again. Nothing is shared without a token. A larger body is refused before it is
  /// read, and the page says that nothing was kept.
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
    if isUnpairedBrowserForm(head) {
      if let length = head.contentLength, length <= Self.keptFormLimit {
        return .receiveForm(
          FormUpload(
            in: share.pipeline.group, limit: Self.keptFormLimit, keepsFiles: false))
      }
      return .respond(
        pairAgain(
          FormUpload.Fields(), droppedFiles: 0,
          note: "Nothing of this share was kept: it was too large to hold for a browser that"
            + " is not paired. Pair this browser, then share again."))
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
      FormUpload(
        in: share.pipeline.group, limit: Self.pairingBodyLimit,
        keptFields: ["token", "title", "text", "url"], keepsFiles: false))
  }

  /// A pairing form may carry a share kept while the browser paired (`keptFormLimit`).
  private static let pairingBodyLimit: Int64 = keptFormLimit + (8 << 10)

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
      let kept = form.fields
      guard let cookie = pairing.setCookie(forToken: token) else {
        if kept.title != nil || kept.text != nil || kept.url != nil {
          return pairAgain(
            kept, droppedFiles: 0, status: 401, message: "That is not one of this server's tokens.")
        }
        return InstallPage(pairing: pairing, contract: share.pipeline.contract).render(
          head, status: 401, message: "That is not one of this server's tokens.")
      }
      guard kept.title != nil || kept.text != nil || kept.url != nil else {
        return Self.redirect(to: "/library", headers: [("Set-Cookie", cookie)])
      }
      // A share kept while the browser paired: shown again, for the person to send.
      return HTML.page(
        200, title: "Paired",
        body: """
          <header><h1>Paired</h1><nav><a href="/library">Library</a></nav></header>
          <main>
          <p class="notice" id="paired">This browser is paired. Your share is below, as it \
          came: press Share to send it.</p>
          \(LibraryPage.sendForm(kept))
          </main>
          """, headers: [("Set-Cookie", cookie)])
    }
    if isUnpairedBrowserForm(head) {
      defer { form.discard() }
      return pairAgain(form.fields, droppedFiles: form.droppedFiles)
    }
    let response = await share.finish(form, head: head)
    guard RequestPreferences.prefersHTML(accept: head.accept), response.status >= 400,
      response.status != 401, response.contentType == "application/json"
    else { return answer(response, to: head) }
    // A browser's refused form: why, in words, and the form filled in again to retry.
    let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
    let reason =
      object?["reason"] as? String ?? object?["error"] as? String ?? "The share was refused."
    let files = form.files.filter { $0.upload.byteCount > 0 }.count
    let note =
      files == 0
      ? nil
      : "Choose the \(files == 1 ? "file" : "files") again: a page cannot keep them for you."
    return HTML.page(
      response.status, title: "Not shared",
      body: """
        <header><h1>Not shared</h1><nav><a href="/library">Library</a></nav></header>
        <main>
        <p class="notice error" id="message">\(HTML.escape(reason))</p>
        \(LibraryPage.sendForm(form.fields, note: note))
        </main>
        """)
  }

  /// The most bytes of a form read from a browser that is not paired (its text fields).
  static let keptFormLimit: Int64 = 64 << 10

  /// Whether `head` is a browser's share form without a token or a valid pairing cookie (a
  /// share sheet's POST from a browser whose pairing went stale), from this server's pages or
  /// the browser itself.
  private func isUnpairedBrowserForm(_ head: HTTPRequestHead) -> Bool {
    guard head.path == "/share", head.method == "POST", let tokens = pairing.tokens,
      !head.isPaired, !pairing.isPaired(head), !tokens.accepts(authorization: head.authorization),
      RequestPreferences.prefersHTML(accept: head.accept),
      head.contentType.map(ShareRoutes.mediaType) == "multipart/form-data",
      pairing.isSameOrigin(head)
    else { return false }
    return true
  }

  /// The pairing page for a share that came from a browser that is not paired: the pairing
  /// form carries the share's text fields (hidden), so that the share is shown again once the
  /// browser is paired.
  private func pairAgain(
    _ fields: FormUpload.Fields, droppedFiles: Int, status: Int = 401, message: String? = nil,
    note: String? = nil
  ) -> HTTPResponse {
    func hidden(_ name: String, _ value: String?) -> String {
      value.map { "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTML.escape($0))\">" }
        ?? ""
    }
    var kept: [String] = []
    if fields.title != nil { kept.append("title") }
    if fields.text != nil { kept.append("text") }
    if fields.url != nil { kept.append("link") }
    var said =
      note
      ?? (kept.isEmpty
        ? "Nothing of this share could be kept."
        : "This share's \(kept.joined(separator: " and ") ) is kept: it is shown again once"
          + " this browser is paired.")
    if droppedFiles > 0 {
      said +=
        " Its \(droppedFiles == 1 ? "file was" : "files were") not kept: share"
        + " \(droppedFiles == 1 ? "it" : "them") again after pairing."
    }
    let error =
      message.map { "<p class=\"notice error\" id=\"message\">\(HTML.escape($0))</p>\n" } ?? ""
    return HTML.page(
      status, title: "Pair this browser again",
      body: """
        <header><h1>Pair this browser again</h1><nav><a href="/">Install</a></nav></header>
        <main>
        \(error)<p class="notice" id="stale">This browser is not paired with this server (any \
        more): its pairing was removed, or its token is no longer one of the server's. \
        \(HTML.escape(said))</p>
        <form method="post" action="/pair">
        <p><label for="token">Token</label>
        <input type="password" id="token" name="token" autocomplete="off" required></p>
        \(hidden("title", fields.title))\(hidden("text", fields.text))\(hidden("url", fields.url))
        <p><button type="submit">Pair</button></p>
        </form>
        </main>
        """, headers: [("WWW-Authenticate", "Bearer")])
  }

  func tooSlow(_ head: HTTPRequestHead, waited: Bool) {
    share.tooSlow(head, waited: waited)
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
