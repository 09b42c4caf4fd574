/// Who loads from an item provider, as `NSItemProviderRepresentationVisibility` sees it.
///
/// This is the one place the package models processes and teams. There is one real process
/// here, so a consumer is described by how it relates to the source that registered the
/// representations, not by an identity:
///
/// - Loading straight from a provider is loading in the source's own process: every
///   representation is visible, as on iOS, whatever its visibility.
/// - `NSExtensionContext(inputItems:receiver:)` hands items to an extension, which on iOS runs in
///   another process: its `inputItems` hold only the representations visible to `receiver`
///   (by default ``otherTeam``, a share extension of another developer's app, the usual case
///   in the share sheet). `NSItemProvider.copy(visibleTo:)` does the same for one provider.
///
/// The rules follow Apple's documentation of each case: `.all` is visible to every process;
/// `.team` only to processes "created by the app's development team"; `.group` only to the
/// app's App Group (Apple offers `.group` on macOS only; here it is honoured wherever it is
/// used); `.ownProcess` only to "the app that is the source of the item".
public struct ItemProviderConsumer: Sendable, Hashable {
  /// Whether the consumer runs in the process that registered the representations.
  public var isSourceProcess: Bool
  /// Whether the consumer's app comes from the source app's development team.
  public var isSameTeam: Bool
  /// Whether the consumer is in an App Group of the source app.
  public var isSameAppGroup: Bool

  /// Creates a consumer from its relation to the source; the source's own process is always of
  /// its team and App Group.
  public init(isSourceProcess: Bool, isSameTeam: Bool, isSameAppGroup: Bool) {
    self.isSourceProcess = isSourceProcess
    self.isSameTeam = isSameTeam || isSourceProcess
    self.isSameAppGroup = isSameAppGroup || isSourceProcess
  }

  /// The process that registered the representations: it sees them all.
  public static let sourceProcess = ItemProviderConsumer(
    isSourceProcess: true, isSameTeam: true, isSameAppGroup: true)

  /// Another developer's extension or app (the share sheet's usual case): it sees only `.all`.
  public static let otherTeam = ItemProviderConsumer(
    isSourceProcess: false, isSameTeam: false, isSameAppGroup: false)

  /// An extension or app of the source's own team in another process, such as the source app's
  /// own share extension; `isSameAppGroup` when the two share an App Group.
  public static func sameTeam(isSameAppGroup: Bool = false) -> ItemProviderConsumer {
    ItemProviderConsumer(isSourceProcess: false, isSameTeam: true, isSameAppGroup: isSameAppGroup)
  }

  /// Whether a representation registered with `visibility` is visible to this consumer.
  public func canSee(_ visibility: NSItemProviderRepresentationVisibility) -> Bool {
    switch visibility {
    case .all: true
    case .team: isSameTeam
    case .group: isSameAppGroup
    case .ownProcess: isSourceProcess
    }
  }
}
