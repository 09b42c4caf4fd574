import Dispatch
import Foundation
import Ingest
import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Progress of large copies on standard error: bytes, rate and time left, redrawn on one line,
/// only when standard error is a terminal and only once a copy has taken a while.
final class ProgressDisplay: Sendable {
  private struct State {
    var bytes: [AttachmentPosition: Int64] = [:]
    var lastDraw: DispatchTime = .now()
    var drawn = false
  }

  private let started = DispatchTime.now()
  private let total: Int64
  private let state = Mutex(State())

  private init(total: Int64) {
    self.total = total
  }

  /// A display for `total` bytes when standard error is a terminal; nil otherwise.
  static func forStandardError(total: Int64) -> ProgressDisplay? {
    guard isatty(STDERR_FILENO) == 1, total > 0 else { return nil }
    return ProgressDisplay(total: total)
  }

  /// Records that the attachment at `position` has copied `bytes`.
  func update(_ position: AttachmentPosition, _ bytes: Int64) {
    let now = DispatchTime.now()
    let line = state.withLock { state -> String? in
      state.bytes[position] = bytes
      let elapsed = Double(now.uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
      let sinceDraw = Double(now.uptimeNanoseconds - state.lastDraw.uptimeNanoseconds) / 1e9
      guard elapsed > 0.5, sinceDraw > 0.1 else { return nil }
      state.lastDraw = now
      state.drawn = true
      return "\r" + Self.line(done: state.bytes.values.reduce(0, +), of: total, after: elapsed)
    }
    if let line { Output.errorFragment(line) }
  }

  /// Clears the progress line.
  func finish() {
    if state.withLock({ $0.drawn }) {
      Output.errorFragment("\r\u{1B}[K")
    }
  }

  /// `412.0 MB of 1.1 GB, 205.3 MB/s, 3 s left`: bytes, rate and time left.
  static func line(done: Int64, of total: Int64, after elapsed: Double) -> String {
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let left = rate > 0 ? Double(max(0, total - done)) / rate : 0
    return String(
      format: "%@ of %@, %@/s, %.0f s left ", bytes(done), bytes(total), bytes(Int64(rate)),
      left)
  }

  /// `53.9 KB`: the package's one size formatter (`ByteCount`).
  static func bytes(_ count: Int64) -> String { ByteCount(count).description }
}
