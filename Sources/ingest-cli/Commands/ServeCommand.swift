import ActivationRules
import Foundation
import Importer
import InboxReading
import Ingest
import IngestPostgres
import ShareServer
import ShareWebApp
import SystemCalls

/// `ingest-cli serve`: the share target over HTTP, in front of the pipeline `share` runs.
enum ServeCommand: ParsableCommand {
  static let name = "serve"

  static let spec = CommandSpec(
    name: name,
    abstract: "take shares over HTTP: POST /share with a file as the body (as a Shortcut sends it)"
      + " or a Web Share Target form",
    discussion: """
      Listens on --host (default 127.0.0.1, this machine only) and --port (default 8787; 0 \
      picks a free one), or on a unix socket made 0600 (--unix-socket PATH, for a reverse \
      proxy on this machine), speaking HTTPS with --tls-cert and --tls-key; its first line \
      is listening on http://HOST:PORT (https://, or unix:PATH). POST \
      /share takes one file as the body, streamed to <group>/.staging/ under a random name \
      (never the client's), then shared exactly as share FILE shares it: sniffed, wrapped as \
      Photos or Files would wrap it, shown to --rule, decided by the contract, committed all \
      or nothing. The answer is 201 with {"share": "ID"}; 422 when the rule hides the share \
      or the contract rejects it; 401 without a valid token; 413 at the head, before a byte \
      is read and with no 100 Continue, for a body the contract cannot take or over \
      --max-body (a chunked body, which declares no length, is cut off instead and its bytes \
      removed). GET /healthz answers ok. A client sends, for instance: curl -H \
      "Authorization: Bearer $TOKEN" -H 'Content-Type: image/heic' --data-binary \
      @photo.heic http://127.0.0.1:8787/share (the scheme's case does not matter: bearer \
      TOKEN is taken too).

      Limits follow the contract (--preset, --contract): a body is at most its largest file \
      (512 MiB by default), a form at most its largest share (2 GiB) and 1 MiB of form; \
      --max-body can only lower them. A text over the contract's length (1000 characters by \
      default) is refused with 422, never shortened. Sizes are printed as the rest of \
      ingest-cli prints them (53.9 KB), both sides of a comparison in one unit.

      POST /share also takes a Web Share Target form (multipart/form-data): its files, url, \
      text and title become one share from the web-share source, each file registered as the \
      type its part declares (when its content agrees) and then as the type its content is, \
      the title as the item's title (which a rule reads; the inbox keeps no item titles); \
      each file part is streamed to .staging/ under a random name. A \
      form of more than 32 parts or a text field over 64 KiB is 413; a form that ends in the \
      middle of a part is 400; a form with nothing to share is 422.

      On the open internet: at most --max-connections connections (default 256), at most \
      --max-connections-per-address from one IP address (default 32; more are closed as they \
      come; behind a reverse proxy on TCP, give the total, as every connection comes from the \
      proxy). A connection must send a whole request head within --header-timeout seconds \
      (default 10) of its start or of its previous request's end: a deadline, which bytes \
      dribbled one at a time do not restart. When every connection is taken, the one waiting \
      longest for its head is closed to let a new one in, so slow or idle clients cannot \
      keep others out.

      At most --max-uploads bodies (default 8) are taken at once; the others wait at their \
      head, unread (no 100 Continue yet), their bytes held back in the network, not in \
      memory; one whose turn comes after --request-timeout is answered 503 with Retry-After. \
      A connection idle for --idle-timeout seconds, or whose body has not arrived \
      --request-timeout seconds after its head (default 900), is closed, and its bytes \
      removed. What cannot be answered (libmicrohttpd 0.9 cannot queue an answer in the \
      middle of a body): a body cut off by these limits, by --max-body without a declared \
      length, or by the client (a chunked body whose connection ends early); it is closed, \
      its bytes removed, its upload slot freed at once.

      Every POST needs Authorization: Bearer TOKEN with a token from --token-file (one per \
      line: one per device); --insecure-no-token turns that off, for a server behind a proxy \
      that authenticates.

      The web app: GET / is an install page with a pairing form; POST /pair with one of the \
      tokens answers with a cookie (HttpOnly, SameSite=Strict, Secure with --tls-cert or \
      --behind-https; an \
      HMAC of the token under a key held in memory, so a restart asks devices to pair again) \
      that stands in for the header on POST /share and on the pages, for POSTs from the \
      server's own origin. GET /manifest.webmanifest is the web app manifest, its share_target \
      made from the contract (the MIME types and extensions it accepts). GET /library lists \
      the inbox and, with --library, the library and the day's hand-off card in the viewer's \
      language and time zone, with thumbnails of images (GET /thumbnail/ID/N), each decoded \
      by this program started again in a process of its own, limited to 256 MiB of address \
      space and 1 s of processor time and killed after 4 s: an image no thumbnail can be made \
      of is 422, and no image can stop the server. A browser's \
      form POST to /share (Accept preferring text/html) is answered 303 to \
      /library?share=ID; API clients keep the JSON. Pages load only the server's own script, \
      style sheet and images, under a strict Content-Security-Policy.

      The log on standard error names methods, routes, statuses, sizes \
      and types, never content or header values. SIGINT or SIGTERM stops accepting, finishes \
      the requests in flight and exits 0; past --stop-timeout seconds (default 30, under \
      systemd's 90), requests still waiting for an upload slot are answered 503, bodies still \
      arriving are cut off and removed, the shares being committed are finished, and the log \
      says so.

      Operations: GET /healthz answers ok while the process runs (liveness); GET /readyz \
      answers 200 ready when the inbox's database (--inbox postgresql://...) answers a check \
      bounded to 2 s, else 503 with Retry-After and why (a directory inbox is always ready). \
      A share whose database cannot be reached is answered 503 with Retry-After: 5 and a \
      reason, within the reconnect window (INGEST_POSTGRES_RECONNECT_SECONDS, 3 s for serve) \
      and the connection's own timeouts (INGEST_POSTGRES_CONNECT_TIMEOUT_SECONDS 5, \
      INGEST_POSTGRES_TCP_USER_TIMEOUT_SECONDS 10, INGEST_POSTGRES_STATEMENT_TIMEOUT_SECONDS \
      60), never after TCP's back-off; a database that stopped answering (a paused server, \
      which no TCP timeout catches) is given up after INGEST_POSTGRES_ANSWER_TIMEOUT_SECONDS \
      (15 for serve, 65 for other commands): the statement is cancelled, the connection \
      dropped, and the share answered 503 "the database did not answer within 15 s". A client that \
      retries sends the same Idempotency-Key \
      header (1-255 printable ASCII characters: a random UUID per share; a form may carry it \
      as its idempotency_key field, as the web app's send form does): the key becomes the \
      share's id, so a share sent again, to this server or another on the same database, \
      before or after its import, is answered 201 with the first one's id and never \
      committed twice. GET /metrics answers in the Prometheus text format: \
      share_ingest_shares_accepted_total, share_ingest_shares_refused_total{reason} \
      (unauthorized, too_large, bad_request, hidden, rejected, unavailable, failed), \
      share_ingest_share_bytes_total, share_ingest_shares_replayed_total, \
      share_ingest_share_seconds (a histogram), share_ingest_database_errors_total{kind} \
      (unreachable, other), share_ingest_http_responses_total{route,code} and \
      share_ingest_ready.

      At its start the server removes what a killed server left in the group: upload-* files \
      in .staging/ that no running server holds (each server holds a lock on its uploads in \
      flight, which inbox sweep respects too) and Inbox/*.json.partial manifests no process \
      is writing.
      """,
    options: Options.self,
    examples: [
      .init(
        command: "serve --token-file ~/.config/ingest/tokens --port 8787",
        note: "take shares from devices holding a token"),
      .init(
        command: "serve --token-file ~/.config/ingest/tokens --host 0.0.0.0 --tls-cert cert.pem"
          + " --tls-key key.pem --max-connections 512 --header-timeout 10",
        note: "on the open internet: HTTPS, more connections, heads within 10 seconds"),
    ],
    exitStatus: """
      0 stopped by SIGINT or SIGTERM; 64 usage; 66 the token file, a TLS file or the rule is \
      missing or unreadable; 73 the group directory cannot be created or written, or the port \
      or unix socket cannot be listened on; 74 other I/O errors.
      """
  )

  /// The server's defaults, which the options' defaults are: help shows what the server does.
  static let defaults = ShareServer.Configuration(tokens: nil)

  /// Where the server listens by default: `127.0.0.1:8787`.
  static let defaultAddress: (host: String, port: UInt16) =
    switch defaults.listener {
    case .address(let host, let port): (host, port)
    case .unixSocket: ("127.0.0.1", 8787)
    }

  /// `--unix-socket-mode`: who may connect to the socket.
  enum SocketMode: String, ArgumentChoice {
    case user = "600"
    case userWithLeadingZero = "0600"
    case group = "660"
    case groupWithLeadingZero = "0660"

    static var argumentKind: String { "600 or 660" }

    /// The permission bits.
    var permissions: UInt32 {
      switch self {
      case .user, .userWithLeadingZero: 0o600
      case .group, .groupWithLeadingZero: 0o660
      }
    }
  }

  /// `serve`'s options.
  struct Options: ParsableOptions {
    var host: String
    var port: UInt16
    var tokenFile: String?
    var isInsecureWithoutToken: Bool
    var maximumBody: Int64?
    var idleTimeout: Int
    var unixSocket: String?
    var unixSocketMode: SocketMode?
    var tlsCertificate: String?
    var tlsKey: String?
    var maximumUploads: Int
    var requestTimeout: Int
    var maximumConnections: Int
    var maximumConnectionsPerAddress: Int
    var headerTimeout: Int
    var stopTimeout: Int
    var rule: String?
    var library: String?
    var isBehindHTTPS: Bool
    var contract: ContractOptions
    var group: GroupOptions
    var backends: BackendOptions

    init(from reader: inout OptionReader) {
      let defaults = ServeCommand.defaults
      let hostOption = DefaultedOption(
        "--host", value: "ADDRESS", default: ServeCommand.defaultAddress.host,
        help: "the IP address to listen on; 0.0.0.0 or :: for every interface")
      let portOption = DefaultedOption(
        "--port", value: "N", default: ServeCommand.defaultAddress.port,
        help: "the port to listen on; 0 picks a free one", range: 0...UInt16.max)
      let unixSocketOption = Option(
        "--unix-socket", value: "PATH",
        help: "listen on a unix socket (mode 0600) instead of --host and --port, for a"
          + " reverse proxy on this machine",
        completion: .file)
      let tokenFileOption = Option(
        "--token-file", value: "FILE",
        help: "the bearer tokens a client may present, one per line (required unless"
          + " --insecure-no-token)",
        completion: .file)
      let insecureFlag = Flag(
        "--insecure-no-token",
        help: "take shares from any client that reaches the port (behind a proxy that"
          + " authenticates)")
      host = reader.read(hostOption)
      port = reader.read(portOption)
      tokenFile = reader.read(tokenFileOption)
      isInsecureWithoutToken = reader.read(insecureFlag)
      reader.excludeEachOther(tokenFileOption, insecureFlag)
      maximumBody = reader.read(
        Option(
          "--max-body", value: "BYTES",
          help: "the largest body taken, in bytes (default: what the contract can take, its"
            + " largest file, or for a form its largest share and 1 MiB); larger is 413",
          range: 1...Int64.max))
      idleTimeout = reader.read(
        DefaultedOption(
          "--idle-timeout", value: "SECONDS", default: defaults.connectionTimeoutSeconds,
          help: "close a connection that sends nothing for this long, its upload removed",
          range: 1...86_400))
      requestTimeout = reader.read(
        DefaultedOption(
          "--request-timeout", value: "SECONDS", default: defaults.requestTimeLimitSeconds,
          help: "close a request whose body has not arrived this long after its head, its"
            + " upload removed",
          range: 1...604_800))
      maximumConnections = reader.read(
        DefaultedOption(
          "--max-connections", value: "N", default: defaults.maximumConnections,
          help: "hold at most N connections at once; when all are taken, the one waiting"
            + " longest for its request head is closed for a new one",
          range: 1...65_536))
      maximumConnectionsPerAddress = reader.read(
        DefaultedOption(
          "--max-connections-per-address", value: "N",
          default: defaults.maximumConnectionsPerAddress,
          help: "hold at most N connections from one IP address (0: no limit of its own);"
            + " behind a proxy on TCP give the total",
          range: 0...65_536))
      headerTimeout = reader.read(
        DefaultedOption(
          "--header-timeout", value: "SECONDS", default: defaults.headerTimeLimitSeconds,
          help: "close a connection that has not sent a whole request head this long after its"
            + " start or its previous request (bytes do not restart it)",
          range: 1...3600))
      stopTimeout = reader.read(
        DefaultedOption(
          "--stop-timeout", value: "SECONDS", default: defaults.stopTimeLimitSeconds,
          help: "on SIGTERM, wait this long for the requests in flight, then answer those"
            + " waiting 503 and cut off bodies still arriving",
          range: 0...86_400))
      maximumUploads = reader.read(
        DefaultedOption(
          "--max-uploads", value: "N", default: defaults.maximumUploads,
          help: "take at most N bodies at once; the others wait, unread", range: 1...4096))
      unixSocket = reader.read(unixSocketOption)
      // A unix socket is instead of an address.
      reader.excludeEachOther(unixSocketOption, hostOption)
      reader.excludeEachOther(unixSocketOption, portOption)
      unixSocketMode = reader.read(
        Option(
          "--unix-socket-mode", value: "MODE",
          help: "the unix socket's permissions: 600 (default: this user) or 660 (and this"
            + " user's group, for a proxy running as another user in it)"))
      tlsCertificate = reader.read(
        Option(
          "--tls-cert", value: "FILE",
          help: "speak HTTPS with this PEM certificate chain (with --tls-key)",
          completion: .file))
      tlsKey = reader.read(
        Option(
          "--tls-key", value: "FILE", help: "the certificate's PEM private key (with --tls-cert)",
          completion: .file))
      rule = reader.read(
        Option(
          "--rule", value: "RULE",
          help: "an Info.plist, a rule file or a predicate each share must pass (else 422)",
          completion: .file))
      library = reader.read(
        Option(
          "--library", value: "PATH|URL",
          help: "show this library (a SQLite file or a postgresql:// URL, as inbox import"
            + " takes it) on the web app's /library page, with the day's hand-off card",
          completion: .file))
      isBehindHTTPS = reader.read(
        Flag(
          "--behind-https",
          help: "browsers reach the server over HTTPS (a proxy terminates TLS): the pairing"
            + " cookie is Secure"))
      contract = reader.read(ContractOptions.self)
      group = reader.read(GroupOptions.self)
      backends = reader.read(BackendOptions.self)
    }
  }

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    let given = arguments.read(Options.self)
    guard try arguments.positionals().isEmpty else {
      throw CLIError.usage("serve takes no operands")
    }
    if given.unixSocketMode != nil, given.unixSocket == nil {
      throw CLIError.usage("--unix-socket-mode is for --unix-socket")
    }
    let tls: ShareServer.TLSCredentials?
    switch (given.tlsCertificate, given.tlsKey) {
    case (let certificate?, let key?):
      do {
        tls = try ShareServer.TLSCredentials(privateKeyFile: key, certificateFile: certificate)
      } catch {
        throw CLIError(status: .noInput, describing: error)
      }
    case (nil, nil): tls = nil
    default: throw CLIError.usage("--tls-cert and --tls-key are given together")
    }
    let tokens: BearerTokens?
    switch (given.tokenFile, given.isInsecureWithoutToken) {
    case (let path?, _):
      do {
        tokens = try BearerTokens(contentsOfFile: path)
      } catch {
        throw CLIError(tokenFile: error)
      }
    case (nil, true): tokens = nil
    case (nil, false):
      throw CLIError.usage(
        "serve needs --token-file FILE (one bearer token per line), or --insecure-no-token")
    }
    let contract = try given.contract.contract()
    let rule = try given.rule.map { try RuleInputs.loadRule($0, declarationFiles: []) }
    let (_, group) = try given.group.open()
    let database = try await Backends.database(given.backends)
    // A share that cannot reach the database is answered 503 within seconds, not held for
    // the 10-second window other commands wait, nor for the 65 seconds they wait for a stalled
    // server's answer: its client retries (with its key).
    let inbox = try await Backends.inbox(
      database, group: group, reconnectDefault: .seconds(3), answerDefault: .seconds(15))
    let pipeline = SharePipeline(group: group, inbox: inbox, contract: contract)
    // What a killed server left (its uploads and the pipeline's copies in .staging/, a
    // manifest never committed): every file a live share holds carries the in-flight lock,
    // which the sweeper respects at any threshold, so a server running beside this one loses
    // nothing.
    do {
      let left = try await InboxSweeper(group: group, inbox: inbox).sweep(olderThan: .zero)
      let removed = left.removedFromStaging + left.removedFromIncoming + left.removedFromInbox
      if removed > 0 {
        Output.error(
          "serve: removed what an ended server left: \(left.removedFromStaging) files in .staging,"
            + " \(left.removedFromIncoming) in Incoming, \(left.removedFromInbox) unfinished"
            + " manifests, \(ByteCount(left.bytesFreed))")
      }
    } catch {
      Output.error("serve: cannot remove what an ended server left: \(error)")
    }
    var library: (any LibraryStore)?
    if let path = given.library {
      library = try await Backends.library(path, group: group.path, create: true)
    }
    var configuration = ShareServer.Configuration(tls: tls, tokens: tokens)
    configuration.isBehindHTTPS = given.isBehindHTTPS
    if let inbox = inbox as? PostgresInbox {
      configuration.readiness = {
        do {
          try await inbox.checkReachable(within: 2)
          return nil
        } catch {
          return error
        }
      }
    }
    if let path = given.unixSocket {
      configuration.listener = .unixSocket(path: path)
      if let mode = given.unixSocketMode { configuration.unixSocketPermissions = mode.permissions }
    } else {
      configuration.listener = .address(given.host, port: given.port)
    }
    configuration.maximumBodySize = given.maximumBody
    configuration.connectionTimeoutSeconds = given.idleTimeout
    configuration.maximumUploads = given.maximumUploads
    configuration.requestTimeLimitSeconds = given.requestTimeout
    configuration.maximumConnections = given.maximumConnections
    configuration.maximumConnectionsPerAddress = given.maximumConnectionsPerAddress
    configuration.headerTimeLimitSeconds = given.headerTimeout
    configuration.stopTimeLimitSeconds = given.stopTimeout
    let server: ShareServer
    do {
      // Every thumbnail is decoded by this program started again, in a process with limits of
      // its own (IngestCLI.main answers ThumbnailWorker.argument first).
      server = try ShareServer(
        pipeline: pipeline, rule: rule, inbox: inbox, library: library,
        thumbnailDecoding: .thisExecutable,
        configuration: configuration, log: { Output.error("serve: \($0)") })
    } catch {
      throw CLIError(status: .cannotCreate, describing: error)
    }
    server.stopOnSignals([SIGINT, SIGTERM])
    switch server.listening {
    case .address(let host, let port):
      let shownHost = host.contains(":") ? "[\(host)]" : host
      print("listening on \(tls == nil ? "http" : "https")://\(shownHost):\(port)")
    case .unixSocket(let path):
      print("listening on unix:\(TerminalText.quoted(path))")
    }
    Output.flush()
    do {
      try await server.run()
    } catch {
      throw CLIError(status: .ioError, describing: error)
    }
    await pipeline.close()
    return .success
  }
}
