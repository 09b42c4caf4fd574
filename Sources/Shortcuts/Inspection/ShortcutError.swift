import Foundation
import SystemCalls

/// Why a `.shortcut` file could not be read or made.
public enum ShortcutError: Error, Sendable, CustomStringConvertible {
  /// The file is neither a signed archive (`AEA1`) nor a property list.
  case unrecognizedFormat(firstBytes: [UInt8])
  /// The file is an `xxd` hexadecimal dump of a shortcut, not the shortcut itself.
  case hexDump(decodesTo: String)
  /// The signed container is malformed.
  case archive(AEAError)
  /// The Apple Archive inside the container is malformed.
  case appleArchive(AppleArchiveError)
  /// The inner archive has no `Shortcut.wflow` file.
  case missingWorkflow(entries: [String])
  /// The workflow property list is malformed or is not a WFWorkflow.
  case invalidWorkflow(String)
  /// The signing information (auth data) is malformed.
  case invalidAuthData(String)
  /// A value given to the generator is not acceptable.
  case invalidArgument(String)
  /// Reading the file failed: missing, not a regular file, too large, or a failed read. The
  /// `IOError` names the operation, the path as given, and the cause.
  case io(IOError)

  /// The failed file operation, when the shortcut's file could not be read.
  public var ioError: IOError? {
    if case .io(let error) = self { return error }
    return nil
  }

  /// A message saying what failed and what to do.
  public var description: String {
    switch self {
    case .unrecognizedFormat(let bytes) where bytes.isEmpty:
      "not a shortcut: the file is empty"
    case .unrecognizedFormat(let bytes):
      "not a shortcut: the file starts with "
        + "\(Hex.string(bytes)), neither AEA1 (signed) nor a"
        + " property list (unsigned)"
    case .hexDump(let decodesTo):
      "this file is an xxd hexadecimal dump, not a shortcut (its bytes decode to \(decodesTo));"
        + " turn it back into the binary file with: xxd -r FILE > FILE.shortcut"
    case .archive(let error): "\(error)"
    case .appleArchive(let error): "\(error)"
    case .missingWorkflow(let entries):
      "the signed archive has no Shortcut.wflow; it holds: "
        + (entries.isEmpty ? "nothing" : entries.joined(separator: ", "))
    case .invalidWorkflow(let reason): "the workflow is invalid: \(reason)"
    case .invalidAuthData(let reason): "the signing information is invalid: \(reason)"
    case .invalidArgument(let reason): reason
    case .io(let error): "\(error)"
    }
  }
}
