import Foundation
import Ingest

/// What `serve` counts for `GET /metrics` (see the ShareServer article "Metrics"): every name,
/// its kind and its help text, declared in one place.
enum ServeMetrics {
  static let accepted = "share_ingest_shares_accepted_total"
  static let refused = "share_ingest_shares_refused_total"
  static let bytes = "share_ingest_share_bytes_total"
  static let replayed = "share_ingest_shares_replayed_total"
  static let shareSeconds = "share_ingest_share_seconds"
  static let databaseErrors = "share_ingest_database_errors_total"
  static let responses = "share_ingest_http_responses_total"
  static let ready = "share_ingest_ready"

  /// The reasons `refused` counts, as its `reason` label says them.
  enum Reason: String {
    /// 401: no valid token.
    case unauthorized
    /// 413: over the contract's or `--max-body`'s size.
    case tooLarge = "too_large"
    /// 400 or 422 before the pipeline: a form with nothing to share, a bad idempotency key.
    case badRequest = "bad_request"
    /// 422: the activation rule hides the share.
    case hidden
    /// 422: the contract rejects it.
    case rejected
    /// 503: the inbox's database cannot be reached.
    case unavailable
    /// 500 or 507: the share could not be stored for another reason.
    case failed
  }

  /// Declares every metric in `metrics`.
  static func declare(in metrics: Metrics) {
    metrics.declare(accepted, .counter, help: "Shares committed to the inbox (answered 201).")
    metrics.declare(
      refused, .counter,
      help: "Shares not committed, by reason: unauthorized, too_large, bad_request, hidden,"
        + " rejected, unavailable (database unreachable, 503), failed.")
    metrics.declare(bytes, .counter, help: "Bytes of the files of shares committed.")
    metrics.declare(
      replayed, .counter,
      help: "Shares posted again with an idempotency key already committed: answered with the"
        + " first share's id, nothing new committed.")
    metrics.declare(
      shareSeconds, .histogram,
      help: "Seconds from a share's body having arrived to its answer (rule, contract, commit).")
    metrics.declare(
      databaseErrors, .counter,
      help: "Errors of the inbox's database while committing shares or checking readiness, by"
        + " kind: unreachable (a connection lost or refused, a timeout) or other.")
    metrics.declare(
      responses, .counter, help: "HTTP responses, by route and status code.")
    metrics.declare(
      ready, .gauge,
      help: "1 when the latest readiness check (GET /readyz) found the database reachable, else 0.")
  }
}
