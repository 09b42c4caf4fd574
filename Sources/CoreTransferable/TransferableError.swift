#if os(Linux)
  /// Why an item could not be transferred.
  public enum TransferableError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No registered representation conforms to a type the item can be imported from.
    case noImportableRepresentation(item: String, importable: [String], registered: [String])
    /// The item's representation is not exported for this item (its exporting condition).
    case notExportable
    /// An in-place file representation sent a file without allowing access to the original.
    case originalFileNotAllowed(String)

    /// What failed.
    public var description: String {
      switch self {
      case .noImportableRepresentation(let item, let importable, let registered):
        "cannot load a \(item): it imports \(importable.joined(separator: ", ")), and the"
          + " provider has \(registered.isEmpty ? "nothing" : registered.joined(separator: ", "))"
      case .notExportable:
        "the item is not exported in this representation (its exporting condition is false)"
      case .originalFileNotAllowed(let type):
        "the \(type) representation opens in place, but the file it sent does not allow"
          + " accessing the original (SentTransferredFile(allowAccessingOriginalFile: true))"
      }
    }
  }
#endif
