import Foundation
import SystemCalls

/// Error descriptions fit for a log: what failed and with which error number or code, never a
/// path or a name (the temporary copy of a shared file is named after the file).
public enum LogRedaction {
  /// `open: No such file or directory (ENOENT)`, `NSItemProviderErrorDomain -1000`...
  public static func describe(_ error: any Error) -> String {
    switch error {
    case let error as IOError:
      let cause = error.errno.map { "\($0)" } ?? error.code.rawValue
      return "\(error.operation): \(cause)"
    case let error as ContractViolation:
      return error.description
    case let error as ContractDecision.Rejection:
      return error.description
    case is CancellationError:
      return "cancelled"
    case let error as ShareError:
      return error.redactedDescription
    case let error as any RedactableError:
      return error.redactedDescription
    default:
      let error = error as NSError
      var text = "\(error.domain) \(error.code)"
      if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
        text += " (\(describe(underlying)))"
      }
      return text
    }
  }
}
