#if os(Linux)
  /// Builds a transfer representation from the representations listed in a body, in order.
  ///
  /// Mirrors CoreTransferable's `TransferRepresentationBuilder`: a list, `if`, `if`/`else`,
  /// `switch` and availability checks.
  @resultBuilder
  public enum TransferRepresentationBuilder<Item: Transferable> {
    /// One representation of the body.
    public static func buildExpression<Representation: TransferRepresentation>(
      _ representation: Representation
    ) -> TransferRepresentationGroup<Item> where Representation.Item == Item {
      TransferRepresentationGroup(entries: representation._transferEntries())
    }

    /// The representations in order.
    public static func buildBlock(_ parts: TransferRepresentationGroup<Item>...)
      -> TransferRepresentationGroup<Item>
    {
      TransferRepresentationGroup(entries: parts.flatMap(\.entries))
    }

    /// The representations of an `if` without `else`, when its condition holds.
    public static func buildOptional(_ part: TransferRepresentationGroup<Item>?)
      -> TransferRepresentationGroup<Item>
    {
      part ?? TransferRepresentationGroup(entries: [])
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: TransferRepresentationGroup<Item>)
      -> TransferRepresentationGroup<Item>
    {
      part
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: TransferRepresentationGroup<Item>)
      -> TransferRepresentationGroup<Item>
    {
      part
    }

    /// The representations inside an availability check.
    public static func buildLimitedAvailability(_ part: TransferRepresentationGroup<Item>)
      -> TransferRepresentationGroup<Item>
    {
      part
    }
  }

  /// Representations listed together in a builder body, in order.
  public struct TransferRepresentationGroup<Item: Transferable>: TransferRepresentation {
    let entries: [_TransferEntry<Item>]

    /// The group itself.
    public var body: Self { return self }

    /// The listed representations' entries, in order.
    public func _transferEntries() -> [_TransferEntry<Item>] { entries }
  }
#endif
