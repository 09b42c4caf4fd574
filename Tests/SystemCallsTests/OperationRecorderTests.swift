import Foundation
import SystemCalls
import TestSupport
import Testing

@Suite("The operation recorder: every change under its prefix, in order, with what it wrote")
struct OperationRecorderTests {
  @Test("Creates, writes, kernel copies, links, renames, unlinks, mkdirs and flushes, in order")
  func records() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let root = directory.path + "/root"
    try FileSystem.makeDirectory(root)
    let source = try directory.file("source", contents: Data((0..<100_000).map { UInt8($0 % 251) }))
    let recording = OperationRecorder.shared.start(under: root)
    let file = try FileDescriptor.open(root + "/a", .readWrite, options: [.create, .exclusive])
    try file.writeAll(Array("hello".utf8))
    let input = try FileDescriptor.open(source.path, .readOnly)
    let copied = try file.copyContents(from: input)
    try input.close()
    try file.sync()
    try file.close()
    let directoryFile = try FileDescriptor.openDirectory(root)
    try directoryFile.makeDirectory("sub")
    try directoryFile.link("a", to: "b", in: nil)
    try directoryFile.rename("b", to: "sub/c", replacing: false)
    try directoryFile.removeFile("a")
    try directoryFile.sync()
    try directoryFile.makeDirectory("empty")
    try directoryFile.removeDirectory("empty")
    try directoryFile.close()
    OperationRecorder.shared.note("done", in: recording)
    let operations = OperationRecorder.shared.stop(recording)

    #expect(copied == 100_000)
    let kinds = operations.map { operation -> String in
      switch operation.kind {
      case .create(_, let path): "create \(path.dropFirst(root.count))"
      case .makeDirectory(_, let path): "mkdir \(path.dropFirst(root.count))"
      case .write(_, _, let offset, let bytes): "write \(offset)+\(bytes.count)"
      case .truncate: "truncate"
      case .link(_, let from, let to):
        "link \(from.dropFirst(root.count)) \(to.dropFirst(root.count))"
      case .rename(_, let from, let to, _):
        "rename \(from.dropFirst(root.count)) \(to.dropFirst(root.count))"
      case .unlink(_, let path): "unlink \(path.dropFirst(root.count))"
      case .removeDirectory: "rmdir"
      case .setAttributes: "attributes"
      case .sync(_, _, let isDirectory, _, _): isDirectory ? "fsync directory" : "fsync"
      case .note(let text): "note \(text)"
      }
    }
    // The kernel copy's bytes are read back from the source (the file's own write came first).
    let copies = kinds.filter { $0.hasPrefix("write 5+") }
    #expect(kinds.prefix(3) == ["create /a", "attributes", "write 0+5"])
    #expect(copies.count == 1)
    #expect(
      Array(kinds.drop { $0 != "fsync" })
        == [
          "fsync", "mkdir /sub", "attributes", "link /a /b", "rename /b /sub/c", "unlink /a",
          "fsync directory", "mkdir /empty", "attributes", "rmdir", "note done",
        ])
    if case .write(_, _, _, let bytes) = operations[3].kind {
      #expect(bytes == (0..<100_000).map { UInt8($0 % 251) })
    }
    // Each operation has a sequence number above the last, and the flush of the directory
    // covers everything before it.
    #expect(zip(operations, operations.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
    let flush = try #require(
      operations.last { if case .sync = $0.kind { true } else { false } })
    if case .sync(_, _, _, _, let covering) = flush.kind {
      #expect(covering == flush.sequence)
    }
  }

  @Test("Nothing outside the prefix, and nothing once the recording stopped, is recorded")
  func scope() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileSystem.makeDirectory(directory.path + "/in")
    let recording = OperationRecorder.shared.start(under: directory.path + "/in")
    try FileSystem.writeFile(atPath: directory.path + "/out", bytes: [1, 2, 3])
    // A path the prefix begins but does not hold (`/inner` beside `/in`).
    try FileSystem.writeFile(atPath: directory.path + "/inner", bytes: [1])
    let operations = OperationRecorder.shared.stop(recording)
    #expect(operations.isEmpty)
    try FileSystem.writeFile(atPath: directory.path + "/in/late", bytes: [1])
    #expect(OperationRecorder.shared.stop(recording).isEmpty)
  }
}
