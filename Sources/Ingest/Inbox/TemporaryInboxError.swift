/// An error that can say the inbox is only out of reach for now (a database server restarting,
/// a connection lost): a watcher reports it and tries again, where any other error ends its
/// run; a share server answers 503 with `Retry-After`.
public protocol TemporaryInboxError: Error {
  /// Whether trying again later may succeed without anyone doing anything.
  var isTemporary: Bool { get }
}
