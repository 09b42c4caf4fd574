import Dispatch

/// Long synchronous work (a seeded fuzz loop) run on a Dispatch thread, so that it does not
/// hold one of the few threads of Swift's cooperative pool, which Swift Testing runs tests on:
/// with two cores, two such loops would stall every async test beside them (the share
/// pipeline's deadlines fired while the pool was busy).
public enum OffPool {
  /// Runs `body` on a global Dispatch queue and returns its result.
  public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try body() })
      }
    }
  }
}
