import Foundation
import SystemCalls
import TestSupport
import Testing

@testable import ItemProvider

@Suite("Streaming copies, folder archives and safe names", .onIOExecutor)
struct FileCopierTests {
  @Test("A symbolic link as the source is refused, not followed")
  func linkSource() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let link = directory.url.appendingPathComponent("link.jpg")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: Corpus.file("photo.jpg"))
    #expect(throws: IOError.self) {
      try FileCopier.copyFile(from: link.path, to: directory.path + "/copy.jpg")
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/copy.jpg"))
  }

  @Test("A file provider pointing at a link fails the load")
  func linkProvider() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let link = directory.url.appendingPathComponent("link.jpg")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: Corpus.file("photo.jpg"))
    let provider = NSItemProvider()
    provider.registerFileRepresentation(
      forTypeIdentifier: "public.jpeg", fileOptions: [], visibility: .all
    ) { completion in
      completion(link, false, nil)
      return nil
    }
    let (url, _, error) = await Loads.file(provider, "public.jpeg") { _ in true }
    #expect(url == nil)
    #expect(error?.code == -1000)
    #expect(error?.underlying?.domain == "ItemProviderError")
    #expect(error?.underlying?.localizedDescription.contains("not followed") == true)
  }

  @Test("A copy stops when cancelled")
  func cancelled() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(throws: CocoaError.self) {
      try FileCopier.copyFile(
        from: Corpus.file("video.mov").path, to: directory.path + "/copy.mov"
      ) { true }
    }
  }

  @Test("Empty files copy and read")
  func emptyFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let empty = try directory.file("empty.txt", contents: Data())
    let copied = try FileCopier.copyFile(from: empty.path, to: directory.path + "/copy.txt")
    #expect(copied == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/copy.txt")).isEmpty)
    #expect(try FileCopier.readFile(at: empty.path).isEmpty)
    #expect(try permissions(of: directory.path + "/copy.txt") == 0o600)
  }

  @Test("A copy never overwrites")
  func neverOverwrites() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let existing = try directory.file("taken.jpg", contents: Data("keep".utf8))
    #expect(throws: IOError.self) {
      try FileCopier.copyFile(from: Corpus.file("photo.jpg").path, to: existing.path)
    }
    #expect(try Data(contentsOf: existing) == Data("keep".utf8))
  }

  @Test(
    "Nested and empty folders archive as valid ZIPs",
    .enabled(if: ZipCheck.isAvailable, "python3 is needed to check archives independently"))
  func validZips() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let root = directory.url.appendingPathComponent("Album")
    _ = try directory.file("Album/a/b/deep.png", contents: try Corpus.bytes("screenshot.png"))
    _ = try directory.file("Album/top.pdf", contents: try Corpus.bytes("document.pdf"))
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let archive = try FolderArchiver.archive(folderAt: root.path)
    let names = try ZipCheck.verify(archive, in: directory)
    #expect(
      names == [
        "Album/", "Album/a/", "Album/a/b/", "Album/a/b/deep.png", "Album/empty/", "Album/top.pdf",
      ])
    #expect(
      try ZipCheck.extract(archive, member: "Album/a/b/deep.png", in: directory)
        == (try Corpus.bytes("screenshot.png")))
  }

  @Test("The checksum is ZIP's CRC-32")
  func crc32() {
    // The standard check value of CRC-32/ISO-HDLC.
    #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum(Data()) == 0)
  }

  struct SignatureCase: CustomTestStringConvertible, Sendable {
    var file: String
    var expected: String?
    var testDescription: String { "\(file) -> \(expected ?? "not an image")" }
  }

  @Test(
    "Images are recognised by their signature",
    arguments: [
      SignatureCase(file: "photo.jpg", expected: "public.jpeg"),
      SignatureCase(file: "screenshot.png", expected: "public.png"),
      SignatureCase(file: "photo.heic", expected: "public.heic"),
      SignatureCase(file: "document.pdf", expected: nil),
      SignatureCase(file: "video.mov", expected: nil),
    ])
  func imageSignatures(_ test: SignatureCase) throws {
    #expect(ItemProviderImage.imageType(of: try Corpus.bytes(test.file)) == test.expected)
  }
}

@Suite("Copies under injected faults: EINTR is retried, ENOSPC and EIO fail cleanly", .onIOExecutor)
struct FileCopierFaultTests {
  @Test("EINTR in the kernel copy and in reads is retried and the copy is whole")
  func interruptedCopy() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = try directory.file("source.bin", contents: Data(repeating: 42, count: 300_000))
    let faults = [
      FaultInjector.shared.inject(
        .interrupted, into: .copyFileRange, under: directory.path, times: 2),
      FaultInjector.shared.inject(.interrupted, into: .open, under: directory.path, times: 1),
    ]
    defer { for fault in faults { FaultInjector.shared.remove(fault) } }
    let copied = try FileCopier.copyFile(from: source.path, to: directory.path + "/copy.bin")
    #expect(copied == 300_000)
    #expect(try Data(contentsOf: directory.file("copy.bin")) == Data(contentsOf: source))
    #expect(faults.map { FaultInjector.shared.fireCount($0) } == [2, 1])
  }

  @Test(
    "ENOSPC or EIO part-way through a copy reaches the caller with the operation and path",
    arguments: [Errno.noSpace, Errno.ioError])
  func failedCopy(_ errno: Errno) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let source = try directory.file("source.bin", contents: Data(repeating: 1, count: 100_000))
    let destination = directory.path + "/copy.bin"
    let fault = FaultInjector.shared.inject(errno, into: .copyFileRange, under: destination)
    defer { FaultInjector.shared.remove(fault) }
    let error = #expect(throws: IOError.self) {
      try FileCopier.copyFile(from: source.path, to: destination)
    }
    #expect(error?.errno == errno)
    #expect(error?.operation.name == "copy_file_range")
  }

  @Test("EIO while listing a folder fails the folder copy instead of copying part of it")
  func failedListing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for name in ["a", "b", "c"] {
      _ = try directory.file("Album/\(name).txt", contents: Data(name.utf8))
    }
    let album = directory.path + "/Album"
    let fault = FaultInjector.shared.inject(.ioError, into: .readdir, under: album, after: 1)
    defer { FaultInjector.shared.remove(fault) }
    let error = #expect(throws: IOError.self) {
      try FileCopier.copyTree(from: album, to: directory.path + "/Copy")
    }
    #expect(error?.code == .ioFailure)
    #expect(error?.operation.name == "readdir")
  }

  @Test("A file whose size the kernel reports as 0 is read to its end")
  func procFilesAreReadToTheEnd() throws {
    let data = try FileCopier.readFile(at: "/proc/self/status")
    #expect(String(decoding: data, as: UTF8.self).contains("Name:"))
  }
}
