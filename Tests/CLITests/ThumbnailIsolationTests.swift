import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `serve`'s thumbnails are decoded in a worker process with limits of its own (issue 42):
/// hostile images are refused cleanly, and the server goes on answering.
@Suite("Thumbnails decoded in a worker process", .serialized)
struct ThumbnailIsolationTests {
  typealias Server = ServeCommandTests.Server

  /// One hostile image and the answers its thumbnail may get.
  struct Hostile: CustomTestStringConvertible, Sendable {
    var name: String
    var ext: String
    var type: String
    var data: @Sendable () throws -> Data
    var statuses: Set<Int> = [422]
    var testDescription: String { name }
  }

  static let photo = CLI.packageRoot.appendingPathComponent("corpus/files/photo.heic")

  static let hostile: [Hostile] = [
    Hostile(
      name: "a HEIF grid of 10000x10000 in 500 bytes", ext: "heic", type: "public.heic",
      data: { HostileImages.heifGrid(outputWidth: 10_000, outputHeight: 10_000) }),
    Hostile(
      name: "a progressive JPEG of 2,000 empty scans", ext: "jpg", type: "public.jpeg",
      data: { HostileImages.progressiveJPEG(width: 512, height: 512, scans: 2_000) }),
    Hostile(
      name: "a HEIC cut in half", ext: "heic", type: "public.heic",
      data: { try Data(contentsOf: photo).prefix(264) }),
    Hostile(
      name: "a HEIC with its box sizes at their largest", ext: "heic", type: "public.heic",
      data: {
        var bytes = [UInt8](try Data(contentsOf: photo))
        for offset in stride(from: 40, to: min(200, bytes.count - 4), by: 37) {
          bytes.replaceSubrange(offset..<(offset + 4), with: [0x7F, 0xFF, 0xFF, 0xFF])
        }
        return Data(bytes)
      }),
  ]

  @Test(
    "A hostile image's thumbnail is 422 from the worker, and the server keeps answering",
    arguments: hostile)
  func refused(_ image: Hostile) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let planted = try HostileImages.plantShare(
      in: server.group, bytes: try image.data(), ext: image.ext, typeIdentifier: image.type)
    let answer = try await ServeCommandTests.curl(
      WebAppCurlTests.bearer + [server.url + "/thumbnail/\(planted.id.uuidString)/0"])
    #expect(image.statuses.contains(answer.status), "\(answer.status) \(answer.body)")
    try await Self.expectAnswering(server)
    let log = try String(contentsOfFile: server.log, encoding: .utf8)
    #expect(log.contains("thumbnail worker: exit 65"), "\(log)")
  }

  @Test("Mutated HEIC, AVIF, JPEG and PNG: every answer 200 or 422, and the server lives")
  func mutated() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ServeCommandTests.start(in: directory)
    defer { server.kill() }
    let seeds: [(String, String, String)] = [
      ("photo.heic", "heic", "public.heic"), ("image.avif", "avif", "public.avif"),
      ("photo.jpg", "jpg", "public.jpeg"), ("screenshot.png", "png", "public.png"),
    ]
    for (name, ext, type) in seeds {
      let data = try Data(
        contentsOf: CLI.packageRoot.appendingPathComponent("corpus/files/\(name)"))
      for seed in 0..<12 {
        let bytes = HostileImages.mutated(data, edits: 1 + seed % 4, seed: UInt64(seed))
        let planted = try HostileImages.plantShare(
          in: server.group, bytes: bytes, ext: ext, typeIdentifier: type)
        let answer = try await ServeCommandTests.curl(
          WebAppCurlTests.bearer + [server.url + "/thumbnail/\(planted.id.uuidString)/0"])
        #expect([200, 422].contains(answer.status), "\(name) #\(seed): \(answer.status)")
      }
    }
    try await Self.expectAnswering(server)
  }

  @Test("The worker, run by hand: a JPEG for an image, 65 and nothing written for a hostile one")
  func workerByHand() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let grid = try directory.file(
      "grid.heic", contents: HostileImages.heifGrid(outputWidth: 10_000, outputHeight: 10_000))
    let refused = try await CLI.run(
      ["-c", "exec \"$0\" --internal-thumbnail-worker < \"$1\"", CLI.executable.path, grid.path],
      shell: true)
    #expect(refused.status == 65)
    #expect(refused.standardOutput.isEmpty)
    let made = try await CLI.run(
      [
        "-c", "exec \"$0\" --internal-thumbnail-worker < \"$1\" > \"$2\"", CLI.executable.path,
        Self.photo.path, directory.path + "/thumbnail.jpg",
      ], shell: true)
    #expect(made.status == 0)
    let jpeg = [UInt8](
      try Data(contentsOf: URL(fileURLWithPath: directory.path + "/thumbnail.jpg")))
    #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
  }

  /// The server still runs, answers `/healthz`, and makes a good image's thumbnail.
  static func expectAnswering(_ server: Server) async throws {
    #expect(server.process.isRunning)
    let health = try await ServeCommandTests.curl([server.url + "/healthz"])
    #expect(health.status == 200)
    let good = try HostileImages.plantShare(
      in: server.group, bytes: try Data(contentsOf: photo), ext: "heic",
      typeIdentifier: "public.heic")
    let answer = try await ServeCommandTests.curl(
      WebAppCurlTests.bearer + [server.url + "/thumbnail/\(good.id.uuidString)/0"])
    #expect(answer.status == 200)
  }
}
