import Foundation
import SystemCalls
import TestSupport
import Testing
import UTI

@testable import Sniffing

#if canImport(Glibc)
  import Glibc
#endif

/// Errors that say what and where, sharing one sniffer between threads, and the
/// share-relevance categories.
@Suite("ContentSniffer")
struct ContentSnifferTests {
  let sniffer = ContentSniffer()

  @Test("A missing file is reported as not found, with its path")
  func missing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("nothing-here.jpg")
    let error = #expect(throws: SniffError.self) { try sniffer.sniff(fileAt: url) }
    #expect(error?.code == .notFound)
    #expect(error?.ioError?.operation.name == "open")
    #expect(error?.path == url.path)
    #expect(error?.isUnreadable == true)
    #expect(error.map { "\($0)".contains("nothing-here.jpg") } == true)
  }

  @Test("A directory is refused as not a regular file")
  func directoryIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let error = #expect(throws: SniffError.self) { try sniffer.sniff(fileAt: directory.url) }
    #expect(error?.code == .notRegularFile)
    #expect(error?.ioError?.fileKind == .directory)
    #expect(error?.description == "cannot read \(directory.path): not a regular file (a directory)")
  }

  @Test("A FIFO is refused at once rather than read")
  func fifoIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("pipe")
    try #require(mkfifo(url.path, 0o600) == 0)
    let error = #expect(throws: SniffError.self) { try sniffer.sniff(fileAt: url) }
    #expect(error?.code == .notRegularFile)
    #expect(error?.ioError?.fileKind == .fifo)
  }

  @Test("A symbolic link is refused with a clear reason, not followed")
  func symbolicLinkIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = try directory.file("photo.pdf", contents: Data("%PDF-1.4\n".utf8))
    let link = directory.file("link.pdf")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let error = #expect(throws: SniffError.self) { try sniffer.sniff(fileAt: link) }
    #expect(error?.code == .symbolicLink)
    #expect(error?.path == link.path)
    #expect(error.map { "\($0)".contains("symbolic link, which is never followed") } == true)
    #expect(try sniffer.sniff(fileAt: target).type == .pdf)
  }

  @Test(
    "A file the process may not read is reported as permission denied",
    .enabled(
      if: getuid() != 0, "root reads any file regardless of mode; errno mapping is tested below"))
  func unreadable() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("secret.pdf")
    try Data("%PDF-1.4\n".utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
    let error = #expect(throws: SniffError.self) { try sniffer.sniff(fileAt: url) }
    #expect(error?.code == .permissionDenied)
  }

  @Test(
    "Failed system calls carry their operation, errno and code, injected where root would not fail",
    arguments: [
      (SystemCall.open, Errno.noSuchFileOrDirectory, IOError.Code.notFound),
      (.open, .permissionDenied, .permissionDenied), (.open, .notPermitted, .permissionDenied),
      (.open, .isDirectory, .isDirectory), (.pread, .ioError, .ioFailure),
    ])
  func errnoMapping(call: SystemCall, errno: Errno, code: IOError.Code) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = try directory.file("y.heic", contents: Data(repeating: 0, count: 100))
    let fault = FaultInjector.shared.inject(errno, into: call, under: url.path)
    defer { FaultInjector.shared.remove(fault) }
    let error = #expect(throws: SniffError.self) { try sniffer.sniff(fileAt: url) }
    #expect(error?.reason == .io(IOError(operation: .init(call), path: url.path, errno: errno)))
    #expect(error?.code == code)
    #expect(error.map { "\($0)" }?.contains("y.heic") == true)
  }

  @Test("A sniffer resolves names and content in the registry it is given")
  func registry() throws {
    let registry = UTTypeRegistry()
    try registry.register([
      UTTypeDeclaration(
        identifier: "org.example.sniff-tests.note", conformsTo: ["public.plain-text"],
        filenameExtensions: ["exnote"])
    ])
    let text = Data("shopping list\n".utf8)
    let own = try ContentSniffer(registry: registry).sniff(data: text, filename: "list.exnote")
    #expect(own.type.identifier == "org.example.sniff-tests.note")
    #expect(own.evidence == .extension)
    let shared = try sniffer.sniff(data: text, filename: "list.exnote")
    #expect(shared.type == .utf8PlainText)
    #expect(shared.nameType?.isDynamic == true)
  }

  @Test("One sniffer shared by many tasks gives the answers it gives alone")
  func concurrentUse() async throws {
    let directory = CorpusSniffingTests.directory
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let shared = sniffer
    let sequential = try names.map {
      try shared.sniff(fileAt: directory.appendingPathComponent($0)).type
    }
    let concurrent = try await withThrowingTaskGroup(of: [UTType].self) { group in
      for _ in 0..<8 {
        group.addTask {
          try names.map { try shared.sniff(fileAt: directory.appendingPathComponent($0)).type }
        }
      }
      var all: [[UTType]] = []
      for try await types in group { all.append(types) }
      return all
    }
    #expect(concurrent.count == 8)
    for types in concurrent { #expect(types == sequential) }
  }

  @Test("libmagic identifies what the package's own checks do not know")
  func libmagicLongTail() throws {
    // An SQLite database header: none of the package's checks knows databases.
    let database =
      Array("SQLite format 3".utf8) + [0, 0x10, 0x00, 1, 1, 0, 0x40, 0x20, 0x20]
      + [UInt8](repeating: 0, count: 76)
    let result = try sniffer.sniff(data: Data(database), filename: nil)
    #expect(result.evidence == .libmagic)
    #expect(result.mimeType == "application/vnd.sqlite3")
    let without = ContentSniffer(configuration: .init(usesLibmagic: false))
    #expect(try without.sniff(data: Data(database)).evidence == .unidentified)
  }

  @Test("prepare() loads libmagic's database")
  func prepare() throws {
    try sniffer.prepare()
  }

  @Test(
    "Share categories",
    arguments: [
      ("public.heic", ShareCategory.image), ("public.svg-image", .image), ("com.adobe.pdf", .pdf),
      ("public.vcard", .contact), ("com.apple.web-internet-location", .link),
      ("com.microsoft.internet-shortcut", .link), ("public.mp3", .audio),
      ("com.apple.m4a-audio", .audio), ("public.mpeg-4", .movie),
      ("com.microsoft.advanced-systems-format", .movie),
      ("org.openxmlformats.wordprocessingml.document", .document),
      ("com.apple.iwork.numbers.sffnumbers", .document), ("org.idpf.epub-container", .document),
      ("public.zip-archive", .archive), ("public.json", .text),
      ("com.apple.binary-property-list", .text),
    ])
  func categories(identifier: String, category: ShareCategory) throws {
    let type = try #require(UTType(identifier))
    #expect(ShareCategory(type) == category)
  }

  @Test("Fonts, executables and unknown data are not share-relevant")
  func notShareRelevant() throws {
    for identifier in [
      "public.truetype-ttf-font", "com.microsoft.windows-executable", "public.data",
    ] {
      #expect(ShareCategory(try #require(UTType(identifier))) == nil)
    }
  }
}
