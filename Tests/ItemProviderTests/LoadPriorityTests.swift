import Dispatch
import Foundation
import Synchronization
import Testing

@testable import ItemProvider

#if canImport(Glibc)
  import Glibc
#endif

@Suite("NSItemProvider loads run at the quality of service of the code that asked")
struct LoadPriorityTests {
  /// The label of the queue running the caller (`dispatch_queue_get_label(NULL)`, which the
  /// Swift overlay hides in favour of `DispatchQueue.label`, of no use for the current queue).
  private static func currentQueueLabel() -> String? {
    typealias GetLabel = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "dispatch_queue_get_label"),
      let label = unsafeBitCast(symbol, to: GetLabel.self)(nil)
    else { return nil }
    return String(cString: label)
  }

  /// Where the source's load handler ran.
  final class Recorded: Sendable {
    let label = Mutex<String?>(nil)
  }

  /// A provider whose source records the label of the queue its load handler runs on.
  private static func provider(recording recorded: Recorded) -> NSItemProvider {
    let provider = NSItemProvider()
    provider.registerDataRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) {
      completion in
      recorded.label.withLock { $0 = currentQueueLabel() }
      completion(Data([0xFF, 0xD8]), nil)
      return nil
    }
    return provider
  }

  /// Loads from `provider`, returning once the completion handler ran.
  private static func load(_ provider: NSItemProvider) async {
    await withCheckedContinuation { continuation in
      _ = provider.loadDataRepresentation(forTypeIdentifier: "public.jpeg") { _, _ in
        continuation.resume()
      }
    }
  }

  /// Waits for `semaphore` without blocking a thread of the cooperative pool.
  private static func wait(for semaphore: DispatchSemaphore) async {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        semaphore.wait()
        continuation.resume()
      }
    }
  }

  @Test(
    "A load asked for by a task runs on the global queue of the task's priority",
    arguments: [
      (TaskPriority.background, DispatchQoS.QoSClass.background),
      (.utility, .utility),
      (.medium, .default),
      (.userInitiated, .userInitiated),
    ])
  func taskPriority(_ priority: TaskPriority, _ expected: DispatchQoS.QoSClass) async {
    let recorded = Recorded()
    let provider = Self.provider(recording: recorded)
    // Waited for by a semaphore, not by awaiting its value, which would raise its priority to
    // the test's.
    let done = DispatchSemaphore(value: 0)
    Task(priority: priority) {
      await Self.load(provider)
      done.signal()
    }
    await Self.wait(for: done)
    #expect(recorded.label.withLock { $0 } == DispatchQueue.global(qos: expected).label)
  }

  @Test("A load asked for outside any task runs on the default global queue")
  func outsideTasks() async {
    let recorded = Recorded()
    let provider = Self.provider(recording: recorded)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      _ = provider.loadDataRepresentation(forTypeIdentifier: "public.jpeg") { _, _ in
        done.signal()
      }
    }
    thread.start()
    await Self.wait(for: done)
    #expect(recorded.label.withLock { $0 } == DispatchQueue.global(qos: .default).label)
  }

  @Test("Priorities between the named ones take the quality of service below them")
  func mapping() {
    #expect(LoadOperation.qualityOfService(for: TaskPriority(rawValue: 0)) == .default)
    #expect(LoadOperation.qualityOfService(for: TaskPriority(rawValue: 1)) == .background)
    #expect(LoadOperation.qualityOfService(for: TaskPriority(rawValue: 20)) == .utility)
    #expect(LoadOperation.qualityOfService(for: TaskPriority(rawValue: 24)) == .default)
    #expect(LoadOperation.qualityOfService(for: TaskPriority(rawValue: 33)) == .userInteractive)
  }
}
