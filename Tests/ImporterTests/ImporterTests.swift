import Foundation
import InboxReading
import Ingest
import SystemCalls
import TestSupport
import Testing

@testable import Importer

@Suite(
  "Importer: shares committed in groups, each manifest deleted after its commit, exactly once",
  .onIOExecutor)
struct ImporterTests {
  static let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 5000)

  @Test("A share of a file, a text and a URL becomes one record; the file moves in, 0600")
  func importsShare() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let payload = "9D0E5A3C-0000-4000-8000-000000000001.jpeg"
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T01:30:00-05:00", source: "photos",
      items: [
        try fixture.fileItem(payload, bytes: Self.photo, suggestedName: "IMG_0001.JPG"),
        try ImporterFixture.text("Saturday at the park?"),
        ImporterFixture.url("https://example.com/"),
      ])
    let library = try fixture.library()
    let importer = LibraryImporter(
      library: library, inbox: fixture.inbox, now: { Date(timeIntervalSince1970: 1_800_000_000) })
    let pass = try await importer.importPending()
    #expect(pass.imported == [id])
    #expect(pass.errors.isEmpty)
    let record = try await #require(try library.record(shareID: id))
    #expect(record.receivedAt == Date(timeIntervalSince1970: 1_772_951_400))
    #expect(record.importedAt == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(record.source == "photos")
    #expect(record.status == .toSort)
    #expect(record.items.map(\.kind) == [.file, .text, .url])
    let file = try #require(record.items[0].file)
    #expect(file == "\(id.uuidString)-0.jpeg")
    #expect(record.items[0].byteCount == Int64(Self.photo.count))
    #expect(try record.items[0].sha256 == FileDigest.sha256(of: library.absolutePath(ofFile: file)))
    #expect(record.items[0].suggestedName == "IMG_0001.JPG")
    #expect(record.items[1].text == "Saturday at the park?")
    #expect(record.items[2].url == "https://example.com/")
    let path = library.absolutePath(ofFile: file)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(Self.photo))
    #expect(try ImporterFixture.permissions(path) == 0o600)
    #expect(try fixture.names("Inbox").isEmpty)
    #expect(try fixture.names("Incoming").isEmpty)
    await #expect(try importer.importPending() == ImportPass())
  }

  @Test("Dead between commit and delete: the next pass removes the leftovers and counts nothing")
  func commitThenCrash() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [try fixture.fileItem("A.jpeg", bytes: Self.photo)])
    let library = try fixture.library()
    let importer = fixture.importer(library)
    // Import without finishing: what a process that died right after its commit leaves.
    let claim = try await #require(try fixture.inbox.claim(id))
    await #expect(try importer.importShare(claim) == .imported)
    try await claim.release(recording: "killed")
    #expect(try fixture.names("Inbox") == ["\(id.uuidString).failure", "\(id.uuidString).json"])

    let pass = try await importer.importPending()
    #expect(pass.imported.isEmpty)
    #expect(pass.alreadyInLibrary == [id])
    await #expect(try library.count() == 1)
    #expect(try fixture.names("Inbox").isEmpty)
    #expect(try fixture.names("Incoming").isEmpty)
    #expect(try fixture.libraryFiles() == ["\(id.uuidString)-0.jpeg"])
    #expect(importer.tally.imported == 0)
    #expect(importer.tally.alreadyInLibrary == 1)
  }

  @Test("Dead between moving the files and the commit: the next pass finds them placed")
  func moveThenCrash() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [try fixture.fileItem("B.jpeg", bytes: Self.photo)])
    let library = try fixture.library()
    try FileManager.default.moveItem(
      atPath: fixture.groupPath + "/Incoming/B.jpeg",
      toPath: library.absolutePath(ofFile: "\(id.uuidString)-0.jpeg"))
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.imported == [id])
    await #expect(
      try library.record(shareID: id)?.items.first?.byteCount == Int64(Self.photo.count))
    #expect(try fixture.names("Inbox").isEmpty)
  }

  @Test("A failure before the commit moves the files back and leaves the share with the error")
  func failureUndoes() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [
        try fixture.fileItem("C1.jpeg", bytes: Self.photo),
        try fixture.fileItem("C2.jpeg", bytes: Self.photo),
      ])
    let library = try fixture.library()
    let importer = fixture.importer(library)
    let fault = FaultInjector.shared.inject(.ioError, into: .fsync, under: library.filesPath)
    let failed = try await importer.importPending()
    FaultInjector.shared.remove(fault)
    #expect(failed.errors.map(\.shareID) == [id])
    #expect(failed.errors.first?.error.contains("Input/output error") == true)
    #expect(try fixture.names("Incoming") == ["C1.jpeg", "C2.jpeg"])
    #expect(try fixture.libraryFiles().isEmpty)
    await #expect(try library.count() == 0)
    await #expect(try fixture.inbox.pending().first?.failure?.attempts == 1)

    let retried = try await importer.importPending()
    #expect(retried.imported == [id])
    #expect(try fixture.libraryFiles().count == 2)
    #expect(importer.tally.imported == 1)
    #expect(importer.tally.errors.isEmpty)
  }

  @Test(
    "Shares commit in groups; one that fails in its group's transaction goes back whole",
    arguments: [1, 4, 64])
  func groupCommit(batchSize: Int) async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    var good: [UUID] = []
    var poisoned: [UUID] = []
    for index in 0..<10 {
      let poison = index == 2 || index == 7
      let id = try fixture.writeShare(
        receivedAt: "2026-03-08T12:00:0\(index)Z", source: poison ? "poison" : "tests",
        items: [try fixture.fileItem("P\(index).jpeg", bytes: Self.photo)])
      if poison { poisoned.append(id) } else { good.append(id) }
    }
    let library = try fixture.library()
    // A real SQLite failure for some rows inside the group's transaction.
    try await library.withConnection { connection in
      try connection.execute(
        """
        CREATE TRIGGER poison BEFORE INSERT ON records WHEN NEW.source = 'poison'
        BEGIN SELECT RAISE(ABORT, 'poisoned row'); END
        """)
    }
    let importer = LibraryImporter(library: library, inbox: fixture.inbox, batchSize: batchSize)
    let pass = try await importer.importPending()
    #expect(Set(pass.imported) == Set(good))
    #expect(Set(pass.errors.compactMap(\.shareID)) == Set(poisoned))
    #expect(pass.errors.allSatisfy { $0.error.contains("poisoned row") }, "\(pass.errors)")
    await #expect(try library.count() == 8)
    #expect(try fixture.libraryFiles().count == 8)
    #expect(try fixture.names("Incoming") == ["P2.jpeg", "P7.jpeg"], "moved back whole")
    await #expect(Set(try fixture.inbox.pending().map(\.id)) == Set(poisoned))

    try await library.withConnection { try $0.execute("DROP TRIGGER poison") }
    let retried = try await importer.importPending()
    #expect(Set(retried.imported) == Set(poisoned))
    await #expect(try library.count() == 10)
    await #expect(try fixture.inbox.pending().isEmpty)
  }

  @Test("Counts add up over a run's passes; an empty second pass does not zero them")
  func tallyAccumulates() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    for text in ["one", "two"] {
      try fixture.writeShare(
        receivedAt: "2026-03-08T12:00:00Z", items: [try ImporterFixture.text(text)])
    }
    let broken = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [try fixture.fileItem("D.jpeg", bytes: Self.photo, byteCount: 1)])
    let importer = fixture.importer(try fixture.library())
    let first = try await importer.importPending()
    #expect(first.imported.count == 2)
    #expect(first.errors.map(\.shareID) == [broken])
    #expect(first.errors.first?.error.contains("holds 5004 bytes, not the 1") == true)
    #expect(importer.tally.imported == 2)
    #expect(importer.tally.errors.count == 1)

    // The broken share is given up on; the second pass at start-up finds nothing.
    try FileManager.default.removeItem(
      atPath: fixture.groupPath + "/Inbox/\(broken.uuidString).json")
    let second = try await importer.importPending()
    #expect(second == ImportPass())
    #expect(importer.tally.passes == 2)
    #expect(importer.tally.imported == 2, "the first pass's count survives an empty second pass")
    #expect(importer.tally.errors.isEmpty, "errors are the latest pass's")
  }

  @Test("Across file systems the file is copied (streamed, flushed) and the original removed")
  func crossDeviceCopy() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    var generator = SplitMix64(seed: 12)
    // Past the copier's 4 MiB threshold, so the kernel copies and a second thread hashes.
    let bytes = (0..<(5 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z", items: [try fixture.fileItem("E.mov", bytes: bytes)])
    let library = try fixture.library()
    let fault = FaultInjector.shared.inject(
      .crossDevice, into: .link, under: fixture.groupPath + "/Incoming", times: .max)
    let pass = try await fixture.importer(library).importPending()
    #expect(FaultInjector.shared.remove(fault) == 1)
    #expect(pass.imported == [id])
    let path = library.absolutePath(ofFile: "\(id.uuidString)-0.mov")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
    #expect(try ImporterFixture.permissions(path) == 0o600)
    #expect(try fixture.libraryFiles() == ["\(id.uuidString)-0.mov"])
    #expect(try fixture.names("Incoming").isEmpty)
  }

  @Test("A missing payload, a link for a payload and an item without its text stay in the inbox")
  func badShares() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let digest = String(repeating: "ab", count: 32)
    let missing = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [
        """
        {"kind": "file", "typeIdentifier": "public.jpeg", "file": "Incoming/gone.jpeg",
         "byteCount": 3, "sha256": "\(digest)"}
        """
      ])
    try FileManager.default.createSymbolicLink(
      atPath: fixture.groupPath + "/Incoming/link.jpeg", withDestinationPath: "/etc/passwd")
    let link = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:01Z",
      items: [
        """
        {"kind": "file", "typeIdentifier": "public.jpeg", "file": "Incoming/link.jpeg",
         "byteCount": 3, "sha256": "\(digest)"}
        """
      ])
    let textless = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:02Z",
      items: ["{\"kind\": \"text\", \"typeIdentifier\": \"public.plain-text\"}"])
    let library = try fixture.library()
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.imported.isEmpty)
    let errors = Dictionary(
      uniqueKeysWithValues: pass.errors.compactMap { failure in
        failure.shareID.map { ($0, failure.error) }
      })
    #expect(errors[missing]?.hasSuffix("gone.jpeg is missing") == true)
    #expect(errors[link]?.contains("is not a regular file (a symbolic link)") == true)
    #expect(errors[textless]?.hasSuffix("items[0].text: a text item without text") == true)
    await #expect(try library.count() == 0)
    await #expect(try fixture.inbox.pending().count == 3)
  }

  @Test("Shares made by the pipeline import through InboxDrain too (the ShareHandler form)")
  func shareHandler() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z", items: [ImporterFixture.url("https://example.com/")])
    let library = try fixture.library()
    let report = try await InboxDrain(inbox: fixture.inbox).run(fixture.importer(library))
    #expect(report.handled == [id])
    await #expect(try library.contains(shareID: id))
  }

  @Test("The inbox's finish() flushes before removing payloads, and not when none are left")
  func finishFlushesOnlyBeforePayloads() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [try fixture.fileItem("G1.jpeg", bytes: Self.photo)])
    let fault = FaultInjector.shared.inject(
      .ioError, into: .fsync, under: fixture.groupPath + "/Inbox", times: .max)
    defer { FaultInjector.shared.remove(fault) }
    // The importer moved the payload: nothing to order after the manifest, so no flush.
    #expect(try await fixture.importer(try fixture.library()).importPending().imported.count == 1)
    #expect(FaultInjector.shared.fireCount(fault) == 0)
    // A handler that left the payload: the manifest's removal is flushed before it goes.
    let kept = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:01Z",
      items: [try fixture.fileItem("G2.jpeg", bytes: Self.photo)])
    let claim = try #require(try await fixture.inbox.claim(kept))
    // The handler read it through the door: proven the share's, so finish() removes it.
    _ = try claim.openPayload(at: 0)
    await #expect(throws: IOError.self) { try await claim.finish() }
    #expect(FaultInjector.shared.fireCount(fault) == 1)
    #expect(try fixture.names("Incoming") == ["G2.jpeg"], "no payload goes before the flush")
  }

  @Test("Library names keep a plain extension and drop anything else")
  func libraryNames() throws {
    let id = UUID(uuidString: "0C9E1D6A-3F3B-4E59-9A57-1E5F2B7C4D01") ?? UUID()
    let cases: [(String, String)] = [
      ("X.heic", "0C9E1D6A-3F3B-4E59-9A57-1E5F2B7C4D01-2.heic"),
      ("X", "0C9E1D6A-3F3B-4E59-9A57-1E5F2B7C4D01-2"),
      ("X.a b", "0C9E1D6A-3F3B-4E59-9A57-1E5F2B7C4D01-2"),
      ("X.", "0C9E1D6A-3F3B-4E59-9A57-1E5F2B7C4D01-2"),
      ("X.verylongextension1", "0C9E1D6A-3F3B-4E59-9A57-1E5F2B7C4D01-2"),
    ]
    for (name, expected) in cases {
      let source = try #require(PayloadName(fileName: name))
      #expect(PayloadPlacement.libraryName(shareID: id, position: 2, source: source) == expected)
    }
  }
}
