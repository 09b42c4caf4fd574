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
    if let error = error as? any CLIErrorConvertible {
      self = error.cliError
    } else if error is DecodingError {
      self = .data(ErrorText.message(for: error))
    } else if type(of: error as Any) is NSError.Type {
      self.init(foundation: error as NSError)
    } else {
      self = CLIError(status: .ioError, describing: error)
    }
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
        let failure = IOError(operation: isWrite ? .write : .read, path: path, errno: errno)
        self = .io(failure, role: isWrite ? .output : .input)
        return
      }
      if let code, !path.isEmpty {
        let failure = IOError(
          code, operation: isWrite ? .write : .read, path: path,
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

/// A failed file operation: missing input when it read, an output that cannot be made when it
/// wrote (`ExitStatus(for:role:)` by the operation's access).
extension IOError: CLIErrorConvertible {
  var cliError: CLIError { .io(self, role: operation.isReading ? .input : .output) }
}

/// An error about a file a user gave (a rule, type declarations, a shortcut, a source profile,
/// a file to sniff): one that could not be read ends as its `IOError` does (an input's status,
/// `ExitStatus(for:role:)`); anything wrong with what it holds is bad data (65). Its message is
/// its description, names quoted at print time.
protocol InputFileError: CLIErrorConvertible {
  /// The failed file operation, when the file could not be read.
  var ioError: IOError? { get }
}

extension InputFileError {
  var cliError: CLIError {
    ioError.map { CLIError.io($0, role: .input) } ?? CLIError(status: .dataError, describing: self)
  }
}

extension ActivationRuleError: InputFileError {}
extension UTTypeDeclarationError: InputFileError {}
extension ShortcutError: InputFileError {}
extension SourceProfileError: InputFileError {}
extension SniffError: InputFileError {}

/// An error whose exit status its type alone decides; its message is its description, names
/// quoted at print time.
protocol StatusOfItsType: CLIErrorConvertible {
  /// The status every error of the type ends the command with.
  static var exitStatus: ExitStatus { get }
}

extension StatusOfItsType {
  var cliError: CLIError { CLIError(status: Self.exitStatus, describing: self) }
}

/// What a manifest holds is bad data.
extension ManifestError: StatusOfItsType { static var exitStatus: ExitStatus { .dataError } }
/// What a matrix file holds is bad data.
extension MatrixFileError: StatusOfItsType { static var exitStatus: ExitStatus { .dataError } }
/// A group directory that cannot be found or made: 73.
extension GroupLocationError: StatusOfItsType {
  static var exitStatus: ExitStatus { .cannotCreate }
}
/// A share described wrongly on the command line: a usage error.
extension LocalShareError: StatusOfItsType { static var exitStatus: ExitStatus { .usage } }
/// `--javascript-results` that cannot be taken: a usage error.
extension JavaScriptResultsError: StatusOfItsType { static var exitStatus: ExitStatus { .usage } }

/// An App Group that is not configured (66), misspelt (64), or whose directory cannot be made
/// (73).
extension AppGroupError: CLIErrorConvertible {
  var cliError: CLIError {
    let status: ExitStatus =
      switch self {
      case .unknownIdentifier: .noInput
      case .malformedIdentifier, .notAbsolutePath: .usage
      case .symbolicLink, .notADirectory, .cannotCreate: .cannotCreate
      }
    return CLIError(status: status, describing: self)
  }
}

/// A database never migrated is missing input (66); one of another schema version, bad data
/// (65).
extension PostgresSchemaError: CLIErrorConvertible {
  var cliError: CLIError {
    switch self {
    case .notMigrated: CLIError(status: .noInput, describing: self)
    case .older, .newer: CLIError(status: .dataError, describing: self)
    }
  }
}

/// Foundation's reason for a file error, as an `IOError`'s cause.
private struct FoundationReason: Error, Sendable, CustomStringConvertible {
  var text: String
  var description: String { text }
}
