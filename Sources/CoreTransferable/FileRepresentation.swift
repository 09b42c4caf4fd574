#if os(Linux)
  import Foundation
  import UniformTypeIdentifiers

  /// A representation that carries an item as a file.
  ///
  /// Mirrors CoreTransferable's `FileRepresentation`. An exporter registers it as a file
  /// representation (open in place when `shouldAllowToOpenInPlace`); an importer loads a copy
  /// with `loadFileRepresentation` (or the original with `loadInPlaceFileRepresentation` when
  /// `shouldAttemptToOpenInPlace` and the sender allows it). The copy is deleted when the
  /// importing closure returns.
  public struct FileRepresentation<Item: Transferable>: TransferRepresentation {
    let entry: _TransferEntry<Item>

    /// A representation that exports and imports `contentType` files.
    public init(
      contentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
      exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile,
      importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) {
      var entry = _TransferEntry<Item>(
        contentType: contentType, form: .file(opensInPlace: shouldAttemptToOpenInPlace))
      entry.exporter = Self.exporter(exporting)
      entry.importer = Self.importer(importing)
      self.entry = entry
    }

    /// A representation that only exports, as the type the app declares it exports.
    public init(
      exportedContentType: UTType, shouldAllowToOpenInPlace: Bool = false,
      exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile
    ) {
      var entry = _TransferEntry<Item>(
        contentType: exportedContentType, form: .file(opensInPlace: shouldAllowToOpenInPlace))
      entry.exporter = Self.exporter(exporting)
      self.entry = entry
    }

    /// A representation that only imports, from a type the app declares it imports.
    public init(
      importedContentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
      importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) {
      var entry = _TransferEntry<Item>(
        contentType: importedContentType, form: .file(opensInPlace: shouldAttemptToOpenInPlace))
      entry.importer = Self.importer(importing)
      self.entry = entry
    }

    /// The representation itself.
    public var body: Self { return self }

    /// The one entry.
    public func _transferEntries() -> [_TransferEntry<Item>] { [entry] }

    private static func exporter(
      _ exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile
    ) -> @Sendable (Item) async throws -> TransferPayload {
      { item in
        let sent = try await exporting(item)
        return .file(sent.file, isOriginal: sent.allowAccessingOriginalFile)
      }
    }

    private static func importer(
      _ importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) -> @Sendable (TransferPayload) async throws -> Item {
      { payload in
        switch payload {
        case .file(let url, let isOriginal):
          return try await importing(ReceivedTransferredFile(file: url, isOriginalFile: isOriginal))
        case .data(let data):
          // Bytes where a file was expected: written to a private file for the closure, and
          // removed when it returns, like any copy.
          let directory = try TransferFiles.makePrivateDirectory()
          defer { TransferFiles.remove(directory) }
          let file = directory.appendingPathComponent("item")
          try data.write(to: file)
          return try await importing(ReceivedTransferredFile(file: file, isOriginalFile: false))
        }
      }
    }
  }
#endif
