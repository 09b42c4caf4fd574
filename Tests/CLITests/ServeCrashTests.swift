import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `ingest-cli serve` killed with SIGKILL in the middle of uploads, again and again, on the
/// same group directory: no share is ever torn, and the sweeper cleans what the kills left.
/// CI kills `INGEST_SERVE_KILLS` servers (default 100).
@Suite("serve killed mid-upload: real server, real curl, SIGKILL", .serialized)
struct ServeCrashTests {
  @Test("SIGKILL mid-upload, 100 times: no torn share; the sweeper cleans what is left")
  func killedServers() async throws {
    let kills = Int(ProcessInfo.processInfo.environment["INGEST_SERVE_KILLS"] ?? "") ?? 100
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let sources = try ShareCrashTests.sources(in: directory)
    let expected = Set(try sources.map { try FileDigest.fingerprint(of: $0.path) })
    var generator = SplitMix64(seed: 20_261_202)
    // A plain POST or a form of the largest source, sent at 20 MB/s, then shared.
    func request(_ round: Int, _ source: String, _ server: ServeCommandTests.Server) -> [String] {
      let body =
        round % 2 == 0
        ? ["-H", "Content-Type: image/jpeg", "--data-binary", "@" + source]
        : ["-F", "title=round \(round)", "-F", "files=@\(source);type=image/jpeg"]
      return ["-H", "Authorization: Bearer \(ServeCommandTests.token)", "--limit-rate", "20M"]
        + body + [server.url + "/share"]
    }
    // How long one whole request takes here, so the kills spread over all of it: the faster
    // of two, and at most 400 ms (the suite's other tests load the machine; a slow first
    // request must not stretch a hundred rounds, nor spread the kills past most uploads).
    let clock = ContinuousClock()
    var span = Duration.milliseconds(400)
    for round in 0..<2 {
      let server = try await ServeCommandTests.start(in: directory)
      defer { server.kill() }
      let started = clock.now
      let answer = try await ServeCommandTests.curl(request(round, sources[2].path, server))
      #expect(answer.status == 201, "\(answer.body)")
      span = min(span, clock.now - started)
    }
    let spanMilliseconds = Int(span / .milliseconds(1)) + 1
    var answered = 2
    var refused = 0
    var cutOff = 0
    for round in 0..<kills {
      let server = try await ServeCommandTests.start(in: directory)
      defer { server.kill() }
      let source = sources[Int(generator.next() % UInt64(sources.count))].path
      async let answer = ServeCommandTests.curl(request(round, source, server))
      let delay = Int(generator.next() % UInt64(spanMilliseconds * 12 / 10 + 50))
      try await Task.sleep(for: .milliseconds(delay))
      try server.process.send(SIGKILL)
      let status = try await answer.status
      switch status {
      case 201: answered += 1
      // No answer, or only curl's "100 Continue" before the connection was cut.
      case 0, 100: cutOff += 1
      default: refused += 1
      }
      let outcome = await server.process.wait()
      #expect(outcome.signal != nil || status == 201, "\(outcome)")
    }
    let report = try InboxInvariant.check(
      group: directory.path + "/group", expected: expected, itemsPerShare: 1)
    #expect(report.manifests >= answered, "every share answered 201 is in the inbox")
    #expect(refused == 0, "a kill cuts a request off; it is never refused")
    #expect(cutOff > 0, "some kills landed before the answer")
    print(
      "serve crash test: \(kills) servers killed within \(spanMilliseconds * 12 / 10 + 50) ms;"
        + " \(answered) answered 201 first, \(cutOff)"
        + " cut off; \(report.manifests) shares committed; \(report.stagedBeforeSweep) files in"
        + " .staging before the sweep; swept \(report.swept)")
  }
}
