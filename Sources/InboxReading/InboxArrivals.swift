import Foundation
import Ingest
import SystemCalls

/// What wakes an `InboxWatcher`: a descriptor that becomes readable when a share may have
/// arrived.
///
/// The directory inbox's arrivals are inotify events on `<group>/Inbox` (`DirectoryArrivals`);
/// a database inbox's are its server's notifications. Either may miss one (a queue that
/// overflowed, a connection that dropped), so an event only says "look now": the watcher also
/// re-scans from time to time, and a lost event delays a share but never loses it.
public protocol InboxArrivals: Sendable {
  /// The descriptor to wait on, readable when something may have arrived; nil while the
  /// source is down (a lost connection): the watcher then calls `consume()` about once a
  /// second, which tries to bring it back.
  var descriptor: Int32? { get }

  /// Takes what made the descriptor readable (or, while the source is down, tries to bring it
  /// back); true when a share may have arrived or been missed meanwhile.
  func consume() throws -> Bool

  /// Takes what made the descriptor readable, as `consume()` does, and says which shares
  /// arrived where the source can tell: the watcher then looks at those alone, rather than
  /// listing the whole inbox at every arrival.
  func consumeArrivals() throws -> InboxArrival
}

/// What an arrivals source says arrived.
public enum InboxArrival: Sendable, Equatable {
  /// Nothing that is a share (a failure record written, a temporary file closed).
  case nothing
  /// The manifests of these shares arrived, and nothing else was missed.
  case shares([UUID])
  /// Something may have arrived or been missed: list the inbox.
  case unknown
}

extension InboxArrivals {
  /// `consume()`: anything is `unknown`.
  public func consumeArrivals() throws -> InboxArrival {
    try consume() ? .unknown : .nothing
  }
}

/// The directory inbox's arrivals: manifests renamed into `<group>/Inbox`, or written and
/// closed there (inotify).
public final class DirectoryArrivals: InboxArrivals {
  private let watch: DirectoryWatch

  /// Watches the inbox directory of `inbox`.
  ///
  /// - Throws: `IOError` when the directory cannot be watched.
  public init(inbox: DirectoryInbox) throws {
    watch = try DirectoryWatch(path: inbox.group.absolutePath(GroupDirectory.inboxName))
  }

  /// The inotify descriptor.
  public var descriptor: Int32? { watch.descriptor }

  /// Reads and discards the queued events; true when there were any.
  public func consume() throws -> Bool {
    try watch.drainEvents() > 0
  }

  /// The shares whose manifests (`<share-id>.json`) were renamed into `Inbox/` or written and
  /// closed there, in the order they came; `unknown` when the kernel's queue overflowed.
  /// Other names (failure records, reservations, temporary files) wake no one.
  public func consumeArrivals() throws -> InboxArrival {
    let events = try watch.drainNames()
    if events.overflowed { return .unknown }
    var seen = Set<UUID>()
    let ids = events.names.compactMap { name -> UUID? in
      guard !name.hasPrefix("."), name.hasSuffix(".json") else { return nil }
      return DirectoryInbox.shareID(ofManifest: name)
    }.filter { seen.insert($0).inserted }
    return ids.isEmpty ? .nothing : .shares(ids)
  }
}
