import Foundation
import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Timing, memory and reporting helpers shared by every benchmark section.
///
/// Every goal is reported beside a baseline measured in the same run, as a ratio, because the
/// machines are shared and noisy. Times are medians over several rounds.
enum Harness {
  /// Monotonic nanoseconds.
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// Runs `body(iterations)` for `rounds` rounds and returns the median nanoseconds per
  /// iteration. `body` must do `iterations` units of work and return something derived from
  /// them, which is kept alive so the optimizer cannot drop the work.
  static func nanosecondsPerIteration<T>(
    iterations: Int,
    rounds: Int = 7,
    _ body: (Int) -> T
  ) -> Double {
    var samples: [Double] = []
    _ = keep(body(max(1, iterations / 10)))  // warm up
    for _ in 0..<rounds {
      let start = now()
      let result = body(iterations)
      let elapsed = now() - start
      keep(result)
      samples.append(Double(elapsed) / Double(iterations))
    }
    return median(samples)
  }

  /// Median seconds of one call of `body`, over `rounds` rounds.
  static func seconds<T>(rounds: Int = 5, _ body: () throws -> T) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<rounds {
      let start = now()
      let result = try body()
      let elapsed = now() - start
      keep(result)
      samples.append(Double(elapsed) / 1e9)
    }
    return median(samples)
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2]
      : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  /// Keeps a value observable so the optimizer cannot remove the work that produced it.
  @inline(never)
  @discardableResult
  static func keep<T>(_ value: T) -> T {
    withExtendedLifetime(value) {}
    return value
  }

  /// The peak resident set of this process image in bytes (`VmHWM` in `/proc/self/status`).
  ///
  /// Not `getrusage`'s `ru_maxrss`: on Linux that carries over the peak of the process image
  /// before `exec`, so a child spawned by the benchmark would report at least its parent's
  /// resident size at the fork rather than its own. `ru_maxrss` is the fallback when `/proc` is
  /// not readable.
  static func peakResidentBytes() -> Int {
    if let bytes = peakResidentBytes(ofProcess: "self") { return bytes }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }

  /// The peak resident set of the process `process` (a process id, or `self`) in bytes, from
  /// `VmHWM` in `/proc/PROCESS/status`; nil when that cannot be read.
  static func peakResidentBytes(ofProcess process: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kibibytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({
        Int($0)
      })
    else { return nil }
    return kibibytes * 1024
  }

  /// Runs this executable again with `arguments` and returns what it printed on stdout.
  /// Child modes print their measurements, so each is taken in a fresh process.
  static func runSelf(_ arguments: [String]) throws -> String {
    try run(executable: CommandLine.arguments[0], arguments)
  }

  /// Runs a program and returns its standard output; throws when it exits non-zero.
  @discardableResult
  static func run(executable: String, _ arguments: [String]) throws -> String {
    // Standard error stays this process's, as the child modes' diagnostics go there.
    let output = try ChildProcess.run(
      executable, arguments: arguments, standardError: .inherited)
    guard output.outcome.succeeded else {
      throw HarnessError(message: "\(executable) \(arguments) ended: \(output.outcome)")
    }
    return output.standardOutputText
  }

  /// Finds a program on PATH.
  static func which(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let path = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  // MARK: Reporting

  /// Prints a section heading.
  static func section(_ title: String) {
    print("\n== \(title) ==")
  }

  /// Prints one figure with its goal and whether it was met.
  static func report(_ name: String, _ value: String, goal: String, met: Bool?) {
    let verdict = met.map { $0 ? "MET" : "NOT MET" } ?? "info"
    print("  \(name): \(value)  [goal: \(goal)] \(verdict)")
  }

  /// Formats a rate such as 123.4 M/s.
  static func rate(_ perSecond: Double) -> String {
    switch perSecond {
    case 1e9...: String(format: "%.2f G/s", perSecond / 1e9)
    case 1e6...: String(format: "%.1f M/s", perSecond / 1e6)
    case 1e3...: String(format: "%.1f k/s", perSecond / 1e3)
    default: String(format: "%.1f /s", perSecond)
    }
  }

  /// Formats a byte count in MiB.
  static func mebibytes(_ bytes: Int) -> String {
    String(format: "%.1f MiB", Double(bytes) / 1_048_576)
  }

  /// The context switches of the whole process so far (voluntary and involuntary, every
  /// thread's).
  static func contextSwitches() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_nvcsw + usage.ru_nivcsw
  }
}

struct HarnessError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
