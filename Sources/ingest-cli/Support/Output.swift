import Foundation
import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Writing to standard output and standard error.
///
/// Standard output is C's buffered `stdout` (what `print` writes); standard error is written
/// only after `stdout` is flushed, so the two come out in the order they were written when both
/// go to one pipe or file.
enum Output {
  /// Prints text to standard error, after flushing standard output.
  static func error(_ message: String, terminator: String = "\n") {
    errorFragment(message + terminator)
  }

  /// Writes raw text to standard error, after flushing standard output (progress lines).
  static func errorFragment(_ text: String) {
    flush()
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Flushes standard output (C's `stdout`, which `print` writes to).
  static func flush() {
    fflush(nil)
  }

  /// Makes a closed pipe on standard output an ordinary end instead of a fatal signal.
  ///
  /// `SIGPIPE` gets a handler that does nothing: a write to a reader that has gone (`| head
  /// -1`) then fails with `EPIPE`, which `print` ignores, so the command still writes the
  /// files it was asked for and exits with its own status. A handler, unlike `SIG_IGN`, is
  /// reset for the programs `inbox import --exec` runs.
  static func treatBrokenPipeAsEnd() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGPIPE, &action, nil)
  }

  /// Prints a value as pretty JSON with sorted keys.
  static func json<T: Encodable>(_ value: T) throws(CLIError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      let data = try encoder.encode(value)
      print(String(decoding: data, as: UTF8.self))
    } catch {
      throw CLIError(status: .ioError, message: "cannot encode the output as JSON: \(error)")
    }
  }

  /// Prints a value as one line of compact JSON (JSON Lines, for `inbox watch`), flushed.
  static func jsonLine<T: Encodable>(_ value: T) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return }
    print(String(decoding: data, as: UTF8.self))
    flush()
  }

  /// What `--json` prints for an error: `{"error": {"message", "status", "exitStatus",
  /// "usage"}}`.
  struct ErrorDocument: Encodable {
    struct Detail: Encodable {
      /// What failed, where, and what to do: the message a person would read, each name in it
      /// as it is (not quoted for a terminal: JSON escapes it).
      var message: String
      /// The exit status's name (`usage`, `noInput`, ...).
      var status: String
      /// The exit status.
      var exitStatus: Int32
      /// For a usage error, the command's usage lines.
      var usage: String?
    }
    var error: Detail
  }

  /// Prints an error as JSON on standard output.
  static func jsonError(_ error: CLIError, usage: String?) {
    let document = ErrorDocument(
      error: .init(
        message: error.description(quoting: .verbatim), status: error.status.name,
        exitStatus: error.status.rawValue,
        usage: usage))
    do {
      try json(document)
    } catch {
      Output.error("\(HelpGenerator.program): \(error)")
    }
  }
}
