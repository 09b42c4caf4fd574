import ActivationRules
import Importer
import InboxReading
import Ingest
import ShareServer

extension ShareServer {
  /// Starts listening with the web app around the share routes: the install page, pairing,
  /// the manifest, the library page and its thumbnails, in front of `POST /share` and
  /// `GET /healthz` (connections wait in the kernel's queue until `run()`).
  ///
  /// - Parameters:
  ///   - pipeline: What commits each share (its group directory holds the staged uploads).
  ///   - rule: The activation rule a share must pass first, as `ingest-cli share --rule`.
  ///   - inbox: The inbox the library page lists and thumbnails are read from: the one
  ///     `pipeline` commits to, read (`DirectoryInbox(group: pipeline.group)` for a pipeline on
  ///     the directory inbox).
  ///   - library: The library the web app's library page shows (with the day's card); nil
  ///     shows the inbox alone.
  ///   - thumbnailDecoding: Where the web app's thumbnails are decoded (default:
  ///     `.inProcess`). A server facing people who may share hostile files runs them in a
  ///     child process (`ThumbnailDecoding.thisExecutable`, as `ingest-cli serve` does), so no
  ///     image can take the server down.
  ///   - configuration: Where to listen, the tokens, and the limits.
  ///   - log: Receives one line per request and per share: no content, no header values.
  /// - Throws: `ShareServerError.cannotListen`, `.pairingUnavailable`.
  public convenience init(
    pipeline: SharePipeline, rule: ActivationRule? = nil, inbox: any InboxReader,
    library: (any LibraryStore)?,
    thumbnailDecoding: ThumbnailDecoding = .inProcess, configuration: Configuration,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(ShareServerError) {
    let isSecure = configuration.tls != nil || configuration.isBehindHTTPS
    try self.init(
      pipeline: pipeline, rule: rule, configuration: configuration, log: log,
      routes: { (share) throws(ShareServerError) in
        try WebAppRoutes(
          share: share, inbox: inbox, library: library, isSecure: isSecure,
          thumbnailDecoding: thumbnailDecoding)
      })
  }
}
