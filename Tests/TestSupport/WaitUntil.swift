/// Waits until `condition` holds, checking it every few milliseconds for at most `limit`, and
/// returns whether it held: the one polling helper, for the rare wait that has no event to
/// await (a file another process writes, a count a detached task changes). The condition may
/// await (run a process off the cooperative pool, say); it must not block a thread.
///
/// `limit` bounds a hang; it is not a timing assertion, so it is generous. The check runs in the
/// caller's task; between checks the task sleeps, suspended, never blocking a thread.
@discardableResult
public func waitUntil(
  limit: Duration = .seconds(30), _ condition: () async throws -> Bool
) async rethrows -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + limit
  while try await !condition() {
    if clock.now >= deadline { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}
