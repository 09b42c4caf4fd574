/// How a PostgreSQL backend reaches its server.
public struct PostgresOptions: Sendable, Hashable {
  /// How long an operation that finds its connection lost, or cannot make one, keeps
  /// reconnecting before it fails: 10 seconds by default, more than a server restart takes.
  /// Zero fails at once.
  public var reconnectTimeout: Duration
  /// How long one connection attempt may take, in seconds (libpq's `connect_timeout`; libpq
  /// counts at least 2). A `connect_timeout` in the URL wins.
  public var connectTimeoutSeconds: Int
  /// The `application_name` the server shows for these connections (`pg_stat_activity`),
  /// unless the URL names one.
  public var applicationName: String

  /// Options; the defaults are a 10-second reconnect window and 5-second connection attempts.
  public init(
    reconnectTimeout: Duration = .seconds(10), connectTimeoutSeconds: Int = 5,
    applicationName: String = "share-ingest"
  ) {
    self.reconnectTimeout = reconnectTimeout
    self.connectTimeoutSeconds = connectTimeoutSeconds
    self.applicationName = applicationName
  }
}
