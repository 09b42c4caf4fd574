import Foundation
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("File descriptors: open, write, sync, rename without replacing")
struct FileDescriptorTests {
  // The umask is process-wide and tests run in parallel, so it is not changed here; `open`
  // sets the mode with fchmod after creating, which no umask can narrow.
  @Test("A new file gets exactly 0600 and is never reused")
  func createExclusive() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("a").path
    let file = try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusive])
    try file.writeAll(Array("hello".utf8))
    try file.sync()
    try file.close()
    #expect(try FileSystem.status(ofPath: path).permissions == 0o600)
    #expect(try FileSystem.status(ofPath: path).size == 5)
    let again = #expect(throws: IOError.self) {
      try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusive])
    }
    #expect(again?.code == .alreadyExists)
    #expect(again?.errno == .fileExists)
  }

  @Test("Opening through a final symbolic link fails with noFollow, and says so")
  func noFollow() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = try directory.file("target", contents: Data("x".utf8))
    let link = directory.file("link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
    let error = #expect(throws: IOError.self) {
      try FileDescriptor.open(link, .readOnly, options: [.noFollow])
    }
    #expect(error?.code == .symbolicLink)
    #expect(error?.description.contains("symbolic link") == true)
    #expect(try FileSystem.status(ofPath: link).kind == .symbolicLink)
  }

  @Test("rename without replacing refuses an existing name and keeps both files")
  func renameNoReplace() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.file("a", contents: Data("a".utf8))
    _ = try directory.file("b", contents: Data("b".utf8))
    let folder = try FileDescriptor.openDirectory(directory.path)
    defer { try? folder.close() }
    let error = #expect(throws: IOError.self) {
      try folder.rename("a", to: "b", replacing: false)
    }
    #expect(error?.code == .alreadyExists)
    #expect(try String(contentsOf: directory.file("b"), encoding: .utf8) == "b")
    try folder.rename("a", to: "c", replacing: false)
    #expect(!FileSystem.exists(directory.file("a").path))
    #expect(try String(contentsOf: directory.file("c"), encoding: .utf8) == "a")
    try folder.rename("c", to: "b", replacing: true)
    #expect(try String(contentsOf: directory.file("b"), encoding: .utf8) == "a")
  }

  @Test("A directory listing names its entries with their kinds")
  func listing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.file("file", contents: Data())
    try FileSystem.makeDirectory(directory.file("sub").path)
    #expect(mkfifo(directory.file("fifo").path, 0o600) == 0)
    let entries = try FileSystem.entries(ofPath: directory.path)
    #expect(entries.map(\.name) == ["fifo", "file", "sub"])
    let folder = try FileDescriptor.openDirectory(directory.path)
    defer { try? folder.close() }
    #expect(try folder.status(of: "fifo")?.kind == .fifo)
    #expect(try folder.status(of: "sub")?.permissions == 0o700)
    #expect(try folder.status(of: "nothing") == nil)
  }

  @Test("makeDirectories creates missing parents 0700 and refuses a link on the way")
  func makeDirectories() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let deep = directory.file("a/b/c").path
    try FileSystem.makeDirectories(deep)
    try FileSystem.makeDirectories(deep)
    #expect(try FileSystem.status(ofPath: directory.file("a/b").path).permissions == 0o700)
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("link").path, withDestinationPath: "/tmp")
    let error = #expect(throws: IOError.self) {
      try FileSystem.makeDirectories(directory.file("link/x").path)
    }
    #expect(error?.code == .symbolicLink)
  }

  @Test("removeTree removes a folder and never follows a link out of it")
  func removeTree() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let outside = try directory.file("outside/keep", contents: Data("keep".utf8))
    _ = try directory.file("tree/a/b", contents: Data())
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("tree/a/link").path,
      withDestinationPath: directory.file("outside").path)
    let folder = try FileDescriptor.openDirectory(directory.path)
    defer { try? folder.close() }
    try folder.removeTree("tree")
    #expect(!FileSystem.exists(directory.file("tree").path))
    #expect(FileSystem.exists(outside.path))
  }

  @Test("flock claims are exclusive between open files and die with the descriptor")
  func locks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.file("lock", contents: Data()).path
    let first = try FileDescriptor.open(path, .readOnly)
    let second = try FileDescriptor.open(path, .readOnly)
    defer { try? second.close() }
    #expect(try first.lock())
    #expect(try !second.lock())
    try first.close()
    #expect(try second.lock())
  }

  @Test(
    "Paths are shown quoted when they hold control characters",
    arguments: [
      ("plain name.jpg", "plain name.jpg"),
      ("a\nb", "$'a\\nb'"),
      ("fake\r.jpg", "$'fake\\r.jpg'"),
      ("\u{1B}[31mred", "$'\\E[31mred'"),
      ("it's\t", "$'it\\'s\\t'"),
      ("rtl\u{202E}gpj.exe", "$'rtl\\u202Egpj.exe'"),
    ])
  func quoting(_ name: String, _ shown: String) {
    #expect(TerminalText.quoted(name) == shown)
  }
}
