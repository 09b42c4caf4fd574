import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every option that writes a file (`matrix run --junit`, `matrix init -o`, `shortcut make -o`,
/// `shortcut inspect --extract`), pointed at what is not a regular file: a character device
/// made with `mknod`, a FIFO, a socket, a link to a device. Each is written in place, never
/// renamed over: the node is still what it was afterwards, as with `cp`, `curl -o` or `>`.
@Suite("Output options write a device, FIFO or socket in place, never replacing it")
struct OutputNodeTests {
  /// One option that writes a file, with everything else its command needs.
  struct OutputOption: CustomTestStringConvertible, Sendable {
    var name: String
    /// The arguments, given the output path and a scratch directory for inputs.
    var arguments: @Sendable (_ output: String, _ scratch: String) async throws -> [String]

    var testDescription: String { name }
  }

  static let readLater = CLI.packageRoot.appendingPathComponent("examples/ReadLater").path

  static let options: [OutputOption] = [
    OutputOption(name: "matrix run --junit") { output, _ in
      [
        "matrix", "run", "--rule", readLater + "/Info.plist", "--junit", output,
        readLater + "/matrix.json",
      ]
    },
    OutputOption(name: "matrix init --output") { output, _ in
      ["matrix", "init", "--rule", readLater + "/Info.plist", "--output", output]
    },
    OutputOption(name: "shortcut make -o") { output, _ in
      [
        "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example", "--team",
        "ABCDE12345", "-o", output,
      ]
    },
    OutputOption(name: "shortcut inspect --extract") { output, scratch in
      let shortcut = scratch + "/made.shortcut"
      let made = try await CLI.run([
        "shortcut", "make", "--bundle-id", "com.example.app", "--name", "Example", "--team",
        "ABCDE12345", "-o", shortcut,
      ])
      try #require(made.status == 0, "\(made.standardError)")
      return ["shortcut", "inspect", shortcut, "--extract", output]
    },
  ]

  /// The kind and device numbers of what `path` names, without following a link.
  static func node(_ path: String) -> (mode: mode_t, device: dev_t)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (info.st_mode & S_IFMT, info.st_rdev)
  }

  @Test(
    "A character device made with mknod stays a device", arguments: options)
  func characterDevice(option: OutputOption) async throws {
    guard getuid() == 0 else {
      print("skipped: mknod needs root (CI runs as root); \(option.name) not tried on a device")
      return
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // The null device's numbers (major 1, minor 3, as glibc's makedev packs small ones):
    // what is written is discarded.
    let null: dev_t = (1 << 8) | 3
    let device = directory.path + "/null"
    #expect(mknod(device, S_IFCHR | 0o666, null) == 0, "mknod: errno \(errno)")
    let result = try await CLI.run(try await option.arguments(device, directory.path))
    #expect(result.status == 0 || result.status == 1, "\(result.standardError)")
    let after = try #require(Self.node(device))
    #expect(after.mode == S_IFCHR, "\(option.name) replaced the device")
    #expect(after.device == null)
    // Nothing else appeared beside it (no temporary file left behind).
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names.filter { $0 != "made.shortcut" }.sorted() == ["null"])
  }

  @Test("A link to a device writes the device, and the link stays", arguments: options)
  func linkToDevice(option: OutputOption) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let link = directory.path + "/out"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
    let result = try await CLI.run(try await option.arguments(link, directory.path))
    #expect(result.status == 0 || result.status == 1, "\(result.standardError)")
    #expect(Self.node(link)?.mode == S_IFLNK, "\(option.name) replaced the link")
    #expect(Self.node("/dev/null")?.mode == S_IFCHR)
  }

  @Test("A FIFO is written in place: its reader gets the whole output", arguments: options)
  func fifo(option: OutputOption) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fifo = directory.path + "/fifo"
    try #require(mkfifo(fifo, 0o600) == 0)
    let copy = directory.path + "/read"
    // A reader, as a user's `cat fifo > read` would be; it ends when the writer closes.
    let reader = try ChildProcess.spawn(
      "/bin/sh", arguments: ["-c", "exec cat \"$0\" > \"$1\"", fifo, copy])
    let result = try await CLI.run(try await option.arguments(fifo, directory.path))
    #expect(result.status == 0 || result.status == 1, "\(result.standardError)")
    if result.status > 1 {
      // The reader would wait for a writer forever.
      let unblock = open(fifo, O_WRONLY | O_NONBLOCK)
      if unblock >= 0 { close(unblock) }
    }
    _ = await reader.wait()
    #expect(Self.node(fifo)?.mode == S_IFIFO, "\(option.name) replaced the FIFO")
    let read = try Data(contentsOf: URL(fileURLWithPath: copy))
    #expect(!read.isEmpty, "the reader got nothing")
  }

  @Test("A socket is connected to and sent the output; it stays a socket", arguments: options)
  func socket(option: OutputOption) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/socket"
    let listener = try UnixListener(path: path)
    defer { listener.close() }
    async let received = listener.acceptAndReadAll()
    let result = try await CLI.run(try await option.arguments(path, directory.path))
    #expect(result.status == 0 || result.status == 1, "\(result.standardError)")
    if result.status > 1 { listener.wake() }
    let bytes = try await received
    #expect(!bytes.isEmpty, "nothing arrived on the socket")
    #expect(Self.node(path)?.mode == S_IFSOCK, "\(option.name) replaced the socket")
  }

  @Test("A regular file reached through a link is replaced; the link stays a link")
  func linkToRegularFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = try directory.file("report.xml", contents: Data("old".utf8)).path
    let link = directory.path + "/link.xml"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "report.xml")
    let result = try await CLI.run(
      try await Self.options[0].arguments(link, directory.path))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(Self.node(link)?.mode == S_IFLNK)
    let written = try String(contentsOfFile: target, encoding: .utf8)
    #expect(written.contains("<testsuite"))
  }
}

/// A Unix stream socket listening at a path, for one connection.
private final class UnixListener: Sendable {
  let descriptor: Int32

  init(path: String) throws {
    descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0 && listen(descriptor, 1) == 0, "bind/listen: errno \(errno)")
  }

  /// Accepts one connection and reads it to its end, off the cooperative pool.
  func acceptAndReadAll() async throws -> [UInt8] {
    let descriptor = self.descriptor
    return try await Offload.run {
      let connection = accept(descriptor, nil, nil)
      guard connection >= 0 else { return [] }
      defer { Glibc.close(connection) }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(connection, &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[..<count]
      }
      return bytes
    }
  }

  /// Lets a waiting `accept` return (the command failed before connecting).
  func wake() {
    shutdown(descriptor, Int32(SHUT_RDWR))
  }

  func close() { Glibc.close(descriptor) }
}
