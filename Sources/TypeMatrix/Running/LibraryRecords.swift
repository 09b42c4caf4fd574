import Foundation
import Importer
import Ingest

/// Imports a row's share into a throwaway SQLite library beside its group directory, with the
/// main app's importer, and reads back what the library holds: what the main app would end up
/// with. The default library of `MatrixRunner`.
public struct LibraryRecords: MatrixLibrary {
  /// Creates the importer.
  public init() {}

  /// Imports the share and returns its record's items; a share the importer could not import
  /// is an error naming why.
  public func importShare(_ id: UUID, from group: GroupDirectory) throws
    -> [MatrixExpectation.Record]
  {
    try importShare(id, from: group, contract: .default)
  }

  /// Imports the share with an importer that applies `contract`, and returns its record's
  /// items.
  public func importShare(_ id: UUID, from group: GroupDirectory, contract: InputContract)
    throws -> [MatrixExpectation.Record]
  {
    let library = try Library(path: FileSystemPath.parent(of: group.path) + "/library.sqlite")
    let pass = try LibraryImporter(
      library: library, inbox: DirectoryInbox(group: group), contract: contract
    ).importPending()
    if let failure = pass.errors.first { throw LibraryRecordsError(message: failure.error) }
    guard let record = try library.record(shareID: id) else { return [] }
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
