#if os(Linux)
  import Foundation

  /// A declarative description of how an item is imported and exported.
  ///
  /// Mirrors CoreTransferable's `TransferRepresentation`. Combine representations in a
  /// `@TransferRepresentationBuilder` body; `DataRepresentation`, `FileRepresentation`,
  /// `ProxyRepresentation` and `CodableRepresentation` are the building blocks.
  public protocol TransferRepresentation<Item>: Sendable {
    /// The type of the item being transferred.
    associatedtype Item: Transferable
    /// The type of the representation's body.
    associatedtype Body: TransferRepresentation

    /// The representations this one is made of.
    @TransferRepresentationBuilder<Item> var body: Body { get }

    /// The flattened representations, in declaration order. The building blocks provide it;
    /// a representation made of others gets it from its `body`. Not for callers.
    func _transferEntries() -> [_TransferEntry<Item>]
  }

  extension TransferRepresentation {
    /// The entries of the body (whose item is this representation's).
    public func _transferEntries() -> [_TransferEntry<Item>] {
      body._transferEntries().compactMap { $0 as? _TransferEntry<Item> }
    }
  }

  /// Who may see a representation: CoreTransferable's `TransferRepresentationVisibility`.
  public enum TransferRepresentationVisibility: Sendable {
    /// Every process.
    case all
    /// Apps of the same developer team.
    case team
    /// Apps of the same App Group.
    case group
    /// Only the process that registered it.
    case ownProcess
  }
#endif
