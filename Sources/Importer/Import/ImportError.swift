import Foundation

/// Why a claimed share cannot be imported; the share stays in the inbox with the error
/// recorded. (A payload the importer refuses is a `PayloadError`; a share that breaks its contract,
/// `ContractBroken`.) Messages name the share and
/// the item, never what was shared.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
  /// An item lacks what its kind needs (a text item without text, a URL item without a URL).
  case incompleteItem(shareID: UUID, item: Int, problem: String)

  /// `share <id>, item <n>: …`, items counted from 1.
  public var description: String {
    switch self {
    case .incompleteItem(let id, let item, let problem):
      return "share \(id.uuidString), item \(item + 1): \(problem)"
    }
  }
}
