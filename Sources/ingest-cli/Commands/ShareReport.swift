import ActivationRules
import Foundation
import Ingest
import ItemProvider
import SystemCalls

/// What `ingest-cli share` reports: the share as the extension saw it, the rule's verdict, the
/// representation taken from each attachment and why, where each file went, the manifest.
/// The same facts as text for a person and as JSON (stable field names) for a program.
struct ShareReport: Encodable {
  struct Group: Encodable {
    var path: String
    var origin: String
  }

  struct Representation: Encodable {
    var typeIdentifier: String
    var delivery: String?
  }

  struct Attachment: Encodable {
    var item: Int
    var attachment: Int
    /// The name the source offers (`NSItemProvider.suggestedName`), when it offers one.
    var suggestedName: String?
    var registeredTypes: [Representation]
    var chosenType: String?
    var chosenDelivery: String?
    var acceptedAs: String?
    var choiceReason: String?
    var result: String
    /// Why it was skipped, as the contract names it (`fileTooLarge`...), beside `reason`.
    var reasonCode: String?
    var kind: String?
    var file: String?
    var byteCount: Int64?
    var sha256: String?
    var reason: String?
    /// The most the contract allows, for a file too large (`byteCount` is then what was found).
    var maximumByteCount: Int64?
  }

  struct Rule: Encodable {
    var shown: Bool
    var reason: String
    /// What the rule's reading warned of (a type identifier or key no declaration knows, an
    /// extension point the share sheet does not offer...).
    var warnings: [String]
  }

  /// Why a share was not committed, for a program: the contract's or the pipeline's name for
  /// it (`fileTooLarge`, `unsupportedType`, `hidden`, `loadFailed`...), with the byte counts
  /// of a size limit.
  struct Failure: Encodable {
    var code: String
    var attachment: String?
    var byteCount: Int64?
    var maximumByteCount: Int64?
  }

  var status: String
  var shareID: String?
  var error: String?
  var failure: Failure?
  var source: String
  var group: Group
  var rule: Rule?
  var extensionItems: Int
  var attachments: [Attachment]
  var manifest: String?
  /// The PostgreSQL inbox committed to (its URL without a password); nil for the directory
  /// inbox.
  var inbox: String?
  var warnings: [String]
  var durationMilliseconds: Double?

  /// The exit status: 0 committed, 1 hidden or rejected, 73 the group cannot be written,
  /// 74 anything else.
  let exitStatus: ExitStatus

  enum CodingKeys: String, CodingKey {
    case status, shareID, error, failure, source, group, rule, extensionItems, attachments
    case manifest
    case inbox
    case warnings, durationMilliseconds
  }

  /// - Parameter duration: The whole share, rule included, as the command timed it.
  init(
    location: GroupLocation, inbox: String? = nil, share: LocalShare,
    activation: ActivationDecision?, ruleWarnings: [String] = [], outcome: ShareOutcome?,
    duration: Duration
  ) {
    self.inbox = inbox
    source = share.source
    group = Group(path: location.path, origin: location.origin.rawValue)
    rule = activation.map { Rule(shown: $0.isShown, reason: $0.reason, warnings: ruleWarnings) }
    extensionItems = share.items.count
    warnings = outcome?.warnings ?? []
    durationMilliseconds = Self.milliseconds(duration)
    shareID = outcome?.shareID.uuidString
    manifest =
      inbox == nil ? outcome?.manifest.map { "Inbox/\($0.id.uuidString).json" } : nil
    var attachments: [Attachment] = []
    if let outcome {
      let providers = share.items.flatMap { $0.attachments ?? [] }
      for (index, attachment) in outcome.attachments.enumerated() {
        let provider = index < providers.count ? providers[index] : nil
        attachments.append(Self.attachment(attachment, provider: provider))
      }
    } else {
      for (itemIndex, item) in share.items.enumerated() {
        for (index, provider) in (item.attachments ?? []).enumerated() {
          attachments.append(
            Attachment(
              item: itemIndex + 1, attachment: index + 1, suggestedName: provider.suggestedName,
              registeredTypes: Self.representations(provider), result: "not loaded"))
        }
      }
    }
    self.attachments = attachments
    switch (activation, outcome) {
    case (let decision?, nil) where !decision.isShown:
      status = "hidden"
      error = "the rule hides the extension for this share; nothing was loaded"
      failure = Failure(code: "hidden")
      exitStatus = .notAccepted
    case (_, let outcome?):
      if let shareError = outcome.error {
        error = NameQuoting.verbatim.describe(shareError)
        failure = Self.failure(shareError)
        (status, exitStatus) = Self.classify(shareError)
      } else {
        status = "committed"
        exitStatus = .success
      }
    default:
      status = "failed"
      error = "nothing was shared"
      exitStatus = .ioError
    }
  }

  static func classify(_ error: ShareError) -> (String, ExitStatus) {
    switch error {
    case .hidden: return ("hidden", .notAccepted)
    case .rejected: return ("rejected", .notAccepted)
    case .groupUnavailable, .commitFailed: return ("failed", .cannotCreate)
    case .attachmentFailed(let failure):
      if let io = failure.error as? IOError,
        [.noSpace, .readOnly, .permissionDenied].contains(io.code), failure.stage == .copying
      {
        return ("failed", .cannotCreate)
      }
      return ("failed", .ioError)
    case .deadlineExceeded: return ("failed", .ioError)
    }
  }

  /// The failure's code, and the byte counts of a size limit.
  static func failure(_ error: ShareError) -> Failure {
    switch error {
    case .hidden: return Failure(code: "hidden")
    case .rejected(let rejection):
      let counts = rejection.violation.byteCounts
      return Failure(
        code: rejection.violation.code,
        attachment: rejection.position.map { "\($0.item).\($0.attachment)" },
        byteCount: counts?.byteCount, maximumByteCount: counts?.maximum)
    case .attachmentFailed(let failure):
      return Failure(
        code: "loadFailed", attachment: "\(failure.position.item).\(failure.position.attachment)")
    case .deadlineExceeded: return Failure(code: "deadline")
    case .groupUnavailable, .commitFailed: return Failure(code: "commitFailed")
    }
  }

  static func representations(_ provider: NSItemProvider?) -> [Representation] {
    guard let provider else { return [] }
    return provider.registeredTypeIdentifiers.map {
      Representation(
        typeIdentifier: $0, delivery: provider.registeredDelivery(forTypeIdentifier: $0)?.rawValue)
    }
  }

  static func attachment(_ outcome: AttachmentOutcome, provider: NSItemProvider?) -> Attachment {
    var report = Attachment(
      item: outcome.position.item, attachment: outcome.position.attachment,
      suggestedName: provider?.suggestedName,
      registeredTypes: representations(provider), result: "not loaded")
    if let choice = outcome.choice {
      report.chosenType = choice.typeIdentifier
      report.chosenDelivery = choice.delivery.rawValue
      report.acceptedAs = choice.acceptedAs
      report.choiceReason = "\(choice)"
      report.kind = choice.kind.rawValue
    }
    switch outcome.result {
    case .accepted(let item), .rolledBack(let item):
      if case .rolledBack = outcome.result {
        report.result = "rolled back"
      } else {
        report.result = "accepted"
      }
      report.file = item.file
      report.byteCount = item.byteCount
      report.sha256 = item.sha256
    case .skipped(let violation):
      report.result = "skipped"
      report.reason = "\(violation)"
      report.reasonCode = violation.code
      if let counts = violation.byteCounts {
        report.byteCount = counts.byteCount
        report.maximumByteCount = counts.maximum
      }
    case .failed(let failure):
      report.result = "failed"
      report.reason = NameQuoting.verbatim.describe(failure)
    case .notLoaded:
      report.result = "not loaded"
    }
    return report
  }

  static func milliseconds(_ duration: Duration) -> Double {
    (Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
      .rounded(toPlaces: 2)
  }

  // MARK: Text

  /// The report for a person: one fact per line, labels in one column, long lines wrapped at
  /// `width` under their text.
  func text(colors: Colors, width: Int = TextWrapping.defaultWidth) -> String {
    let column = 11
    var lines: [String] = []
    func line(_ label: String, _ text: String, painted: String? = nil) {
      let wrapped = TextWrapping.wrap(
        text, width: width, prefix: String(repeating: " ", count: column), indent: column)
      let body = wrapped.dropFirst(column)
      let head = label + String(repeating: " ", count: max(1, column - label.count))
      var text = painted.map { $0 + String(head.dropFirst(label.count)) } ?? head
      text.append(contentsOf: body)  // String's own, not the generic `+` of a Substring
      lines.append(text)
    }
    switch status {
    case "committed":
      line("committed", "share \(shareID ?? "")", painted: colors.green("committed"))
    case "hidden", "rejected":
      line(status, TerminalText.quoted(error ?? ""), painted: colors.yellow(status))
    default:
      line("failed", TerminalText.quoted(error ?? ""), painted: colors.red("failed"))
    }
    let attachmentCount = attachments.count
    line(
      "source",
      "\(source): \(extensionItems) extension item\(extensionItems == 1 ? "" : "s"),"
        + " \(attachmentCount) attachment\(attachmentCount == 1 ? "" : "s")")
    line("group", "\(TerminalText.quoted(group.path)) (\(group.origin))")
    if let rule {
      line(
        "rule", (rule.shown ? "shown: " : "hidden: ") + rule.reason,
        painted: rule.shown ? colors.green("rule") : colors.yellow("rule"))
    }
    for attachment in attachments {
      let types = attachment.registeredTypes.map { representation in
        representation.delivery.map { "\(representation.typeIdentifier) (\($0))" }
          ?? representation.typeIdentifier
      }
      line(
        "\(attachment.item).\(attachment.attachment)",
        (attachment.suggestedName.map { TerminalText.quoted($0) + ": " } ?? "")
          + types.joined(separator: ", "))
      if let reason = attachment.choiceReason {
        line("", "took " + reason)
      }
      switch attachment.result {
      case "accepted", "rolled back":
        if let file = attachment.file {
          let size = ProgressDisplay.bytes(attachment.byteCount ?? 0)
          let digest = (attachment.sha256 ?? "").prefix(12)
          let note = attachment.result == "rolled back" ? " (rolled back)" : ""
          line(
            "",
            "\(colors.arrow) \(file)  \(size)  sha256:\(digest)\(colors.ellipsis)\(note)")
        } else if attachment.kind == "text" || attachment.kind == "url" {
          line("", "\(colors.arrow) \(attachment.kind ?? "") in the manifest")
        }
      case "skipped", "failed":
        line("", "\(attachment.result): \(TerminalText.quoted(attachment.reason ?? ""))")
      default:
        break
      }
    }
    if let manifest { line("manifest", manifest) }
    if let inbox { line("inbox", inbox) }
    for warning in warnings { line("warning", warning, painted: colors.yellow("warning")) }
    if let durationMilliseconds { line("time", "\(Self.format(durationMilliseconds)) ms") }
    return lines.joined(separator: "\n")
  }

  /// Milliseconds to one decimal, `21.2`: from the rounded tenths, not `String(format:)`,
  /// whose first use looks up four of `Double`'s conformances, a scan of every conformance
  /// in the program each (about 0.4 ms of a share's start).
  static func format(_ milliseconds: Double) -> String {
    let tenths = Int((max(0, milliseconds) * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

extension Double {
  fileprivate func rounded(toPlaces places: Int) -> Double {
    let scale = pow(10, Double(places))
    return (self * scale).rounded() / scale
  }
}
