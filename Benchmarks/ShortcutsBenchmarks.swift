import Foundation
import Shortcuts
import TestSupport

/// Issue 6's goal: LZFSE decoding at 200 MB/s or more, beside baselines measured in the same
/// run: a plain memory copy of the same output size (the ceiling), and Apple's reference C
/// decoder (liblzfse through the `pyliblzfse` Python binding, when installed) on the same input.
enum ShortcutsBenchmarks {
  static let corpus = ProjectPaths.corpus.appendingPathComponent("shortcuts/lzfse")

  static func run() throws {
    Harness.section("Shortcuts")
    for (name, repeats) in [("workflow", 20), ("text", 100), ("shortcut-archive", 400)] {
      try decoding(name, repeats: repeats)
    }
    try signedShortcut()
  }

  static func decoding(_ name: String, repeats: Int) throws {
    let path = corpus.appendingPathComponent(name + ".lzfse").path
    let input = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let output = try LZFSE.decompress(input)
    let seconds = try Harness.seconds(rounds: 7) { () throws -> Int in
      var total = 0
      for _ in 0..<repeats { total &+= try LZFSE.decompress(input).count }
      return total
    }
    let rate = Double(output.count * repeats) / seconds
    Harness.report(
      "LZFSE decode, \(name) (\(input.count) -> \(output.count) bytes)",
      String(format: "%.0f MB/s", rate / 1e6), goal: ">= 200 MB/s", met: rate >= 200e6)

    // Ceiling: copying the same number of bytes into a fresh buffer.
    let copySeconds = Harness.seconds(rounds: 7) { () -> Int in
      var total = 0
      for _ in 0..<repeats {
        let copy = [UInt8](unsafeUninitializedCapacity: output.count) { buffer, count in
          output.withUnsafeBufferPointer { source in
            if let base = buffer.baseAddress, let from = source.baseAddress {
              memcpy(base, from, output.count)
            }
          }
          count = output.count
        }
        total &+= copy.count
      }
      return total
    }
    let copyRate = Double(output.count * repeats) / copySeconds
    Harness.report(
      "baseline: memcpy of the same output size",
      String(
        format: "%.0f MB/s; decode is %.1f%% of copy speed", copyRate / 1e6, 100 * rate / copyRate),
      goal: "baseline", met: nil)

    if let reference = referenceRate(path: path, repeats: repeats) {
      Harness.report(
        "baseline: reference C liblzfse (pyliblzfse), same input",
        String(
          format: "%.0f MB/s; Swift decoder runs at %.2fx its speed", reference / 1e6,
          rate / reference),
        goal: "baseline", met: nil)
    } else {
      Harness.report(
        "baseline: reference C liblzfse",
        "not measured (python3 with pyliblzfse not found:"
          + " pip install pyliblzfse)", goal: "baseline", met: nil)
    }
  }

  /// Decoding speed of Apple's C implementation, timed inside Python around the library call.
  static func referenceRate(path: String, repeats: Int) -> Double? {
    guard let python = Harness.which("python3") else { return nil }
    let script = """
      import sys, time
      try:
          import liblzfse
      except ImportError:
          sys.exit(3)  # not installed: the report says so, without a traceback
      data = open(sys.argv[1], 'rb').read()
      n = int(sys.argv[2])
      size = len(liblzfse.decompress(data))
      best = []
      for _ in range(7):
          t = time.perf_counter()
          for _ in range(n):
              liblzfse.decompress(data)
          best.append(time.perf_counter() - t)
      best.sort()
      print(size * n / best[3])
      """
    guard let output = try? Harness.run(executable: python, ["-c", script, path, String(repeats)])
    else { return nil }
    return Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Reading and verifying a real signed shortcut, when ../shared is present (information).
  static func signedShortcut() throws {
    let sample = corpus.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/samples/shortcuts/contactVerificationTest.shortcut")
    guard let data = try? Data(contentsOf: sample) else {
      Harness.report(
        "signed shortcut read + verify", "skipped: ../shared absent", goal: "info", met: nil)
      return
    }
    let read = try Harness.seconds(rounds: 9) { try ShortcutFile(data: data) }
    let file = try ShortcutFile(data: data)
    let verify = Harness.seconds(rounds: 9) { file.verify() }
    Harness.report(
      "signed shortcut (\(data.count) bytes, 913 actions): extract / verify",
      String(format: "%.2f ms / %.2f ms", read * 1e3, verify * 1e3), goal: "info", met: nil)
  }
}
