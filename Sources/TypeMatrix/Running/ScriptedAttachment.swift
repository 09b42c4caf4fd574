import Foundation
import Ingest
import ItemProvider
import SystemCalls

/// Builds a provider for an attachment whose source is scripted to misbehave: the same
/// registered types in the same order, each answering as the script says. File and data
/// representations answer over a private copy of the content file, so a source that deletes
/// its file never touches the matrix's own files.
enum ScriptedAttachment {
  static func provider(
    _ attachment: SourceProfile.Attachment, failure: ScriptedFailure, content: URL,
    workDirectory: URL
  ) throws -> NSItemProvider {
    let provider = NSItemProvider()
    provider.suggestedName = attachment.suggestedName
    let error = NSError(
      domain: failure.errorDomain ?? NSCocoaErrorDomain, code: failure.errorCode ?? 4097,
      userInfo: [NSLocalizedDescriptionKey: "Scripted failure of the source."])
    for representation in attachment.representations {
      let type = representation.typeIdentifier
      var copy: URL?
      if let file = representation.file ?? representation.files?.first {
        let source = content.appendingPathComponent(file)
        let target = workDirectory.appendingPathComponent(
          "scripted-\(UUID().uuidString)-\(source.lastPathComponent)")
        try FileManager.default.copyItem(at: source, to: target)
        copy = target
      }
      let answer = Answer(behavior: failure.behavior, error: error, file: copy)
      switch representation.delivery {
      case .file, .directory:
        provider.registerFileRepresentation(forTypeIdentifier: type, visibility: .all) {
          completion in
          answer.file { url, error in completion(url, false, error) }
        }
      case .data:
        provider.registerDataRepresentation(forTypeIdentifier: type, visibility: .all) {
          completion in
          answer.file { url, error in
            completion(url.flatMap { try? Data(contentsOf: $0) }, error)
          }
        }
      case .object:
        provider.registerItem(forTypeIdentifier: type) { completion, _, _ in
          _ = answer.file { url, error in completion?(url.map { $0 as NSURL }, error) }
        }
      }
    }
    return provider
  }

  /// One representation's scripted answer.
  struct Answer: Sendable {
    let behavior: ScriptedFailure.Behavior
    let error: NSError
    let file: URL?

    /// Answers through `deliver` (a file URL or an error) as the behaviour says.
    @discardableResult
    func file(_ deliver: @escaping @Sendable (URL?, (any Error)?) -> Void) -> Progress? {
      switch behavior {
      case .fail:
        deliver(nil, error)
      case .vanish:
        if let file { try? FileManager.default.removeItem(at: file) }
        IOExecutor.shared.execute(after: .milliseconds(10)) {
          deliver(nil, ScriptedBehavior.connectionInterruptedError)
        }
      case .neverAnswer:
        return Progress(totalUnitCount: 1)
      case .deleteAfterCallback:
        deliver(file, file == nil ? error : nil)
        if let file { try? FileManager.default.removeItem(at: file) }
      }
      return nil
    }
  }
}
