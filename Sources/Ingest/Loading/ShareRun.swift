import Foundation

/// What one share has gathered so far: the contract's decision and each load's report; it
/// decides whether the share commits and writes its manifest and outcome.
struct ShareRun: Sendable {
  let id: UUID
  let decision: ContractDecision
  private(set) var reports: [AttachmentPosition: LoadReport] = [:]
  var deadlinePassed: (seconds: Double, stillLoading: [AttachmentPosition: String])?
  var warnings: [String] = []
  private var rolledBack = false

  init(id: UUID, decision: ContractDecision) {
    self.id = id
    self.decision = decision
  }

  mutating func record(_ report: LoadReport) {
    reports[report.position] = report
  }

  /// The share's loads were undone after they succeeded (the commit failed).
  mutating func rollBack() {
    rolledBack = true
  }

  private var failures: [AttachmentFailure] {
    reports.values.sorted { $0.position < $1.position }.compactMap {
      if case .failure(let failure) = $0.result, !(failure.error is CancellationError) {
        return failure
      }
      return nil
    }
  }

  private var successes: Int {
    reports.values.filter {
      if case .success = $0.result { return true }
      return false
    }.count
  }

  /// Why the share must not commit, or nil when it may.
  func error(keepsPartialShares: Bool, contract: InputContract) -> ShareError? {
    if let deadlinePassed {
      return .deadlineExceeded(
        seconds: deadlinePassed.seconds, stillLoading: deadlinePassed.stillLoading)
    }
    let failures = failures
    if contract.unsupported == .rejectShare,
      let first = failures.first(where: { $0.violation != nil }), let violation = first.violation
    {
      return .rejected(.init(position: first.position, violation: violation))
    }
    let loadFailures = failures.filter { $0.violation == nil }
    if !keepsPartialShares, let first = loadFailures.first {
      return .attachmentFailed(first)
    }
    guard successes == 0 else { return nil }
    // Nothing is left to share.
    if let first = loadFailures.first { return .attachmentFailed(first) }
    if let first = failures.first, let violation = first.violation {
      return .rejected(.init(position: first.position, violation: violation))
    }
    return .rejected(.init(position: nil, violation: .noAttachments))
  }

  /// The manifest of the items that loaded, with what was left out and why.
  func manifest(receivedAt: Date, source: String?, title: String? = nil) -> ShareManifest {
    var items: [ShareManifest.Item] = []
    var omissions: [ShareManifest.Omission] = []
    for attachment in decision.attachments {
      let omission = { (reason: String) in
        ShareManifest.Omission(
          attachment: "\(attachment.position)", offeredTypes: attachment.offeredTypes,
          reason: reason)
      }
      switch attachment.verdict {
      case .skip(let violation), .reject(let violation):
        omissions.append(omission(violation.description))
      case .take:
        guard let report = reports[attachment.position] else { continue }
        switch report.result {
        case .success(let loaded):
          if let item = item(loaded, attachment) { items.append(item) }
        case .failure(let failure):
          let reason =
            failure.violation?.description
            ?? "\(failure.stage.rawValue) failed: \(LogRedaction.describe(failure.error))"
          omissions.append(omission(reason))
        }
      }
    }
    return ShareManifest(
      id: id, receivedAt: receivedAt, source: source, title: title, items: items,
      notIncluded: omissions)
  }

  private func item(_ loaded: LoadedAttachment, _ attachment: AttachmentDecision)
    -> ShareManifest.Item?
  {
    guard let choice = attachment.choice else { return nil }
    switch loaded {
    case .file(let payload, let byteCount, let sha256):
      return .file(
        typeIdentifier: choice.typeIdentifier,
        path: GroupDirectory.incomingRelativePath(payload.name), byteCount: byteCount,
        sha256: sha256, suggestedName: attachment.suggestedName)
    case .stored(let name, let byteCount, let sha256):
      return .file(
        typeIdentifier: choice.typeIdentifier,
        path: GroupDirectory.incomingRelativePath(name), byteCount: byteCount,
        sha256: sha256, suggestedName: attachment.suggestedName)
    case .text(let text):
      return .text(text, typeIdentifier: choice.typeIdentifier)
    case .url(let url):
      return .url(url, typeIdentifier: choice.typeIdentifier)
    case .page(let url, let title, let selection):
      // A URL item: the page's title as its suggested name (as a page's provider names it),
      // the selection as its text.
      return ShareManifest.Item(
        kind: .url, typeIdentifier: "public.url", suggestedName: title, text: selection,
        url: url)
    }
  }

  /// The outcome, attachment by attachment.
  func outcome(error: ShareError?, duration: Duration) -> ShareOutcome {
    let committed = error == nil && !rolledBack
    let attachments = decision.attachments.map { attachment -> AttachmentOutcome in
      var result = AttachmentOutcome.Result.notLoaded
      let report = reports[attachment.position]
      switch attachment.verdict {
      case .skip(let violation): result = .skipped(violation)
      case .reject: result = .notLoaded
      case .take:
        switch report?.result {
        case .success(let loaded)?:
          if let item = item(loaded, attachment) {
            result = committed ? .accepted(item) : .rolledBack(item)
          }
        case .failure(let failure)?:
          if failure.error is CancellationError {
            result = .notLoaded
          } else if let violation = failure.violation, decisionSkips(violation, error: error) {
            result = .skipped(violation)
          } else {
            result = .failed(failure)
          }
        case nil: result = .notLoaded
        }
      }
      return AttachmentOutcome(
        position: attachment.position, offeredTypes: attachment.offeredTypes,
        choice: attachment.choice, result: result, duration: report?.duration)
    }
    return ShareOutcome(
      shareID: id, error: error, attachments: attachments, manifest: nil, manifestPath: nil,
      warnings: warnings, duration: duration)
  }

  /// Whether a violation found while loading left its attachment out (rather than rejecting
  /// the share): so when the share was not rejected for it.
  private func decisionSkips(_ violation: ContractViolation, error: ShareError?) -> Bool {
    if case .rejected = error { return false }
    return true
  }
}
