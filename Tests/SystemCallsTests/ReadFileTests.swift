import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Reading a whole file a user named: regular files only, within a limit")
struct ReadFileTests {
  @Test("A FIFO, a device and a directory are refused with one message, without blocking")
  func notRegularFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fifo = directory.file("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    for (path, kind) in [
      (fifo, FileKind.fifo), ("/dev/zero", .characterDevice), (directory.path, .directory),
    ] {
      let error = #expect(throws: IOError.self) { try FileSystem.readFile(atPath: path) }
      #expect(error?.code == .notRegularFile)
      #expect(error?.fileKind == kind)
      #expect(error?.description == "cannot read \(path): not a regular file (\(kind.article))")
    }
  }

  @Test("A file over the limit is refused before it is read; one at the limit is read")
  func limit() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.file("big", contents: Data(repeating: 9, count: 1000)).path
    let error = #expect(throws: IOError.self) { try FileSystem.readFile(atPath: path, limit: 999) }
    #expect(error?.code == .tooLarge)
    #expect(try FileSystem.readFile(atPath: path, limit: 1000).count == 1000)
  }

  @Test("Files whose size the kernel reports as 0 are read to the end, still within the limit")
  func procFiles() throws {
    let bytes = try FileSystem.readFile(atPath: "/proc/self/status")
    #expect(String(decoding: bytes, as: UTF8.self).contains("Name:"))
    let error = #expect(throws: IOError.self) {
      try FileSystem.readFile(atPath: "/proc/self/status", limit: 10)
    }
    #expect(error?.code == .tooLarge)
  }

  @Test("A missing file is notFound and an empty one reads as no bytes")
  func missingAndEmpty() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let error = #expect(throws: IOError.self) {
      try FileSystem.readFile(atPath: directory.file("nothing").path)
    }
    #expect(error?.code == .notFound)
    let empty = try directory.file("empty", contents: Data()).path
    #expect(try FileSystem.readFile(atPath: empty).isEmpty)
  }
}
