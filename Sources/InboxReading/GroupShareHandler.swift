import Foundation
import Ingest

/// A handler that takes shares in groups from an inbox that claims them so
/// (`InboxStore.claimsInGroups`, a database inbox): one statement claims up to a group of the
/// oldest shares, and one transaction records them, as `inbox import` does. `InboxDrain` (and
/// with it `InboxWatcher`, `inbox watch`) hands such an inbox to the handler whole instead of
/// claiming each share.
public protocol GroupShareHandler: ShareHandler {
  /// Takes every share of `inbox` no other importer holds, group after group, leaving out
  /// `skipping`; asks `shouldStop` between groups (the group in hand is always finished or
  /// released first).
  ///
  /// - Returns: What the pass did, as a drain reports it.
  /// - Throws: When the inbox cannot be read (a `TemporaryInboxError` while its database is
  ///   out of reach).
  func handleGroups(
    of inbox: any InboxStore, skipping: Set<UUID>, until shouldStop: () -> Bool
  ) async throws -> InboxDrain.Report
}
