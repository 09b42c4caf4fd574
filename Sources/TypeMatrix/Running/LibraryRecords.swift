import Foundation
import Importer
import InboxReading
import Ingest
import SystemCalls

/// Imports a row's share into a throwaway SQLite library beside its group directory, with the
/// main app's importer, and reads back what the library holds: what the main app would end up
/// with. The default library of `MatrixRunner`.
public struct LibraryRecords: MatrixLibrary {
  /// The inbox a row's share is claimed from, for its group directory; nil for the group's
  /// directory inbox.
  public let inbox: (@Sendable (GroupDirectory) throws -> any InboxStore)?
  /// The library a row's share is imported into, for its group directory; nil for a SQLite
  /// library beside it.
  public let library: (@Sendable (GroupDirectory) throws -> any LibraryStore)?

  /// Creates the importer: into a throwaway SQLite library, from the row's directory inbox.
  public init() {
    inbox = nil
    library = nil
  }

  /// Creates an importer from `inbox` into `library` (a database's, say, which the rows of a
  /// matrix share: each row's import claims its own share only).
  public init(
    inbox: @escaping @Sendable (GroupDirectory) throws -> any InboxStore,
    library: @escaping @Sendable (GroupDirectory) throws -> any LibraryStore
  ) {
    self.inbox = inbox
    self.library = library
  }

  /// Imports the share and returns its record's items; a share the importer could not import
  /// is an error naming why.
  public func importShare(_ id: UUID, from group: GroupDirectory) async throws
    -> [MatrixExpectation.Record]
  {
    try await importShare(id, from: group, contract: .default)
  }

  /// Imports the share with an importer that applies `contract`, and returns its record's
  /// items.
  public func importShare(_ id: UUID, from group: GroupDirectory, contract: InputContract)
    async throws -> [MatrixExpectation.Record]
  {
    if let inbox, let library {
      return try await importOne(
        id, from: try inbox(group), into: try library(group), contract: contract)
    }
    let library = try await Library.open(
      path: FileSystemPath.parent(of: group.path) + "/library.sqlite")
    let pass = try await LibraryImporter(
      library: library, inbox: DirectoryInbox(group: group), contract: contract
    ).importPending()
    if let failure = pass.errors.first { throw LibraryRecordsError(message: failure.error) }
    guard let record = try await library.record(shareID: id) else { return [] }
    return record.items.map { item in
      MatrixExpectation.Record(
        kind: item.kind.rawValue, type: item.typeIdentifier, byteCount: item.byteCount,
        sha256: item.sha256, text: item.text, url: item.url)
    }
  }
}

extension LibraryRecords {
  /// Claims the share `id` alone (other rows' shares may wait in the same inbox), imports it,
  /// and returns its record's items.
  func importOne(
    _ id: UUID, from inbox: any InboxStore, into library: any LibraryStore,
    contract: InputContract
  ) async throws -> [MatrixExpectation.Record] {
    guard let claim = try await inbox.claim(id) else {
      throw LibraryRecordsError(message: "the share is not in the inbox")
    }
    do {
      _ = try await LibraryImporter(library: library, inbox: inbox, contract: contract)
        .importShare(claim)
      try await claim.finish()
    } catch {
      try? await claim.release(recording: NameQuoting.verbatim.describe(error))
      throw LibraryRecordsError(message: "\(error)")
    }
    guard
      let record = try await library.records(status: nil, limit: nil).first(where: {
        $0.shareID == id
      })
    else { return [] }
    return record.items.map { item in
      MatrixExpectation.Record(
        kind: item.kind.rawValue, type: item.typeIdentifier, byteCount: item.byteCount,
        sha256: item.sha256, text: item.text, url: item.url)
    }
  }
}

/// The importer could not import a row's share.
struct LibraryRecordsError: Error, CustomStringConvertible {
  var message: String
  var description: String { "the importer did not import the share: \(message)" }
}

/// Path arithmetic on strings (the group directory's path as given).
enum FileSystemPath {
  static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }
}
