import ActivationRules
import Dispatch
import Foundation
import Ingest
import Synchronization
import TestSupport
import TypeMatrix

/// Issue 14's goal: a matrix of 200 rows runs in under 5 seconds (release), every row end to
/// end through the rule, the contract, the loader, the inbox and an import into a throwaway
/// library, rows in parallel within the runner's bound.
enum MatrixBenchmarks {
  static func run() throws {
    Harness.section("matrix")
    let app = ProjectPaths.packageRoot.appendingPathComponent("examples/PhotoShare")
    let shipped = try TypeMatrixFile(contentsOf: app.appendingPathComponent("matrix.json"))
    let rule = try ActivationRule(contentsOf: app.appendingPathComponent("Info.plist"))
    // 200 rows: the example matrix's rows over and over, each under its own name.
    var rows: [MatrixRow] = []
    while rows.count < 200 {
      for row in shipped.rows
      where rows.count < 200
        && row.script.allSatisfy({
          $0.behavior != .neverAnswer
        })
      {
        var copy = row
        copy.name = "\(row.name) #\(rows.count + 1)"
        rows.append(copy)
      }
    }
    var matrix = shipped
    matrix.rows = rows
    let runner = MatrixRunner(
      rule: rule, matrix: matrix, matrixDirectory: app, corpus: ProjectPaths.corpus)
    var times: [Double] = []
    var failures = 0
    for _ in 0..<3 {
      let start = Harness.now()
      let results = Self.wait { await runner.run() }
      times.append(Double(Harness.now() - start) / 1e9)
      failures = results.filter { !$0.passed }.count
    }
    let median = Harness.median(times)
    Harness.report(
      "a matrix of \(rows.count) rows end to end, \(runner.maximumConcurrentRows) at once"
        + " (median of \(times.count))",
      String(
        format: "%.2f s (%.1f ms per row); %d rows failed", median, median * 1000 / 200, failures),
      goal: "< 5 s", met: median < 5 && failures == 0)
  }

  /// Runs async work to its end from the benchmark's synchronous code.
  static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = Box<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
      let value = await work()
      box.value.withLock { $0 = value }
      done.signal()
    }
    done.wait()
    guard let value = box.value.withLock({ $0 }) else {
      preconditionFailure("the task signalled before storing its result")
    }
    return value
  }

  private final class Box<T: Sendable>: Sendable {
    let value = Mutex<T?>(nil)
  }
}
