#if os(Linux)
  import Foundation

  /// A type whose values can travel between apps and extensions in the representations it
  /// declares.
  ///
  /// Mirrors CoreTransferable's `Transferable`. List the representations in
  /// `transferRepresentation` from most to least preferred, as Apple asks: an exporter
  /// registers them in that order, and an importer takes the first the other side offers.
  /// Values need not be `Sendable`; the type refines `SendableMetatype` (its representation
  /// closures run on the load's queue), which any type whose conformance is not isolated to
  /// an actor satisfies.
  public protocol Transferable: SendableMetatype {
    /// The type of the representation used to import and export the item.
    associatedtype Representation: TransferRepresentation

    /// The representations used to import and export the item, most preferred first.
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation {
      get
    }
  }

  extension Transferable {
    /// The item's representations, flattened in declaration order.
    static var transferEntries: [_TransferEntry<Self>] {
      transferRepresentation._transferEntries().compactMap { $0 as? _TransferEntry<Self> }
    }
  }
#endif
