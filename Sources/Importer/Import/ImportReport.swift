import Foundation
import InboxReading
import Ingest
import SystemCalls

/// Something that went wrong with one share (or with the inbox itself) in a pass.
public struct ImportFailure: Sendable, Hashable {
  /// The share; nil when the inbox itself could not be listed.
  public var shareID: UUID?
  /// What went wrong, as the error describes itself.
  public var error: String
  /// Whether the share itself is at fault (a manifest that cannot be read, a payload that is
  /// not what it says, a share that breaks the contract), rather than the machine (a disk, a
  /// database, a lock): the command line exits 65 for the first, 74 for the second.
  public var isBadInput: Bool

  /// A failure; `isBadInput` is told from `error`'s type when given an error.
  public init(shareID: UUID?, error: String, isBadInput: Bool = false) {
    self.shareID = shareID
    self.error = error
    self.isBadInput = isBadInput
  }

  /// A failure of `shareID` with `error`.
  public init(shareID: UUID?, error: any Error) {
    self.init(
      shareID: shareID, error: NameQuoting.verbatim.describe(error),
      isBadInput: InboxDrain.isBadInput(error) || error is ImportError)
  }
}

/// What one pass over the inbox did.
public struct ImportPass: Sendable, Hashable {
  /// Shares imported into the library in this pass.
  public var imported: [UUID] = []
  /// Shares already in the library (a crash after the commit left them in the inbox too):
  /// their inbox leftovers were removed and nothing was imported again.
  public var alreadyInLibrary: [UUID] = []
  /// What went wrong: shares that stay in the inbox with the error recorded, manifests that
  /// cannot be read, and imported shares whose inbox files could not be removed.
  public var errors: [ImportFailure] = []
  /// Shares another importer held.
  public var busy = 0
}

/// What the passes of one run (a launch of the app, a watch loop) did, together.
///
/// The original product ran two import passes at start-up and showed the last pass's result,
/// so an empty second pass turned the first pass's "imported 2" into 0. Here imported counts
/// add up over the run's passes; errors and busy shares are the latest pass's, since a share
/// that failed once and was imported later is no longer an error.
public struct ImportTally: Sendable, Hashable {
  /// Passes run so far.
  public var passes = 0
  /// Shares imported, over every pass of the run.
  public var imported = 0
  /// Inbox leftovers of shares already in the library, removed, over every pass of the run.
  public var alreadyInLibrary = 0
  /// What went wrong in the latest pass.
  public var errors: [ImportFailure] = []
  /// Shares another importer held in the latest pass.
  public var busy = 0

  /// An empty tally.
  public init() {}

  /// Adds a pass: counts accumulate, errors and busy shares are replaced.
  public mutating func add(_ pass: ImportPass) {
    passes += 1
    imported += pass.imported.count
    alreadyInLibrary += pass.alreadyInLibrary.count
    errors = pass.errors
    busy = pass.busy
  }
}
