import Foundation
import InboxReading
import Ingest

/// Where a row's committed share is imported, to read back what the main app ends up with.
public protocol MatrixLibrary: Sendable {
  /// Imports the committed share `id` from `group` and returns the records it became, in
  /// order.
  func importShare(_ id: UUID, from group: GroupDirectory) async throws -> [MatrixExpectation
    .Record]

  /// Imports the committed share `id` from `group` with an importer that applies `contract`
  /// (the app's, which the share was made with), and returns the records it became.
  func importShare(_ id: UUID, from group: GroupDirectory, contract: InputContract) async throws
    -> [MatrixExpectation.Record]
}

extension MatrixLibrary {
  /// Imports as `importShare(_:from:)` does: a library that applies no contract.
  public func importShare(_ id: UUID, from group: GroupDirectory, contract: InputContract)
    async throws -> [MatrixExpectation.Record]
  {
    try await importShare(id, from: group)
  }
}

/// Reads what the inbox holds for a share, without a library: the records an importer would
/// make from its manifest. For matrices run where the main app's library is not available.
public struct InboxRecords: MatrixLibrary {
  /// Creates the reader.
  public init() {}

  /// The manifest's items as records.
  public func importShare(_ id: UUID, from group: GroupDirectory) async throws
    -> [MatrixExpectation.Record]
  {
    guard let manifest = try await DirectoryInbox(group: group).manifest(id) else { return [] }
    return manifest.items.map(MatrixExpectation.Record.init(item:))
  }
}

extension MatrixExpectation.Record {
  /// The record a manifest item becomes.
  public init(item: ShareManifest.Item) {
    self.init(
      kind: item.kind.rawValue, type: item.typeIdentifier, byteCount: item.byteCount,
      sha256: item.sha256, text: item.text, url: item.url)
  }
}
