import Synchronization

extension NSItemProvider {
  /// A copy holding only the representations `consumer` can see, with the same suggested name,
  /// timeout and preview handler: the provider as it arrives in another process on iOS, where
  /// representations registered `.ownProcess`, `.team` or `.group` do not cross to a process
  /// they are hidden from (see ``ItemProviderConsumer``).
  public func copy(visibleTo consumer: ItemProviderConsumer) -> NSItemProvider {
    let snapshot = state.withLock { $0 }
    let copy = NSItemProvider()
    copy.state.withLock {
      $0 = snapshot
      $0.representations = snapshot.representations.filter { consumer.canSee($0.visibility) }
    }
    return copy
  }

  /// Whether some representation is hidden from `consumer`.
  func hidesRepresentations(from consumer: ItemProviderConsumer) -> Bool {
    representations.contains { !consumer.canSee($0.visibility) }
  }

  /// The stricter of two visibilities, for an object whose own answer narrows the one it was
  /// registered with: `.ownProcess` over `.group` over `.team` over `.all` (Apple's raw order).
  static func stricter(
    _ first: NSItemProviderRepresentationVisibility,
    _ second: NSItemProviderRepresentationVisibility
  ) -> NSItemProviderRepresentationVisibility {
    first.rawValue >= second.rawValue ? first : second
  }
}
