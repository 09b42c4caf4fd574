import SystemCalls

/// Where item-provider work that may block runs: the package's I/O executor (see `IOExecutor`).
///
/// CoreTransferable's representations are `async` closures written by apps, and they block
/// (a `FileRepresentation`'s importing closure copies a file). Started with
/// `Task(executorPreference: LoadQueueExecutor.shared)`, they run on the executor's workers,
/// as load handlers do, never on the cooperative pool, which they would otherwise hold (and on
/// which they could wait behind other blocked work). Package access: not for apps.
package enum LoadQueueExecutor {
  /// The executor load handlers and transferable representations run on.
  package static var shared: IOExecutor { .shared }
}
