import Foundation
import Synchronization
import SystemCalls

/// A source app whose behaviour a test scripts, backed by a real file.
///
/// Make providers from it with `fileProvider(typeIdentifier:suggestedName:)` (a file
/// representation of the file) or `dataProvider(typeIdentifier:suggestedName:)` (a data
/// representation holding the file's bytes, read when the load is answered); the source counts
/// how often it was asked and how often it answered, and whether its load was cancelled.
public final class ScriptedSource: Sendable {
  private struct Counts {
    var requests = 0
    var answers = 0
    var cancellations = 0
  }

  /// The file the source offers.
  public let file: URL
  /// What the source does when asked.
  public let behavior: ScriptedBehavior
  private let counts = Mutex(Counts())

  /// Creates a source offering `file` and behaving as `behavior`.
  public init(file: URL, behavior: ScriptedBehavior) {
    self.file = file
    self.behavior = behavior
  }

  /// How many times a load handler of this source was called.
  public var requestCount: Int { counts.withLock { $0.requests } }
  /// How many times it answered (with content or an error); counted once the answer and
  /// whatever the behaviour does after it (deleting the source) are over.
  public var answerCount: Int { counts.withLock { $0.answers } }
  /// How many times a consumer cancelled a load that was still waiting on it.
  public var cancellationCount: Int { counts.withLock { $0.cancellations } }

  /// A provider offering the file as a file representation of `typeIdentifier`.
  public func fileProvider(
    typeIdentifier: String, suggestedName: String? = nil, loadTimeout: TimeInterval? = nil
  ) -> NSItemProvider {
    let provider = NSItemProvider()
    let file = self.file
    provider.registerFileRepresentation(
      forTypeIdentifier: typeIdentifier, fileOptions: [], visibility: .all
    ) { [self] completion in
      run { answer in
        switch answer {
        case .success: completion(file, false, nil)
        case .failure(let error): completion(nil, false, error)
        }
      }
    }
    configure(provider, suggestedName: suggestedName, loadTimeout: loadTimeout)
    return provider
  }

  /// A provider offering the file's bytes as a data representation of `typeIdentifier`.
  public func dataProvider(
    typeIdentifier: String, suggestedName: String? = nil, loadTimeout: TimeInterval? = nil
  ) -> NSItemProvider {
    let provider = NSItemProvider()
    let file = self.file
    provider.registerDataRepresentation(forTypeIdentifier: typeIdentifier, visibility: .all) {
      [self] completion in
      run { answer in
        switch answer {
        case .success:
          do {
            completion(Data(try FileSystem.readFile(atPath: file.path)), nil)
          } catch {
            completion(nil, error)
          }
        case .failure(let error): completion(nil, error)
        }
      }
    }
    configure(provider, suggestedName: suggestedName, loadTimeout: loadTimeout)
    return provider
  }

  private func configure(
    _ provider: NSItemProvider, suggestedName: String?, loadTimeout: TimeInterval?
  ) {
    provider.suggestedName = suggestedName ?? file.lastPathComponent
    if let loadTimeout { provider.loadTimeout = loadTimeout }
  }

  /// Plays the behaviour: `answer` delivers the content (`.success`) or an error.
  private func run(_ answer: @escaping @Sendable (Result<Void, any Error>) -> Void) -> Progress {
    counts.withLock { $0.requests += 1 }
    let progress = Progress(totalUnitCount: 1)
    progress.cancellationHandler = { [self] in counts.withLock { $0.cancellations += 1 } }
    let file = self.file
    let respond: @Sendable (Result<Void, any Error>, Bool) -> Void = { [self] result, delete in
      answer(result)
      if delete { try? FileSystem.removeTree(file.path) }
      progress.completedUnitCount = 1
      counts.withLock { $0.answers += 1 }
    }
    switch behavior {
    case .deliver:
      respond(.success(()), false)
    case .delay(let seconds):
      IOExecutor.shared.execute(after: .seconds(seconds)) { respond(.success(()), false) }
    case .fail(let error):
      respond(.failure(error), false)
    case .deliverThenDeleteSource:
      respond(.success(()), true)
    case .vanishMidLoad:
      try? FileSystem.removeTree(file.path)
      IOExecutor.shared.execute(after: .milliseconds(10)) {
        respond(.failure(ScriptedBehavior.connectionInterruptedError), false)
      }
    case .neverAnswer:
      break
    }
    return progress
  }
}
