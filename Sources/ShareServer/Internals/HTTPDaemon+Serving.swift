import SystemCalls

/// The serving loop both servers run (`ShareServer`, `MetricsServer`): libmicrohttpd with no
/// thread of its own, driven on a worker of the I/O executor.
extension HTTPDaemon {
  /// Runs `loop` on a worker of the package's I/O executor, whatever executor calls this (its
  /// waits block that worker, as `poll` does), then stops the daemon and removes the Unix
  /// socket `listener` names, if it names one.
  ///
  /// - Throws: What `loop` throws.
  func serve(
    removing listener: ShareServer.Listener, _ loop: () throws(ShareServerError) -> Void
  ) async throws(ShareServerError) {
    let result: Result<Void, ShareServerError> = await withTaskExecutorPreference(
      IOExecutor.shared
    ) {
      defer {
        stop()
        if case .unixSocket(let path) = listener { UnixSocketListener.remove(path) }
      }
      do throws(ShareServerError) {
        try loop()
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }

  /// One turn of the loop: waits until the daemon has work, a connection was resumed, or one
  /// of `others` is readable (at most `limit`, less when one of the daemon's timers is due),
  /// then lets the daemon run once.
  ///
  /// - Returns: Which of `others` the wait saw readable, in their order.
  /// - Throws: `ShareServerError.loopFailed` when waiting fails.
  func turn(alsoWaitingFor others: [Int32], atMost limit: Duration) throws(ShareServerError)
    -> [Bool]
  {
    let ready: [Bool]
    do {
      ready = try Readiness.wait(
        for: [descriptor, resumed.descriptor] + others, timeout: timeout(atMost: limit))
    } catch {
      throw .loopFailed(error)
    }
    // Reset before MHD runs, so that a resume signalled meanwhile is seen at the next turn;
    // only when the wait saw it signalled (a read that fails at every turn is a system call
    // for every chunk of every body).
    if ready[1] { resumed.reset() }
    runOnce()
    return Array(ready.dropFirst(2))
  }
}
