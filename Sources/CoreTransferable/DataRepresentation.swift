#if os(Linux)
  import Foundation
  import UniformTypeIdentifiers

  /// A representation that carries an item as bytes in memory.
  ///
  /// Mirrors CoreTransferable's `DataRepresentation`; an exporter registers it as a data
  /// representation of `contentType`, and an importer loads it with
  /// `loadDataRepresentation(forTypeIdentifier:)`.
  public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
    let entry: _TransferEntry<Item>

    /// A representation that exports and imports `contentType` bytes.
    public init(
      contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data,
      importing: @escaping @Sendable (Data) async throws -> Item
    ) {
      var entry = _TransferEntry<Item>(contentType: contentType, form: .data)
      entry.exporter = { .data(try await exporting($0)) }
      entry.importer = Self.importer(importing)
      self.entry = entry
    }

    /// A representation that only exports, as the type the app declares it exports.
    public init(
      exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data
    ) {
      var entry = _TransferEntry<Item>(contentType: exportedContentType, form: .data)
      entry.exporter = { .data(try await exporting($0)) }
      self.entry = entry
    }

    /// A representation that only imports, from a type the app declares it imports.
    public init(
      importedContentType: UTType, importing: @escaping @Sendable (Data) async throws -> Item
    ) {
      var entry = _TransferEntry<Item>(contentType: importedContentType, form: .data)
      entry.importer = Self.importer(importing)
      self.entry = entry
    }

    /// The representation itself.
    public var body: Self { return self }

    /// The one entry.
    public func _transferEntries() -> [_TransferEntry<Item>] { [entry] }

    private static func importer(_ importing: @escaping @Sendable (Data) async throws -> Item)
      -> @Sendable (TransferPayload) async throws -> Item
    {
      { payload in
        switch payload {
        case .data(let data): return try await importing(data)
        case .file(let url, _): return try await importing(try Data(contentsOf: url))
        }
      }
    }
  }
#endif
