#if os(Linux)
  /// A representation that travels as another `Transferable` type does.
  ///
  /// Mirrors CoreTransferable's `ProxyRepresentation`: `ProxyRepresentation(exporting:
  /// \.url)` lets a receiver that does not know the item's own type take its URL. The proxy's
  /// representations are used in their order, each converted through the closures.
  public struct ProxyRepresentation<Item: Transferable, Proxy: Transferable>:
    TransferRepresentation
  {
    let exporting: (@Sendable (Item) async throws -> Proxy)?
    let importing: (@Sendable (Proxy) async throws -> Item)?

    /// A representation exported and imported through `Proxy`.
    public init(
      exporting: @escaping @Sendable (Item) async throws -> Proxy,
      importing: @escaping @Sendable (Proxy) async throws -> Item
    ) {
      self.exporting = exporting
      self.importing = importing
    }

    /// A representation only exported through `Proxy`.
    public init(exporting: @escaping @Sendable (Item) async throws -> Proxy) {
      self.exporting = exporting
      self.importing = nil
    }

    /// A representation only imported through `Proxy`.
    public init(importing: @escaping @Sendable (Proxy) throws -> Item) {
      self.exporting = nil
      self.importing = { try importing($0) }
    }

    /// The representation itself.
    public var body: Self { return self }

    /// The proxy's entries, converted.
    public func _transferEntries() -> [_TransferEntry<Item>] {
      Proxy.transferEntries.map { $0.proxied(exporting: exporting, importing: importing) }
        .filter { $0.exporter != nil || $0.importer != nil }
    }
  }
#endif
