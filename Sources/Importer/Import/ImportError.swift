import Foundation
import SystemCalls

/// Why a claimed share cannot be imported; the share stays in the inbox with the error
/// recorded. Messages name the share, the item and the payload's path, never what was shared.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A file item's payload is not in the inbox (nor already in the library).
  case payloadMissing(shareID: UUID, item: Int, path: String)
  /// A file item's payload is not a regular file (a link, a FIFO, a directory).
  case payloadNotRegularFile(shareID: UUID, item: Int, path: String, kind: FileKind)
  /// A file item's payload does not have the size its manifest says.
  case payloadSizeMismatch(shareID: UUID, item: Int, path: String, expected: Int64, found: Int64)
  /// An item lacks what its kind needs (a text item without text, a URL item without a URL).
  case incompleteItem(shareID: UUID, item: Int, problem: String)

  /// `share <id>, item <n>: …`, items counted from 1.
  public var description: String {
    switch self {
    case .payloadMissing(let id, let item, let path):
      return "share \(id.uuidString), item \(item + 1): the payload \(TerminalText.quoted(path))"
        + " is missing"
    case .payloadNotRegularFile(let id, let item, let path, let kind):
      return "share \(id.uuidString), item \(item + 1): the payload \(TerminalText.quoted(path))"
        + " is not a regular file (\(kind.article))"
    case .payloadSizeMismatch(let id, let item, let path, let expected, let found):
      return "share \(id.uuidString), item \(item + 1): the payload \(TerminalText.quoted(path))"
        + " holds \(found) bytes, not the \(expected) its manifest says"
    case .incompleteItem(let id, let item, let problem):
      return "share \(id.uuidString), item \(item + 1): \(problem)"
    }
  }
}
