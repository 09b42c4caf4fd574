import Foundation
import Ingest

/// A type matrix: for each source a team supports, what the source shares and what the main
/// app must end up with. Schema version 1, JSON (see `schemas/type-matrix-v1.schema.json`).
///
/// JSON rather than a property list: teams write and review matrices by hand in diffs, and a
/// row of JSON is a few lines where the same row in plist XML is a few dozen; every editor and
/// CI system reads it, and a JSON Schema documents and checks it.
public struct TypeMatrixFile: Sendable {
  /// The schema version this package reads and writes.
  public static let currentSchemaVersion = 1

  /// The schema version of the file.
  public var schemaVersion: Int
  /// What the matrix is for (informational): the app's name.
  public var title: String?
  /// The input contract the app's extension applies; the package's default when absent.
  public var contract: InputContract?
  /// Where inline rows' content files are, relative to the matrix file (default: the matrix
  /// file's own directory).
  public var contentDirectory: String?
  /// The rows, in order.
  public var rows: [MatrixRow]

  /// Creates a matrix.
  public init(
    title: String? = nil, contract: InputContract? = nil, contentDirectory: String? = nil,
    rows: [MatrixRow]
  ) {
    self.schemaVersion = Self.currentSchemaVersion
    self.title = title
    self.contract = contract
    self.contentDirectory = contentDirectory
    self.rows = rows
  }
}
