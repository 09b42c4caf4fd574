import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Child processes: posix_spawn, pipes, waits, signals")
struct ChildProcessTests {
  /// A script that writes its first argument to standard output, `err-` and it to standard
  /// error, and exits with its second.
  static let echo = "printf '%s\\n' \"$1\"; printf 'err-%s' \"$1\" >&2; exit \"$2\""

  @Test("64 children started at once from concurrent tasks each get their own output and status")
  func sixtyFourAtOnce() async throws {
    let results = try await withThrowingTaskGroup(
      of: (Int, ChildProcess.Output).self
    ) { group in
      for index in 0..<64 {
        group.addTask {
          // A bare name: looked up in PATH.
          let output = try await ChildProcess.run(
            "sh", arguments: ["-c", Self.echo, "sh", "child-\(index)", "\(index)"])
          return (index, output)
        }
      }
      var results: [Int: ChildProcess.Output] = [:]
      for try await (index, output) in group { results[index] = output }
      return results
    }
    #expect(results.count == 64)
    for (index, output) in results {
      #expect(output.standardOutputText == "child-\(index)\n")
      #expect(output.standardErrorText == "err-child-\(index)")
      #expect(output.outcome.exitStatus == Int32(index))
      #expect(output.outcome.signal == nil)
    }
  }

  @Test("Standard output and standard error are read at once: 1 MiB on each never deadlocks")
  func bothPipesDrained() async throws {
    // Standard error first: a reader that waited for standard output's end first would wait
    // for ever on a child blocked writing to a full standard-error pipe.
    let output = try await ChildProcess.run(
      "/bin/sh",
      arguments: ["-c", "head -c 1048576 /dev/zero >&2; head -c 1048577 /dev/zero"])
    #expect(output.outcome.succeeded, "\(output.outcome)")
    #expect(output.standardError.count == 1 << 20)
    #expect(output.standardOutput.count == (1 << 20) + 1)
  }

  @Test("Input is written while output is read: 1 MiB through cat comes back whole")
  func inputAndOutputAtOnce() async throws {
    var generator = SplitMix64(seed: 45)
    let input = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let output = try await ChildProcess.run("cat", input: input)
    #expect(output.outcome.succeeded)
    #expect(output.standardOutput == input)
  }

  @Test("Input a child never reads is dropped, and raises no SIGPIPE here")
  func unreadInput() async throws {
    let output = try await ChildProcess.run(
      "/bin/sh", arguments: ["-c", "exec 0<&-; echo closed"],
      input: [UInt8](repeating: 1, count: 1 << 20))
    #expect(output.outcome.succeeded)
    #expect(output.standardOutputText == "closed\n")
  }

  @Test("Standard error can go where standard output goes (2>&1)")
  func mergedStandardError() async throws {
    let output = try await ChildProcess.run(
      "/bin/sh", arguments: ["-c", "echo out; echo err >&2"], standardError: .standardOutput)
    #expect(output.standardOutputText == "out\nerr\n")
    #expect(output.standardError.isEmpty)
  }

  @Test("The child runs in the working directory it is given")
  func workingDirectory() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.file("marker", contents: Data("here\n".utf8))
    let output = try await ChildProcess.run(
      "cat", arguments: ["marker"], workingDirectory: directory.path)
    #expect(output.outcome.succeeded, "\(output.standardErrorText)")
    #expect(output.standardOutputText == "here\n")
    let missing = directory.path + "/no-such-directory"
    let error = await #expect(throws: IOError.self) {
      try await ChildProcess.run("cat", workingDirectory: missing)
    }
    #expect(error?.path == missing)
    #expect(error?.code == .notFound)
    #expect(error?.operation.name == "chdir")
  }

  @Test("An environment replaces this process's entirely, or adds to it")
  func environment() async throws {
    let replaced = try await ChildProcess.run(
      "/usr/bin/env", environment: .replacing(["ONLY": "this one"]))
    #expect(replaced.standardOutputText == "ONLY=this one\n")
    let path = try #require(ProcessInfo.processInfo.environment["PATH"])
    let added = try await ChildProcess.run(
      "/usr/bin/env", environment: .adding(["INGEST_CHILD_TEST": "added"]))
    let lines = added.standardOutputText.split(separator: "\n").map(String.init)
    #expect(lines.contains("INGEST_CHILD_TEST=added"))
    #expect(lines.contains("PATH=\(path)"))
  }

  @Test("A bare name is looked up in the child's PATH, and its absence is a located error")
  func executableNotFound() async throws {
    let name = "no-such-program-\(UInt64.random(in: 0...UInt64.max))"
    let error = #expect(throws: IOError.self) {
      try ChildProcess.spawn(name, environment: .replacing(["PATH": "/usr/bin:/bin"]))
    }
    #expect(error?.code == .notFound)
    #expect(error?.path == name)
    #expect(
      error?.cause as? ChildProcess.ExecutableNotFound
        == ChildProcess.ExecutableNotFound(name: name, searchPath: "/usr/bin:/bin"))
    #expect(
      error?.description
        == "cannot start \(name): no executable file \(name) in any directory of PATH"
        + " (/usr/bin:/bin)")
    // A PATH without the program's directory does not find it; one with it does.
    #expect(throws: IOError.self) {
      try ChildProcess.spawn("env", environment: .replacing(["PATH": "/nonexistent"]))
    }
    let found = try ChildProcess.spawn(
      "env", environment: .replacing(["PATH": "/nonexistent:/usr/bin"]),
      standardOutput: .nullDevice)
    #expect(found.executable == "/usr/bin/env")
    #expect(await found.wait().succeeded)
    // A path is used as given: its absence is posix_spawn's ENOENT, on that path.
    let absent = #expect(throws: IOError.self) { try ChildProcess.spawn("/nonexistent/\(name)") }
    #expect(absent?.errno == .noSuchFileOrDirectory)
    #expect(absent?.path == "/nonexistent/\(name)")
  }

  @Test("A signal ends a child; its outcome says which, and signals after the end go nowhere")
  func signalKill() async throws {
    let child = try ChildProcess.spawn("sleep", arguments: ["30"])
    #expect(child.isRunning)
    try child.send(SIGTERM)
    let outcome = await child.wait()
    #expect(outcome.signal == SIGTERM)
    #expect(outcome.exitStatus == nil)
    #expect(!outcome.timedOut)
    #expect(!child.isRunning)
    // Reaped: a second wait gives the same outcome, and no signal is sent to the id again.
    #expect(await child.wait().signal == SIGTERM)
    try child.send(SIGKILL)
  }

  @Test("A wait with a time limit kills a child that runs past it")
  func timeLimit() async throws {
    let child = try ChildProcess.spawn("sleep", arguments: ["30"])
    let outcome = await child.wait(timeLimit: .milliseconds(100))
    #expect(outcome.timedOut)
    #expect(outcome.signal == SIGKILL)
    let quick = try ChildProcess.spawn("true")
    let ended = await quick.wait(timeLimit: .seconds(60))
    #expect(!ended.timedOut)
    #expect(ended.succeeded)
  }

  @Test("A pipe's other end is the caller's: the child reads what it writes until it closes")
  func pipeToStandardInput() async throws {
    let child = try ChildProcess.spawn(
      "/bin/sh", arguments: ["-c", "read line; echo \"got $line\"; read rest; exit 7"],
      standardInput: .pipe, standardOutput: .pipe)
    let input = try #require(child.standardInput)
    let output = try #require(child.standardOutput)
    try input.writeAll(Array("hello\n".utf8))
    var line = [UInt8](repeating: 0, count: 64)
    let count = try output.read(into: &line)
    #expect(String(decoding: line[..<count], as: UTF8.self) == "got hello\n")
    #expect(child.isRunning, "still reading its standard input")
    try input.close()
    let outcome = await child.wait()
    #expect(outcome.exitStatus == 7)
    try output.close()
  }
}
