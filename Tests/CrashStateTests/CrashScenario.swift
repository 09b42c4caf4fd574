import CrashStates
import Foundation
import Ingest
import SystemCalls
import Testing

/// A recorded run of part of the pipeline (a share, an import, a sweep, a recovery), ready to
/// have its crash states explored with the restart check.
struct CrashScenario: Sendable {
  /// What was recorded.
  var name: String
  /// The recording.
  var history: CrashHistory
  /// The manifests the program wrote (or found committed), by share id.
  var written: [UUID: ShareManifest]
  /// The shares committed before the recording began (durable: the recording starts from a
  /// settled disk), which no crash may lose.
  var initiallyCommitted: Set<UUID> = []
  /// Where the inbox and the library are.
  var backend = CrashBackend.directory

  /// Explores the scenario's states under `model`, restarting each in `order`; states are
  /// written out under `work`. The exploration, and the restarted program, run on the I/O
  /// executor.
  func explore(
    _ model: PersistenceModel, order: RestartCheck.Order, bounds: CrashStateSpace.Bounds,
    work: String, history: CrashHistory? = nil
  ) async throws -> CrashReport {
    let check = RestartCheck(
      order: order, written: written, initiallyCommitted: initiallyCommitted, backend: backend)
    let exploration = CrashExploration(
      history ?? self.history, model: model, bounds: bounds, workDirectory: work)
    return try await exploration.run(scenario: "\(name) (\(order.rawValue))") { state in
      await check.run(state)
    }
  }

  /// Explores the states under every persistence model, restarting each in each of `orders`,
  /// and records an issue unless each exploration ran states and found no violation.
  func expectEveryStatePasses(
    bounds: CrashStateSpace.Bounds, work: String,
    orders: [RestartCheck.Order] = RestartCheck.Order.allCases
  ) async throws {
    for model in PersistenceModel.allCases {
      for order in orders {
        let report = try await explore(model, order: order, bounds: bounds, work: work)
        print(report.summary)
        #expect(report.run > 0)
        #expect(report.violations.isEmpty, "\(report)")
      }
    }
  }

  /// The manifests committed in the group directory under `root`, by share id.
  static func manifests(root: String) throws -> [UUID: ShareManifest] {
    let inbox = CrashLayout(root: root).group + "/Inbox"
    var manifests: [UUID: ShareManifest] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: inbox)
    where name.hasSuffix(".json") && !name.hasPrefix(".") {
      let path = inbox + "/" + name
      let manifest = try ShareManifest.decode(
        Data(contentsOf: URL(fileURLWithPath: path)), path: path)
      manifests[manifest.id] = manifest
    }
    return manifests
  }
}

/// The recording's operations, for a test's message when its counts are off.
extension CrashHistory {
  var listing: String { operations.map(\.description).joined(separator: "\n") }
}
