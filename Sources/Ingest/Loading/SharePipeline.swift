import ActivationRules
import Digests
import Foundation
import ItemProvider
import SystemCalls

/// The extension's side of the pipeline, end to end: decide what to take from a share by the
/// input contract, load it into the App Group directory, and commit it to the inbox exactly
/// once, all or nothing.
///
/// ```swift
/// let pipeline = try SharePipeline(group: GroupDirectory(appGroup: "group.com.example.app"))
/// let outcome = await pipeline.handle(extensionContext)   // completes or cancels the request
/// ```
///
/// Keep one pipeline for many shares: it holds the group directory open. Shares may run at the
/// same time, from any number of processes: each writes only files named by fresh UUIDs and
/// commits with a rename that never replaces.
public struct SharePipeline: Sendable {
  /// How a share is run.
  public struct Options: Sendable {
    /// How long a share may take before it rolls back like any failure (about what iOS gives
    /// a share extension).
    public var deadline: Duration
    /// Publish what loaded and record what did not, instead of rolling back when an attachment
    /// fails.
    public var keepsPartialShares: Bool
    /// How many attachments load at once.
    public var maximumConcurrentLoads: Int
    /// Told the bytes copied so far, per attachment, as copies progress (for a progress
    /// display); called from loading threads.
    public var progress: (@Sendable (AttachmentPosition, Int64) -> Void)?

    /// Creates options; the defaults are 30 seconds, all or nothing, four loads at once.
    public init(
      deadline: Duration = .seconds(30), keepsPartialShares: Bool = false,
      maximumConcurrentLoads: Int = 4,
      progress: (@Sendable (AttachmentPosition, Int64) -> Void)? = nil
    ) {
      self.deadline = deadline
      self.keepsPartialShares = keepsPartialShares
      self.maximumConcurrentLoads = max(1, maximumConcurrentLoads)
      self.progress = progress
    }
  }

  /// The group directory shares land in.
  public let group: GroupDirectory
  /// Where manifests are committed.
  public let inbox: any InboxWriter
  /// What is accepted.
  public var contract: InputContract
  /// How shares run.
  public var options: Options
  /// Where events go.
  public var log: IngestLog
  /// Files made ahead for the shares to come.
  package let spares: SpareFiles

  /// A pipeline into `group`, committing to `inbox` (the group's own directory inbox by
  /// default).
  public init(
    group: GroupDirectory, inbox: (any InboxWriter)? = nil, contract: InputContract = .default,
    options: Options = Options(), log: IngestLog = .none
  ) {
    self.group = group
    self.inbox = inbox ?? DirectoryInbox(group: group)
    self.contract = contract
    self.options = options
    self.log = log
    let inbox = self.inbox
    // A pipeline whose shares send their payloads to the inbox's store makes no payload files
    // ahead (its shares write none; one that adopts received files makes its own).
    self.spares = SpareFiles(
      group: group, inbox: inbox.prefersReservingAhead ? inbox : nil,
      payloads: !Self.sendsPayloads(to: inbox, options: options))
  }

  /// Whether shares send their payloads straight from their source to `inbox`'s store
  /// (`PayloadReceivingInbox`), rather than write them in `Incoming/`: not when a share keeps
  /// what loaded after a failure (those payloads must outlive the share's transaction).
  static func sendsPayloads(to inbox: any InboxWriter, options: Options) -> Bool {
    !options.keepsPartialShares && (inbox as? any PayloadReceivingInbox)?.receivesPayloads == true
  }

  /// Runs the share in `context` and ends the request as an extension must: the share is
  /// committed first and `completeRequest` called after; a share that did not commit ends with
  /// `cancelRequest(withError:)` and a `ShareError` saying which attachment failed.
  public func handle(_ context: NSExtensionContext, source: String? = nil) async -> ShareOutcome {
    let items = context.inputItems.compactMap { $0 as? NSExtensionItem }
    let outcome = await share(items, source: source)
    if let error = outcome.error {
      context.cancelRequest(withError: error)
    } else {
      context.completeRequest(returningItems: [], completionHandler: nil)
    }
    return outcome
  }

  /// Runs one share: decides, loads, commits or rolls back, and says what became of each
  /// attachment.
  ///
  /// - Parameters:
  ///   - items: The extension items of the share, in the order the source gave them.
  ///   - source: The source app's name for the manifest (`photos`), if known.
  ///   - receivedAt: When the share arrived (now by default).
  ///
  /// The share runs on the package's I/O executor (`IOExecutor`), whatever executor calls it:
  /// its copies, flushes and commit block a worker there, never a thread of the cooperative
  /// pool.
  public func share(
    _ items: [NSExtensionItem], source: String? = nil, receivedAt: Date = Date()
  ) async -> ShareOutcome {
    await share(items, source: source, receivedAt: receivedAt, adopting: [])
  }

  /// Runs one share as `share(_:source:receivedAt:)` does, taking each of `received` that an
  /// attachment's file representation hands over as the payload itself, without copying it
  /// (see `ReceivedFile`): a file its writer made in `.staging/` and hashed as it wrote it,
  /// such as a request body the share server received. With `shareID`, the share takes that
  /// id (a client's idempotency key made into one): committing it a second time fails, as
  /// the inbox refuses any id already committed.
  package func share(
    _ items: [NSExtensionItem], source: String? = nil, receivedAt: Date = Date(),
    adopting received: [ReceivedFile], shareID: UUID? = nil
  ) async -> ShareOutcome {
    await withTaskExecutorPreference(IOExecutor.shared) {
      await run(
        items, source: source, receivedAt: receivedAt, adopting: received, shareID: shareID)
    }
  }

  /// The executor shares run on, `IOExecutor.shared` (see <doc:ThreadsAndTheIOExecutor>).
  ///
  /// Deprecated: the executor has one name, and a share needs none from its caller, since
  /// `share(_:source:receivedAt:)` gives itself the executor as its task executor preference.
  @available(
    *, deprecated,
    message: "share(_:source:receivedAt:) runs on the package's I/O executor by itself"
  )
  public static var executor: any TaskExecutor { IOExecutor.shared }

  /// Removes the files this pipeline made ahead and returns once its housekeeping is done;
  /// shares after it make their own files. Dropping the pipeline does the same without
  /// waiting.
  public func close() async {
    await spares.close()
  }

  private func run(
    _ items: [NSExtensionItem], source: String?, receivedAt: Date,
    adopting received: [ReceivedFile],
    shareID: UUID? = nil
  ) async -> ShareOutcome {
    let clock = ContinuousClock()
    let started = clock.now
    let decision = contract.decide(items)
    // A manifest reserved ahead, when one is ready, and with it the share's id.
    let spare = decision.rejection == nil && shareID == nil ? spares.takeManifest() : nil
    let id = shareID ?? spare?.id ?? RandomUUID.make()
    for attachment in decision.attachments {
      switch attachment.verdict {
      case .take(let choice):
        log.record(
          IngestEvent(
            shareID: id, stage: .contract, event: "taken", position: attachment.position,
            typeIdentifier: choice.typeIdentifier))
      case .skip(let violation), .reject(let violation):
        log.record(
          IngestEvent(
            shareID: id, stage: .contract, event: "refused", position: attachment.position,
            error: violation))
      }
    }
    var run = ShareRun(id: id, decision: decision)
    if let rejection = decision.rejection {
      log.record(IngestEvent(shareID: id, stage: .contract, event: "rejected", error: rejection))
      return run.outcome(error: .rejected(rejection), duration: clock.now - started)
    }
    // A layout no payload can be published in is said before anything is copied.
    if decision.attachments.contains(where: { $0.choice != nil }) {
      do {
        try group.checkPublishingLayout()
      } catch {
        if let spare { await spare.prepared.discard() }
        log.record(IngestEvent(shareID: id, stage: .commit, event: "failed", error: error))
        return run.outcome(error: .groupUnavailable(error), duration: clock.now - started)
      }
    }
    // libgcrypt is set up before attachments load in parallel, not by the first copy to hash
    // while the others hold descriptors (its set-up aborts the process when it cannot open a
    // file). A failure here is the copies' to report: each digest tries again. (One
    // attachment loads alone, in this task, and sets it up as it starts.)
    if decision.attachments.count(where: { $0.choice != nil }) > 1 {
      try? SHA256Digest.prepare()
    }
    let transaction = ShareTransaction(id: id, group: group, spares: spares)
    // The manifest is reserved ahead (a spare), or by a child task while the attachments load,
    // so that making its file (an inode, which on a busy file system is not free) overlaps
    // earlier shares' flushes or this share's loads instead of following them.
    let prepared: any PreparedManifest
    do {
      if let spare {
        await load(&run, transaction: transaction, adopting: received)
        prepared = spare.prepared
      } else if received.isEmpty, Self.sendsPayloads(to: inbox, options: options) {
        // Straight from the source: the store takes each payload as it is read, in the
        // share's own transaction, so its manifest is reserved before anything loads. (A
        // share that keeps what loaded when something fails, or adopts received files, writes
        // its payloads in `Incoming/` first.)
        let reserved = try await inbox.reserve(id)
        await load(
          &run, transaction: transaction, receiver: reserved as? any PayloadReceivingManifest)
        prepared = reserved
      } else {
        async let reserved = inbox.reserve(id)
        await load(&run, transaction: transaction, adopting: received)
        prepared = try await reserved
      }
    } catch {
      await transaction.rollback()
      log.record(IngestEvent(shareID: id, stage: .commit, event: "failed", error: error))
      return run.outcome(error: .commitFailed(error), duration: clock.now - started)
    }
    if let error = run.error(keepsPartialShares: options.keepsPartialShares, contract: contract) {
      await prepared.discard()
      await transaction.rollback()
      log.record(IngestEvent(shareID: id, stage: .rollback, event: "rolled-back", error: error))
      return run.outcome(error: error, duration: clock.now - started)
    }
    // The share's title: the first item's that has one (display-only).
    let title = items.lazy.compactMap { $0.attributedTitle?.string }.first { !$0.isEmpty }
    let manifest = run.manifest(receivedAt: receivedAt, source: source, title: title)
    let commitStarted = clock.now
    do {
      try await transaction.commit(manifest, as: prepared)
    } catch let error as CommittedButNotDurable {
      run.warnings.append("\(error)")
    } catch {
      log.record(IngestEvent(shareID: id, stage: .commit, event: "failed", error: error))
      run.rollBack()
      return run.outcome(error: .commitFailed(error), duration: clock.now - started)
    }
    log.record(
      IngestEvent(
        shareID: id, stage: .commit, event: "committed", count: manifest.items.count,
        duration: clock.now - commitStarted))
    var outcome = run.outcome(error: nil, duration: clock.now - started)
    outcome.manifest = manifest
    if inbox is DirectoryInbox {
      outcome.manifestPath = group.absolutePath(
        "\(GroupDirectory.inboxName)/\(DirectoryInbox.manifestName(id))")
    }
    return outcome
  }
}
