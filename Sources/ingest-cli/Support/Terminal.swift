import Foundation
import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The width of the terminal the command writes to, for wrapping reasons and warnings.
enum Terminal {
  /// Standard output's terminal width (`ioctl(TIOCGWINSZ)`); else `COLUMNS` when it holds a
  /// positive number; else 80, the width assumed for pipes and files.
  static var width: Int {
    if let columns = windowColumns() { return columns }
    if let text = ProcessEnvironment.value("COLUMNS"), let columns = Int(text),
      columns > 0
    {
      return columns
    }
    return 80
  }

  /// Whether standard output is a terminal (it reports a window size).
  static var isInteractive: Bool { windowColumns() != nil }

  /// The columns `ioctl(STDOUT_FILENO, TIOCGWINSZ)` reports; nil when standard output is not a
  /// terminal or reports no width.
  private static func windowColumns() -> Int? {
    #if canImport(Glibc)
      var size = winsize()
      guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
        return nil
      }
      return Int(size.ws_col)
    #else
      return nil
    #endif
  }
}
