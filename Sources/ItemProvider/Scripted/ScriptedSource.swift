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
  /// What a source counts, to wait for with `wait(until:reaches:limit:)`.
  public enum Count: Sendable {
    /// Times a load handler of the source was called (`requestCount`).
    case requests
    /// Times it answered, the behaviour's work after the answer included (`answerCount`).
    case answers
    /// Times a consumer cancelled a load still waiting on it (`cancellationCount`).
    case cancellations
  }

  private struct Waiter {
    var count: Count
    var target: Int
    var continuation: CheckedContinuation<Bool, Never>
    var timer: IOExecutor.Timer?
  }

  private struct Counts {
    var requests = 0
    var answers = 0
    var cancellations = 0
    var waiters: [UInt64: Waiter] = [:]
    var nextWaiter: UInt64 = 0

    func value(_ count: Count) -> Int {
      switch count {
      case .requests: requests
      case .answers: answers
      case .cancellations: cancellations
      }
    }

    /// Takes the waiters whose count has reached their target.
    mutating func takeSatisfied() -> [Waiter] {
      let satisfied = waiters.filter { value($0.value.count) >= $0.value.target }
      for key in satisfied.keys { waiters[key] = nil }
      return Array(satisfied.values)
    }
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

  /// Returns true once `count` has reached `target` (at once when it already has), woken by the
  /// source as it counts, not by polling; false when it has not within `limit`.
  ///
  /// A consumer's completion handler runs inside the source's answer, so a test resumed from it
  /// may look before the source is done (before `answerCount` counts, or a
  /// `deliverThenDeleteSource` source has deleted its file): it waits for `.answers` first.
  /// `limit` bounds a hang when the event never comes; it is not a timing assertion.
  public func wait(
    until count: Count, reaches target: Int = 1, limit: Duration = .seconds(30)
  ) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let number = counts.withLock { counts -> UInt64? in
        guard counts.value(count) < target else { return nil }
        counts.nextWaiter += 1
        counts.waiters[counts.nextWaiter] = Waiter(
          count: count, target: target, continuation: continuation)
        return counts.nextWaiter
      }
      guard let number else {
        continuation.resume(returning: true)
        return
      }
      let timer = IOExecutor.shared.schedule(after: limit) { [self] in
        counts.withLock { $0.waiters.removeValue(forKey: number) }?.continuation
          .resume(returning: false)
      }
      let resumed = counts.withLock { counts -> Bool in
        guard counts.waiters[number] != nil else { return true }
        counts.waiters[number]?.timer = timer
        return false
      }
      if resumed { IOExecutor.shared.cancel(timer) }
    }
  }

  /// Adds one to a count and wakes the waiters it satisfies.
  private func increment(_ count: Count) {
    let satisfied = counts.withLock { counts -> [Waiter] in
      switch count {
      case .requests: counts.requests += 1
      case .answers: counts.answers += 1
      case .cancellations: counts.cancellations += 1
      }
      return counts.takeSatisfied()
    }
    for waiter in satisfied {
      if let timer = waiter.timer { IOExecutor.shared.cancel(timer) }
      waiter.continuation.resume(returning: true)
    }
  }

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
    increment(.requests)
    let progress = Progress(totalUnitCount: 1)
    progress.cancellationHandler = { [self] in increment(.cancellations) }
    let file = self.file
    let respond: @Sendable (Result<Void, any Error>, Bool) -> Void = { [self] result, delete in
      answer(result)
      if delete { try? FileSystem.removeTree(file.path) }
      progress.completedUnitCount = 1
      increment(.answers)
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
