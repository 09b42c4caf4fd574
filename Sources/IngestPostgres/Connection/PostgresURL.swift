import Foundation

/// Where a PostgreSQL database is: a `postgresql://` (or `postgres://`) URL, as libpq reads it.
///
/// `postgresql:///share_ingest?host=/run/postgresql` (a Unix socket),
/// `postgresql://ingest@db.internal:5432/share_ingest?sslmode=verify-full`. Messages and logs
/// show it without its password (`redacted`).
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
  /// The URL as given.
  public let string: String

  /// The URL, when `string` is a `postgresql://` or `postgres://` URL.
  public init?(_ string: String) {
    guard Self.isPostgres(string) else { return nil }
    self.string = string
  }

  /// Whether `text` starts as a PostgreSQL URL does.
  public static func isPostgres(_ text: String) -> Bool {
    text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
  }

  /// The URL with any password in it replaced by `***`, in the authority
  /// (`user:secret@host`) and in a `password=` query parameter.
  public var redacted: String {
    var text = string
    if let scheme = text.range(of: "://") {
      let rest = text[scheme.upperBound...]
      let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
      let authority = rest[..<authorityEnd]
      if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
        text.replaceSubrange(text.index(after: colon)..<at, with: "***")
      }
    }
    if let query = text.firstIndex(of: "?") {
      var parameters = text[text.index(after: query)...].split(
        separator: "&", omittingEmptySubsequences: false
      ).map(String.init)
      for index in parameters.indices where parameters[index].hasPrefix("password=") {
        parameters[index] = "password=***"
      }
      text = String(text[...query]) + parameters.joined(separator: "&")
    }
    return text
  }

  /// The redacted URL.
  public var description: String { redacted }
}
