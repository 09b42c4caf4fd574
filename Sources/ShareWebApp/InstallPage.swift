import Ingest
import ShareServer
import UTI

/// `GET /`: what the server is, pairing this browser (the pairing form, or a way to forget
/// it), and how to put the app into a phone's share sheet.
struct InstallPage {
  let pairing: Pairing
  let contract: InputContract

  /// The page; `message` (plain text) says why it is shown again after a failed pairing.
  func render(_ head: HTTPRequestHead, status: Int = 200, message: String? = nil) -> HTTPResponse {
    var body = """
      <header><h1>Share Ingest</h1><nav><a href="/library">Library</a></nav></header>
      <main>
      <p>This server takes shares from phones and browsers into its inbox, through the same \
      activation rule and input contract as <code>ingest-cli share</code>, all or nothing.</p>

      """
    if pairing.tokens == nil {
      body += """
        <p class="notice" id="pairing">This server asks for no token: any device that reaches \
        it may share.</p>

        """
    } else if pairing.isPaired(head) {
      let keyNote =
        pairing.isKeyPersisted
        ? ""
        : " This server cannot keep its pairing key, so this browser must pair again after the"
          + " server restarts."
      body += """
        <section id="pairing"><h2>This browser is paired</h2>
        <p class="notice" id="paired">Shares from this browser are taken, and the library is \
        yours to see.\(keyNote)</p>
        <form method="post" action="/unpair"><p><button type="submit">Forget this \
        browser</button></p></form>
        </section>

        """
    } else {
      let shownMessage =
        message.map { "<p class=\"notice error\" id=\"message\">\(HTML.escape($0))</p>\n" } ?? ""
      let keyNote =
        pairing.isKeyPersisted
        ? "It stays paired when the server restarts."
        : "This server cannot keep its pairing key: after it restarts, this browser must pair"
          + " again."
      body += """
        <section id="pairing"><h2>Pair this browser</h2>
        \(shownMessage)<p>Type one of the server's tokens (a line of its token file) once. The \
        server answers with a cookie that stands in for the token on this browser: the share \
        sheet's posts and the library page carry it. \(keyNote)</p>
        <form method="post" action="/pair">
        <p><label for="token">Token</label>
        <input type="password" id="token" name="token" autocomplete="off" required></p>
        <p><button type="submit">Pair</button></p>
        </form>
        </section>

        """
    }
    body += """
      <section id="install"><h2>Add it to the share sheet</h2>
      <h3>Android</h3>
      <ol>
      <li>Open this page in Chrome on an Android phone, over HTTPS (a browser installs apps \
      only from a secure origin).</li>
      <li>Pair the browser with a token, above.</li>
      <li>In Chrome's menu, choose <strong>Add to Home screen</strong> (or \
      <strong>Install app</strong>) and confirm.</li>
      <li>Share from any app: <strong>Ingest</strong> is in the share sheet. What you share \
      is posted here, and the library opens on it.</li>
      </ol>
      <h3>iPhone and iPad</h3>
      <p>iOS offers web apps no share sheet: a Shortcut posts here instead. Make it with \
      <code>ingest-cli shortcut make --post-to</code> and this server's address followed by \
      <code>/share</code>, sign it on a Mac (<code>shortcuts sign</code>), and open it on \
      the phone. Importing it asks once for a token (a line of the server's token file); the \
      file itself holds none.</p>
      <p id="accepted">This server accepts \(HTML.escape(Self.words(for: contract))): the \
      share sheet offers the app for those (see the <a \
      href="/manifest.webmanifest">manifest</a>).</p>
      </section>
      </main>
      """
    return HTML.page(status, title: "Share Ingest", body: body)
  }

  /// What `contract` accepts, in words: "images, movies, PDF documents, plain text and web
  /// links", with the largest file and the longest text. A type without words of its own here
  /// is named by its description in the type catalogue (its identifier only when it has none).
  static func words(for contract: InputContract) -> String {
    let kinds = contract.acceptedTypes.map { identifier -> String in
      if let words = Self.kinds[identifier] { return words }
      guard let description = UTType(identifier)?.localizedDescription, !description.isEmpty
      else { return identifier }
      return description.prefix(1).lowercased() + description.dropFirst()
    }
    let list: String
    switch kinds.count {
    case 0: list = "nothing"
    case 1: list = kinds[0]
    default: list = kinds.dropLast().joined(separator: ", ") + " and " + (kinds.last ?? "")
    }
    return list + " (files of at most \(ByteCount(contract.maximumFileSize)), texts of at most"
      + " \(contract.maximumTextLength) characters)"
  }

  /// Words for the types contracts name most.
  private static let kinds: [String: String] = [
    "public.image": "images", "public.movie": "movies", "public.video": "videos",
    "public.audio": "audio", "com.adobe.pdf": "PDF documents", "public.plain-text": "plain text",
    "public.text": "text", "public.url": "web links", "public.file-url": "files",
    "public.data": "any file", "public.item": "anything", "public.content": "documents",
    "public.heic": "HEIC photos", "public.jpeg": "JPEG images", "public.png": "PNG images",
  ]
}
