import Foundation
import SystemCalls
import TestSupport
import Testing

/// The path-based helpers the command line uses: atomic writes, resolving a link the user
/// named, and comparing errors.
@Suite("FileSystem: writing, resolving links, comparing errors")
struct FileSystemTests {
  @Test("A write replaces the file whole and leaves no temporary file behind")
  func atomicWrite() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.file("out.bin", contents: Data("old".utf8)).path
    try FileSystem.writeFile(atPath: path, bytes: Array("new contents".utf8))
    #expect(try FileSystem.readFile(atPath: path) == Array("new contents".utf8))
    #expect(try FileSystem.status(ofPath: path).permissions == 0o644)
    #expect(try FileSystem.entries(ofPath: directory.path).map(\.name) == ["out.bin"])
  }

  @Test("A failed operation says whether it read or wrote, by how the file was opened")
  func operationAccess() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("missing/file").path
    let reading = #expect(throws: IOError.self) {
      _ = try FileDescriptor.open(path, .readOnly)
    }
    #expect(reading?.operation == .openForReading && reading?.operation.access == .reading)
    let creating = #expect(throws: IOError.self) {
      _ = try FileDescriptor.open(path, .readOnly, options: [.create])
    }
    #expect(creating?.operation == .openForWriting && creating?.operation.access == .writing)
    let listing = #expect(throws: IOError.self) { try FileSystem.entries(ofPath: path) }
    #expect(listing?.operation.access == .reading, "\(String(describing: listing))")
    #expect(IOError.Operation(.rename).access == .writing)
    #expect(IOError.Operation(.lstat).access == .reading)
  }

  @Test("A failed write names the path asked for, not its temporary file")
  func failedWriteNamesThePath() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("missing/out.bin").path
    let error = #expect(throws: IOError.self) {
      try FileSystem.writeFile(atPath: path, bytes: [1])
    }
    // A write, though the call that failed was `open`: the caller decides by the access.
    #expect(error == IOError(operation: .openForWriting, path: path, errno: .noSuchFileOrDirectory))
    #expect(error?.operation.access == .writing)
    let fault = FaultInjector.shared.inject(.noSpace, into: .write, under: directory.path)
    defer { FaultInjector.shared.remove(fault) }
    let full = directory.file("full.bin").path
    let noSpace = #expect(throws: IOError.self) {
      try FileSystem.writeFile(atPath: full, bytes: [1, 2, 3])
    }
    #expect(noSpace?.code == .noSpace)
    #expect(noSpace?.path == full)
    #expect(try FileSystem.entries(ofPath: directory.path).isEmpty, "the temporary file is gone")
  }

  @Test("A symbolic link resolves to its target; a dangling one is notFound")
  func resolvingLinks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = try directory.file("target.txt", contents: Data("x".utf8)).path
    let link = directory.file("link.txt").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.txt")
    let real = try FileSystem.resolvingSymbolicLinks(target)
    #expect(try FileSystem.resolvingSymbolicLinks(link) == real)
    let dangling = directory.file("dangling").path
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere")
    let error = #expect(throws: IOError.self) { try FileSystem.resolvingSymbolicLinks(dangling) }
    #expect(error?.code == .notFound)
    #expect(error?.operation.name == "realpath")
  }

  @Test("Errors are equal when code, operation, path, kind and cause are")
  func equality() {
    let missing = IOError(operation: .openForReading, path: "/a", errno: .noSuchFileOrDirectory)
    #expect(
      missing == IOError(operation: .openForReading, path: "/a", errno: .noSuchFileOrDirectory))
    #expect(
      missing != IOError(operation: .openForReading, path: "/b", errno: .noSuchFileOrDirectory))
    #expect(missing != IOError(operation: .openForReading, path: "/a", errno: .permissionDenied))
    #expect(missing != IOError(.notFound, operation: .openForReading, path: "/a"))
    let fifo = IOError(.notRegularFile, operation: .read, path: "/a", fileKind: .fifo)
    #expect(fifo == IOError(.notRegularFile, operation: .read, path: "/a", fileKind: .fifo))
    #expect(fifo != IOError(.notRegularFile, operation: .read, path: "/a", fileKind: .directory))
  }
}
