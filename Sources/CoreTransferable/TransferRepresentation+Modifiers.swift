#if os(Linux)
  extension TransferRepresentation {
    /// The representation, suggesting `fileName` as the name of what it exports (an item
    /// provider's `suggestedName`).
    public func suggestedFileName(_ fileName: String) -> some TransferRepresentation<Item> {
      ModifiedTransferRepresentation(base: self) { $0.suggestedFileName = { _ in fileName } }
    }

    /// The representation, suggesting a name made from the item.
    public func suggestedFileName(_ fileName: @escaping @Sendable (Item) -> String?)
      -> some TransferRepresentation<Item>
    {
      ModifiedTransferRepresentation(base: self) { $0.suggestedFileName = fileName }
    }

    /// The representation, exported only for items for which `condition` holds.
    public func exportingCondition(_ condition: @escaping @Sendable (Item) -> Bool)
      -> some TransferRepresentation<Item>
    {
      ModifiedTransferRepresentation(base: self) { $0.exportingCondition = condition }
    }

    /// The representation, visible only to `visibility`.
    public func visibility(_ visibility: TransferRepresentationVisibility)
      -> some TransferRepresentation<Item>
    {
      ModifiedTransferRepresentation(base: self) { $0.visibility = visibility }
    }
  }

  /// A representation with a modifier applied to each of its entries.
  struct ModifiedTransferRepresentation<Base: TransferRepresentation>: TransferRepresentation {
    typealias Item = Base.Item

    let base: Base
    let modify: @Sendable (inout _TransferEntry<Item>) -> Void

    var body: Self { return self }

    func _transferEntries() -> [_TransferEntry<Item>] {
      base._transferEntries().map { entry in
        var modified = entry
        modify(&modified)
        return modified
      }
    }
  }
#endif
