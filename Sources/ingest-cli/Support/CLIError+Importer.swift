import Importer
import SystemCalls

extension CLIError {
  /// A library that cannot be opened, read or written: a missing library is missing input
  /// (66); another program's file or a newer schema is bad data (65); a file or directory that
  /// cannot be made, or a full device, is 73; a lock held too long or anything else is 74.
  init(_ error: LibraryError) {
    let status: ExitStatus
    switch error {
    case .notFound: status = .noInput
    case .newerSchema, .notALibrary, .unreadableRow: status = .dataError
    case .files(let failure): status = ExitStatus(for: failure, role: .output)
    case .database(let failure) where failure.isFull || failure.isCannotOpen:
      status = .cannotCreate
    case .database, .journalMode: status = .ioError
    }
    self.init(status: status, describing: error)
  }

  /// Opens the library at `path` (nil: the default beside the default group directory).
  static func openLibrary(_ path: String?, create: Bool) throws(CLIError) -> Library {
    let resolved: String
    do {
      resolved = try path ?? Library.defaultPath()
    } catch {
      throw CLIError(status: .cannotCreate, describing: error)
    }
    do {
      return try Library(path: resolved, create: create)
    } catch {
      throw CLIError(error)
    }
  }
}
