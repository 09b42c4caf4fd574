import Foundation

/// One thing the pipeline did, for a log: stages, type identifiers, sizes and errors, never
/// what was shared.
///
/// Nothing a user shared reaches an event: no text, no URL, no file name (not even the
/// source's suggested name), no file content. Errors are described by `LogRedaction`, which
/// keeps operations and error numbers and leaves out paths.
public struct IngestEvent: Sendable, CustomStringConvertible {
  /// The stage the event belongs to.
  public enum Stage: String, Sendable {
    case activation, contract, load, copy, commit, rollback, claim, finish, release, sweep
  }

  /// The share, when the event is about one.
  public var shareID: UUID?
  /// The stage.
  public var stage: Stage
  /// What happened, from a fixed vocabulary (`taken`, `skipped`, `copied`, `failed`...).
  public var event: String
  /// The attachment, when the event is about one.
  public var position: AttachmentPosition?
  /// The type identifier involved.
  public var typeIdentifier: String?
  /// A byte count.
  public var byteCount: Int64?
  /// A count of things (files swept, attachments).
  public var count: Int?
  /// How long the stage took.
  public var duration: Duration?
  /// The error, redacted.
  public var error: String?

  /// Creates an event.
  public init(
    shareID: UUID? = nil, stage: Stage, event: String, position: AttachmentPosition? = nil,
    typeIdentifier: String? = nil, byteCount: Int64? = nil, count: Int? = nil,
    duration: Duration? = nil, error: (any Error)? = nil
  ) {
    self.shareID = shareID
    self.stage = stage
    self.event = event
    self.position = position
    self.typeIdentifier = typeIdentifier
    self.byteCount = byteCount
    self.count = count
    self.duration = duration
    self.error = error.map(LogRedaction.describe)
  }

  /// `share=<id> stage=copy event=copied attachment=1.1 type=public.heic bytes=1834112`.
  public var description: String {
    var fields = ["stage=\(stage.rawValue)", "event=\(event)"]
    if let shareID { fields.insert("share=\(shareID.uuidString)", at: 0) }
    if let position { fields.append("attachment=\(position.item).\(position.attachment)") }
    if let typeIdentifier { fields.append("type=\(typeIdentifier)") }
    if let byteCount { fields.append("bytes=\(byteCount)") }
    if let count { fields.append("count=\(count)") }
    if let duration {
      let milliseconds =
        Double(duration.components.attoseconds) / 1e15
        + Double(duration.components.seconds) * 1000
      fields.append("ms=\(String(format: "%.2f", milliseconds))")
    }
    if let error { fields.append("error=\"\(error)\"") }
    return fields.joined(separator: " ")
  }
}

/// Where pipeline events go. The default drops them; `lines` formats each as one line.
public struct IngestLog: Sendable {
  private let sink: @Sendable (IngestEvent) -> Void

  /// A log that hands each event to `sink`.
  public init(_ sink: @escaping @Sendable (IngestEvent) -> Void) {
    self.sink = sink
  }

  /// A log that drops everything.
  public static let none = IngestLog { _ in }

  /// A log that writes each event as one line through `write`.
  public static func lines(_ write: @escaping @Sendable (String) -> Void) -> IngestLog {
    IngestLog { write($0.description) }
  }

  /// Records `event`.
  public func record(_ event: IngestEvent) {
    sink(event)
  }
}
