import Foundation
import Synchronization
import SystemCalls
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Headless Chromium (the `chromium-headless-shell` or `chromium` package), driven by its
/// DevTools protocol over a pipe (`--remote-debugging-pipe`): commands go in on the browser's
/// descriptor 3 and answers and events come out of its descriptor 4, each a JSON text ended by
/// a NUL byte. The two ends are FIFOs in a temporary directory, so no WebSocket client is
/// needed.
///
/// Every method blocks (each read waits at most `timeout` seconds): call them through
/// `Offload` (see `run(_:)`).
final class HeadlessChromium: Sendable {
  /// The browsers tried, in order.
  static let candidates = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]

  /// The first browser installed; nil when there is none.
  static let executable: String? = candidates.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Why the browser tests do not run, when they do not.
  static let absence =
    "headless Chromium is not installed (apt-get install chromium-headless-shell); CI installs it"

  struct ProtocolError: Error, CustomStringConvertible {
    var description: String
  }

  private struct State: Sendable {
    var buffer: [UInt8] = []
    var nextID = 1
    var session: String?
  }

  private let process: ChildProcess
  private let commands: Int32
  private let answers: Int32
  private let directory: String
  private let state = Mutex(State())
  let timeout: Double = 30

  /// Starts the browser with a fresh profile in `directory` and opens one page.
  init(in directory: String) throws {
    guard let executable = Self.executable else { throw ProtocolError(description: Self.absence) }
    self.directory = directory
    let commandsPath = directory + "/cdp-in"
    let answersPath = directory + "/cdp-out"
    guard mkfifo(commandsPath, 0o600) == 0, mkfifo(answersPath, 0o600) == 0 else {
      throw ProtocolError(description: "mkfifo failed: errno \(errno)")
    }
    // Open for reading and writing, so neither open waits for the other end.
    commands = open(commandsPath, O_RDWR | O_CLOEXEC)
    answers = open(answersPath, O_RDWR | O_CLOEXEC)
    guard commands >= 0, answers >= 0 else {
      throw ProtocolError(description: "cannot open the FIFOs: errno \(errno)")
    }
    let log = directory + "/chromium.log"
    let logFile = try FileDescriptor.open(log, .writeOnly, options: [.create, .truncate])
    process = try logFile.closeAfter {
      try ChildProcess.spawn(
        "/bin/sh",
        arguments: [
          "-c",
          "exec \"$0\" --headless --no-sandbox --disable-gpu --no-first-run"
            + " --disable-dev-shm-usage --remote-debugging-pipe --user-data-dir=\"$1\""
            + " about:blank 3<\"$2\" 4>\"$3\"",
          executable, directory + "/profile", commandsPath, answersPath,
        ], standardInput: .nullDevice, standardOutput: .nullDevice,
        standardError: .descriptor(logFile))
    }
    do {
      let target = try send("Target.createTarget", ["url": "about:blank"], inSession: false)
      guard let targetID = target["targetId"] as? String else {
        throw ProtocolError(description: "no target: \(target)")
      }
      let attached = try send(
        "Target.attachToTarget", ["targetId": targetID, "flatten": true], inSession: false)
      guard let session = attached["sessionId"] as? String else {
        throw ProtocolError(description: "no session: \(attached)")
      }
      state.withLock { $0.session = session }
      _ = try send("Page.enable")
      _ = try send("Runtime.enable")
    } catch {
      close()
      let log = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw ProtocolError(description: "\(error); the browser's log: \(log.suffix(2000))")
    }
  }

  /// Runs `body` with the browser on a thread of its own.
  func run<T: Sendable>(_ body: @escaping @Sendable (HeadlessChromium) throws -> T) async throws
    -> T
  {
    try await Offload.run { try body(self) }
  }

  /// Sends a command (to the page's session unless `inSession` is false) and returns its
  /// result; events that arrive meanwhile are passed over.
  @discardableResult
  func send(_ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true) throws
    -> [String: Any]
  {
    let (id, session) = state.withLock { state -> (Int, String?) in
      defer { state.nextID += 1 }
      return (state.nextID, state.session)
    }
    var message: [String: Any] = ["id": id, "method": method, "params": parameters]
    if inSession, let session { message["sessionId"] = session }
    var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
    bytes.append(0)
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let rest = UnsafeRawBufferPointer(rebasing: buffer[offset...])
        let written = write(commands, rest.baseAddress, rest.count)
        guard written > 0 else { throw ProtocolError(description: "write failed: errno \(errno)") }
        offset += written
      }
    }
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let answer = try nextMessage(until: deadline)
      guard answer["id"] as? Int == id else { continue }
      if let error = answer["error"] {
        throw ProtocolError(description: "\(method) failed: \(error)")
      }
      return answer["result"] as? [String: Any] ?? [:]
    }
  }

  private func nextMessage(until deadline: Date) throws -> [String: Any] {
    while true {
      let message = state.withLock { state -> [UInt8]? in
        guard let end = state.buffer.firstIndex(of: 0) else { return nil }
        let message = Array(state.buffer[..<end])
        state.buffer.removeSubrange(...end)
        return message
      }
      if let message {
        return try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] ?? [:]
      }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else {
        throw ProtocolError(description: "the browser did not answer within \(timeout) seconds")
      }
      var descriptor = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
      guard count > 0 else { throw ProtocolError(description: "the browser closed its pipe") }
      state.withLock { $0.buffer += chunk[..<count] }
    }
  }

  /// The value of `expression`, evaluated in the page (with a user gesture, as a click);
  /// with `awaitPromise`, what its promise resolves to.
  func evaluate(_ expression: String, awaitPromise: Bool = false) throws -> Any? {
    let result = try send(
      "Runtime.evaluate",
      [
        "expression": expression, "returnByValue": true, "awaitPromise": awaitPromise,
        "userGesture": true,
      ])
    if let exception = result["exceptionDetails"] {
      throw ProtocolError(description: "\(expression) threw: \(exception)")
    }
    return (result["result"] as? [String: Any])?["value"]
  }

  /// Waits until `condition` (a JavaScript expression) is true in a loaded page; an
  /// evaluation that fails (the page is being replaced) counts as false.
  func wait(until condition: String, seconds: Double = 30) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let value = try? evaluate("document.readyState === 'complete' && (\(condition))")
      if value as? Bool == true { return }
      usleep(50_000)
    }
    let page = (try? evaluate("location.href + ' ' + document.body.innerText")) as? String
    throw ProtocolError(description: "timed out waiting for \(condition); at \(page ?? "?")")
  }

  /// Loads `url` and waits until it has loaded.
  func navigate(to url: String) throws {
    _ = try send("Page.navigate", ["url": url])
    try wait(until: "location.href === \(Self.quoted(url))")
  }

  /// Gives the file input `selector` the files at `paths`, as a user picking them would.
  func setFiles(_ paths: [String], on selector: String) throws {
    let found = try send(
      "Runtime.evaluate", ["expression": "document.querySelector(\(Self.quoted(selector)))"])
    guard let object = (found["result"] as? [String: Any])?["objectId"] as? String else {
      throw ProtocolError(description: "no element \(selector)")
    }
    _ = try send("DOM.setFileInputFiles", ["files": paths, "objectId": object])
  }

  /// The page's document as HTML, as scripts left it.
  func documentHTML() throws -> String {
    try evaluate("document.documentElement.outerHTML") as? String ?? ""
  }

  /// `text` as a JavaScript string literal.
  static func quoted(_ text: String) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }

  /// Closes the browser and removes the FIFOs.
  func close() {
    if process.isRunning { _ = try? send("Browser.close", inSession: false) }
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning, Date() < deadline { usleep(50_000) }
    if process.isRunning { try? process.send(SIGKILL) }
    _ = process.wait()
    Glibc.close(commands)
    Glibc.close(answers)
  }

  /// Renders `url` in a fresh browser and returns the document as scripts left it
  /// (`--dump-dom`), for a page that needs no session.
  static func dumpDOM(_ url: String, profile: String) throws -> String {
    guard let executable else { throw ProtocolError(description: absence) }
    // Under coreutils' timeout: a browser that hangs is ended after a minute.
    let output = try ChildProcess.run(
      "/usr/bin/timeout",
      arguments: [
        "60", executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-dev-shm-usage",
        "--user-data-dir=\(profile)", "--dump-dom", url,
      ], standardError: .nullDevice)
    return output.standardOutputText
  }
}
