/// How a PostgreSQL backend reaches its server, and how long it waits for it.
///
/// Every wait on the server is bounded, so a database that is stopped, paused or cut off by
/// the network is reported within seconds rather than after TCP's own back-off (minutes):
///
/// - Making a connection: `connectTimeoutSeconds` (libpq `connect_timeout`), 5 s by default.
/// - Data sent and not acknowledged (a cut link): `tcpUserTimeoutMilliseconds`
///   (`tcp_user_timeout`), 10 s.
/// - An idle connection whose peer went away: keepalives (`keepalives_idle`, `_interval`,
///   `_count`), 10 s, then 3 probes 3 s apart.
/// - One statement on the server: `statementTimeoutMilliseconds` (`statement_timeout`), 60 s.
/// - The server's answer, on the client (a server stopped or stalled, which no timeout above
///   catches): `answerTimeoutMilliseconds`, 65 s (`serve`: 15 s).
/// - Reconnecting after a connection is lost: `reconnectTimeout`, 10 s (`serve`: 3 s).
///
/// A setting the URL names (`?connect_timeout=2&tcp_user_timeout=5000`, or
/// `options=-c statement_timeout=0`) wins over these defaults. The TCP settings do not apply to
/// a Unix socket. Migrations (`db migrate`) are bounded by neither the statement timeout nor the
/// answer timeout.
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
  /// How long data sent may stay unacknowledged before the connection is given up, in
  /// milliseconds (libpq's `tcp_user_timeout`; 0: the system's default, minutes). Bounds a
  /// share or a claim caught by a cut link.
  public var tcpUserTimeoutMilliseconds: Int = 10_000
  /// Seconds a connection stays idle before TCP keepalive probes start (0: keepalives off).
  public var keepalivesIdleSeconds: Int = 10
  /// Seconds between keepalive probes.
  public var keepalivesIntervalSeconds: Int = 3
  /// Unanswered keepalive probes after which the connection is given up.
  public var keepalivesCount: Int = 3
  /// The server's `statement_timeout` for these connections, in milliseconds (0: none): a
  /// statement held up on the server (a lock, a server that stopped making progress) fails
  /// with SQLSTATE 57014 instead of waiting on.
  public var statementTimeoutMilliseconds: Int = 60_000
  /// How long the client waits for the server's answer, in milliseconds (0: no bound): for one
  /// statement, sending it and reading its whole result; in a `COPY`, each wait for the server
  /// to take or give data. The server's `statement_timeout` cannot fire in a server that does
  /// not run (stopped, paused, swapped out), and TCP's timeouts cannot while its kernel
  /// acknowledges what is sent; this bound can. Past it the statement is cancelled, the
  /// connection dropped, and the operation fails with a `PostgresError` whose `answerTimeout`
  /// is set ("the database did not answer within 65 s"): a temporary error. The default is 5 s
  /// more than the statement timeout, so that a statement the server stops itself reports the
  /// server's own error.
  public var answerTimeoutMilliseconds: Int = 65_000

  /// Options; the defaults are a 10-second reconnect window and 5-second connection attempts
  /// (see the table above for the others).
  public init(
    reconnectTimeout: Duration = .seconds(10), connectTimeoutSeconds: Int = 5,
    applicationName: String = "share-ingest"
  ) {
    self.reconnectTimeout = reconnectTimeout
    self.connectTimeoutSeconds = connectTimeoutSeconds
    self.applicationName = applicationName
  }

  /// The answer timeout as a duration; nil when there is none.
  var answerTimeout: Duration? {
    answerTimeoutMilliseconds > 0 ? .milliseconds(answerTimeoutMilliseconds) : nil
  }

  /// The libpq keywords and values these options set (before the URL's own, which win).
  ///
  /// - Parameter boundsStatements: Whether to set `statement_timeout` (not for migrations).
  func connectionSettings(boundsStatements: Bool) -> [(String, String)] {
    var settings: [(String, String)] = []
    if tcpUserTimeoutMilliseconds > 0 {
      settings.append(("tcp_user_timeout", String(tcpUserTimeoutMilliseconds)))
    }
    if keepalivesIdleSeconds > 0 {
      settings += [
        ("keepalives", "1"), ("keepalives_idle", String(keepalivesIdleSeconds)),
        ("keepalives_interval", String(max(1, keepalivesIntervalSeconds))),
        ("keepalives_count", String(max(1, keepalivesCount))),
      ]
    }
    if boundsStatements, statementTimeoutMilliseconds > 0 {
      settings.append(("options", "-c statement_timeout=\(statementTimeoutMilliseconds)"))
    }
    return settings
  }
}
