import Dispatch

/// Runs tasks on the load queue, the one place item-provider work that may block runs.
///
/// CoreTransferable's representations are `async` closures written by apps, and they block
/// (a `FileRepresentation`'s importing closure copies a file). Started with
/// `Task(executorPreference: LoadQueueExecutor.shared)`, they run on the load queue's threads,
/// as load handlers do, never on the cooperative pool, which they would otherwise hold (and on
/// which they could wait behind other blocked work). Package access: not for apps.
package final class LoadQueueExecutor: TaskExecutor {
  /// The executor of the load queue.
  package static let shared = LoadQueueExecutor()

  private init() {}

  /// Runs the job on the load queue.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    LoadOperation.queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
