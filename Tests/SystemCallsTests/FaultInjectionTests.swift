import Foundation
import SystemCalls
import TestSupport
import Testing

@Suite("Fault injection: EINTR is retried, ENOSPC and EIO reach the caller")
struct FaultInjectionTests {
  @Test("An injected EINTR on write is retried and the data arrives whole")
  func interruptedWriteRetries() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("out").path
    let fault = FaultInjector.shared.inject(
      .interrupted, into: .write, under: directory.path, times: 3)
    defer { FaultInjector.shared.remove(fault) }
    let file = try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusive])
    try file.writeAll(Array(repeating: 7, count: 1000))
    try file.close()
    #expect(FaultInjector.shared.fireCount(fault) == 3)
    #expect(try FileSystem.status(ofPath: path).size == 1000)
  }

  @Test("ENOSPC on the second write reaches the caller as noSpace, naming the file")
  func noSpace() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("out").path
    let fault = FaultInjector.shared.inject(.noSpace, into: .write, under: path, after: 1)
    defer { FaultInjector.shared.remove(fault) }
    let file = try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusive])
    defer { try? file.close() }
    try file.writeAll(Array(repeating: 1, count: 10))
    let error = #expect(throws: IOError.self) { try file.writeAll(Array(repeating: 1, count: 10)) }
    #expect(error?.code == .noSpace)
    #expect(error?.operation.name == "write")
    #expect(error?.path == path)
    #expect(error?.description.contains("ENOSPC") == true)
  }

  @Test("EIO from fsync and from readdir is an error, never a short listing")
  func ioErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for name in ["a", "b", "c"] { _ = try directory.file(name, contents: Data()) }
    let fault = FaultInjector.shared.inject(
      .ioError, into: .readdir, under: directory.path, after: 2)
    defer { FaultInjector.shared.remove(fault) }
    let error = #expect(throws: IOError.self) { try FileSystem.entries(ofPath: directory.path) }
    #expect(error?.code == .ioFailure)
    #expect(error?.operation.name == "readdir")
    #expect(try FileSystem.entries(ofPath: directory.path).count == 3)  // the fault fired once

    let sync = FaultInjector.shared.inject(.ioError, into: .fsync, under: directory.path)
    defer { FaultInjector.shared.remove(sync) }
    let file = try FileDescriptor.open(directory.file("a").path, .writeOnly)
    defer { try? file.close() }
    #expect(throws: IOError.self) { try file.sync() }
    try file.sync()
  }

  @Test("An injected EINTR on readdir is retried and the listing is complete")
  func interruptedListing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for name in ["a", "b"] { _ = try directory.file(name, contents: Data()) }
    let fault = FaultInjector.shared.inject(
      .interrupted, into: .readdir, under: directory.path, times: 2)
    defer { FaultInjector.shared.remove(fault) }
    #expect(try FileSystem.entries(ofPath: directory.path).map(\.name) == ["a", "b"])
    #expect(FaultInjector.shared.fireCount(fault) == 2)
  }

  @Test("A fault armed under one directory never reaches another")
  func scoped() throws {
    let one = try TemporaryDirectory()
    let two = try TemporaryDirectory()
    defer {
      one.remove()
      two.remove()
    }
    let fault = FaultInjector.shared.inject(.ioError, into: .open, under: one.path, times: .max)
    defer { FaultInjector.shared.remove(fault) }
    _ = try two.file("x", contents: Data())
    let file = try FileDescriptor.open(two.file("x").path, .readOnly)
    try file.close()
    _ = try one.file("x", contents: Data())
    #expect(throws: IOError.self) { try FileDescriptor.open(one.file("x").path, .readOnly) }
  }
}
