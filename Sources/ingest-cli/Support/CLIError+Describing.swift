import ActivationRules
import Foundation
import Ingest
import IngestPostgres
import ItemProvider
import Shortcuts
import Sniffing
import SystemCalls
import TypeMatrix
import UTI

/// Any error a command lets through, as one message style and one exit status per cause.
///
/// The libraries' own errors already say what failed, where and what to do; this maps each to
/// its status. A Foundation `NSError` (a file Foundation failed to read or write) never reaches
/// the user as an `Error Domain=… UserInfo={…}` dump: it becomes `cannot read PATH: why`, with
/// the status its cause has everywhere else.
extension CLIError {
  init(describing error: any Error) {
    switch error {
    case let error as CLIError:
      self = error
    case let error as IOError:
      self = .io(error, role: Self.role(of: error.operation))
    case let error as ActivationRuleError:
      self.init(error)
    case let error as UTTypeDeclarationError:
      self.init(error)
    case let error as ShortcutError:
      self.init(error)
    case let error as SourceProfileError:
      self.init(error)
    case let error as SniffError:
      self.init(error)
    case let error as ManifestError:
      self = .data("\(error)")
    case let error as MatrixFileError:
      self = .data("\(error)")
    case let error as AppGroupError:
      self.init(error)
    case let error as GroupLocationError:
      self = CLIError(status: .cannotCreate, message: "\(error)")
    case let error as LocalShareError:
      self = .usage("\(error)")
    case let error as JavaScriptResultsError:
      self = .usage("\(error)")
    case let error as PostgresSchemaError:
      self.init(error)
    case is DecodingError:
      self = .data(ErrorText.message(for: error))
    default:
      if type(of: error as Any) is NSError.Type {
        self.init(foundation: error as NSError)
      } else {
        self = CLIError(status: .ioError, message: "\(error)")
      }
    }
  }

  /// An App Group that is not configured (66), misspelt (64), or whose directory cannot be
  /// made (73).
  init(_ error: AppGroupError) {
    switch error {
    case .unknownIdentifier: self = .noInput("\(error)")
    case .malformedIdentifier, .notAbsolutePath: self = .usage("\(error)")
    case .symbolicLink, .notADirectory, .cannotCreate:
      self = CLIError(status: .cannotCreate, message: "\(error)")
    }
  }

  /// Whether a failed operation was reading (an input) or writing (an output).
  static func role(of operation: String) -> ExitStatus.FileRole {
    let reads: Set<String> = [
      "open", "read", "pread", "lstat", "fstat", "stat", "realpath", "opendir", "readdir",
    ]
    return reads.contains(operation) ? .input : .output
  }

  /// A Foundation error: a file error becomes an `IOError` naming the path; anything else is
  /// described by its parser's detail or its localized description.
  init(foundation error: NSError) {
    let path =
      (error.userInfo[NSFilePathErrorKey] as? String)
      ?? (error.userInfo[NSURLErrorKey] as? URL)?.path ?? ""
    let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
    let errno: Errno? =
      error.domain == NSPOSIXErrorDomain
      ? Errno(rawValue: Int32(error.code))
      : underlying?.domain == NSPOSIXErrorDomain
        ? underlying.map { Errno(rawValue: Int32($0.code)) } : nil
    if error.domain == NSCocoaErrorDomain || error.domain == NSPOSIXErrorDomain {
      let isWrite = (NSFileWriteUnknownError...NSFileWriteVolumeReadOnlyError).contains(error.code)
      let code: IOError.Code? =
        switch error.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: .notFound
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: .permissionDenied
        case NSFileWriteOutOfSpaceError: .noSpace
        case NSFileWriteVolumeReadOnlyError: .readOnly
        case NSFileWriteFileExistsError: .alreadyExists
        case NSFileReadTooLargeError: .tooLarge
        default: nil
        }
      if let errno {
        let failure = IOError(operation: isWrite ? "write" : "read", path: path, errno: errno)
        self = .io(failure, role: isWrite ? .output : .input)
        return
      }
      if let code, !path.isEmpty {
        let failure = IOError(
          code, operation: isWrite ? "write" : "read", path: path,
          cause: FoundationReason(text: ErrorText.message(for: error)))
        self = .io(failure, role: isWrite ? .output : .input)
        return
      }
      if (NSPropertyListReadCorruptError...NSPropertyListReadStreamError).contains(error.code)
        || error.code == NSCoderReadCorruptError
      {
        self = .data(ErrorText.message(for: error))
        return
      }
    }
    self = CLIError(status: .ioError, message: ErrorText.message(for: error))
  }
}

/// Foundation's reason for a file error, as an `IOError`'s cause.
private struct FoundationReason: Error, Sendable, CustomStringConvertible {
  var text: String
  var description: String { text }
}
