/// What loading one attachment produced, before the share commits.
enum LoadedAttachment: Sendable {
  /// A payload staged in `.staging/`, with its size and digest.
  case file(StagedPayload, byteCount: Int64, sha256: String)
  /// A payload the inbox's store took as it was read (`PayloadReceivingManifest`), named as a
  /// payload file in `Incoming/` would be (no such file is written).
  case stored(name: String, byteCount: Int64, sha256: String)
  /// A text.
  case text(String)
  /// An absolute URL.
  case url(String)
  /// A web page as the extension's JavaScript preprocessing returned it (`JavaScriptPage`).
  case page(url: String, title: String?, selection: String?)
}
