import Foundation
import InboxReading
import Ingest
import SystemCalls
import TestSupport
import Testing

@testable import Importer

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 42, items 1, 2, 4 and 16: one value type for a name read from the group directory
/// (checked on its bytes), removal only with proof, a private view for `--exec`, and a library
/// that keeps the bytes it verified.
@Suite("Payload names, proofs, private views and kept bytes", .onIOExecutor)
struct PayloadNameTests {
  static let photo = UntrustedInboxTests.photo

  // MARK: One type, checked on bytes

  struct NameCase: Sendable, CustomTestStringConvertible {
    var path: String
    var accepted: Bool
    var testDescription: String { "\(accepted ? "takes" : "refuses") \(path.debugDescription)" }
  }

  @Test(
    "A payload name is Incoming/ and one plain name, judged on its bytes",
    arguments: [
      NameCase(path: "Incoming/A.jpeg", accepted: true),
      NameCase(path: "Incoming/my photo.jpeg", accepted: true),
      NameCase(path: "Incoming/\u{301}n", accepted: true),
      NameCase(path: "Incoming/x/\u{301}n", accepted: false),
      NameCase(path: "Incoming/x/n", accepted: false),
      NameCase(path: "Incoming/a\u{0}b", accepted: false),
      NameCase(path: "Incoming/.hidden", accepted: false),
      NameCase(path: "Incoming/..", accepted: false),
      NameCase(path: "Incoming/", accepted: false),
      NameCase(path: "Incoming//a", accepted: false),
      NameCase(path: "incoming/a", accepted: false),
      NameCase(path: "./Incoming/a", accepted: false),
      NameCase(path: "Incoming/a\nb", accepted: false),
      NameCase(path: "Incoming/a\u{1B}[31m", accepted: false),
      NameCase(path: "Incoming/" + String(repeating: "é", count: 127), accepted: true),
      NameCase(path: "Incoming/" + String(repeating: "é", count: 128), accepted: false),
    ])
  func nameRules(_ test: NameCase) {
    #expect((PayloadName(relativePath: test.path) != nil) == test.accepted)
  }

  @Test("No scalar after a slash makes it one name: every combining and joining kind")
  func everyScalarAfterASlash() {
    // Combining marks, variation selectors, joiners, and a sample of every plane's first
    // hundred scalars: `/` followed by any of them is never a name of one component.
    var scalars: [Unicode.Scalar] = []
    for range in [
      0x300...0x36F, 0x1AB0...0x1AFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0x200B...0x200F,
    ] {
      scalars += range.compactMap(Unicode.Scalar.init)
    }
    for plane in 0...16 {
      scalars += (plane * 0x10000..<plane * 0x10000 + 100).compactMap(Unicode.Scalar.init)
    }
    for scalar in scalars {
      let mark = String(Character(scalar))
      for path in ["Incoming/x/\(mark)n", "Incoming/x\(mark)/n", "Incoming/\(mark)/"] {
        let name = PayloadName(relativePath: path)
        #expect(name == nil, "\(path.debugDescription) was taken")
        #expect(
          ShareManifest.Item.file(
            typeIdentifier: "public.jpeg", path: path, byteCount: 1, sha256: "", suggestedName: nil
          ).fileName == nil)
      }
      if let name = PayloadName(relativePath: "Incoming/x\(mark)n") {
        #expect(!name.fileName.utf8.contains(UInt8(ascii: "/")))
        #expect(!name.fileName.utf8.contains(0))
      }
    }
  }

  /// A group whose `Incoming/x` leads to `outside/`, where a file of the photo's bytes is
  /// named `<mark>n`.
  static func plantEscape(_ fixture: ImporterFixture, _ outside: TemporaryDirectory) throws
    -> URL
  {
    let secret = try outside.file("\u{301}n", contents: Data(Self.photo))
    #expect(symlink(outside.path, fixture.groupPath + "/Incoming/x") == 0)
    return secret
  }

  @Test("Incoming/x/\u{301}n with Incoming/x a link out: the import takes nothing from outside")
  func combiningMarkEscape() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let outside = try TemporaryDirectory()
    defer { outside.remove() }
    let secret = try Self.plantEscape(fixture, outside)
    let item = UntrustedInboxTests.fileItem(
      "x/\u{301}n", byteCount: Self.photo.count, sha256: try UntrustedInboxTests.digest(Self.photo))
    let id = try fixture.writeShare(receivedAt: "2026-03-08T12:00:00Z", items: [item])
    let library = try fixture.library()
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.imported.isEmpty)
    #expect(UntrustedInboxTests.errors(pass)[id]?.contains("directly in Incoming/") == true)
    #expect(FileManager.default.fileExists(atPath: secret.path))
    #expect(try fixture.libraryFiles().isEmpty)
  }

  @Test("The same name under an id already in the library removes nothing from outside")
  func combiningMarkEscapeAlreadyThere() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let outside = try TemporaryDirectory()
    defer { outside.remove() }
    let library = try fixture.library()
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z", items: [try ImporterFixture.text("first")])
    #expect(try await fixture.importer(library).importPending().imported == [id])
    let secret = try Self.plantEscape(fixture, outside)
    let item = UntrustedInboxTests.fileItem(
      "x/\u{301}n", byteCount: Self.photo.count, sha256: try UntrustedInboxTests.digest(Self.photo))
    try fixture.writeShare(id: id, receivedAt: "2026-03-08T12:00:00Z", items: [item])
    _ = try await fixture.importer(library).importPending()
    #expect(FileManager.default.fileExists(atPath: secret.path))
  }

  // MARK: Every reader over manifests mutated byte by byte

  @Test("Every reader over a manifest mutated byte by byte stays inside the group")
  func mutatedManifests() async throws {
    let outside = try TemporaryDirectory()
    defer { outside.remove() }
    let canary = try outside.file("n", contents: Data(Self.photo))
    let digest = try UntrustedInboxTests.digest(Self.photo)
    let id = UUID()
    let base = Array(
      """
      {"schemaVersion":1,"id":"\(id.uuidString)","receivedAt":"2026-03-08T12:00:00Z",\
      "items":[{"kind":"file","typeIdentifier":"public.jpeg","file":"Incoming/xyn",\
      "byteCount":\(Self.photo.count),"sha256":"\(digest)"}]}
      """.utf8)
    // Each byte replaced by `/` or NUL, or followed by a combining mark, or by `/` and one.
    var mutations: [[UInt8]] = []
    for index in base.indices {
      for replacement: [UInt8] in [[0x2F], [0x00]] {
        mutations.append(Array(base[..<index]) + replacement + Array(base[(index + 1)...]))
      }
      for inserted: [UInt8] in [[0xCC, 0x81], [0x2F, 0xCC, 0x81]] {
        mutations.append(Array(base[...index]) + inserted + Array(base[(index + 1)...]))
      }
    }
    var ran = 0
    for bytes in mutations {
      // Only what a reader takes reaches the files; the rest is refused as malformed.
      guard
        let manifest = try? ShareManifest.decode(Data(bytes), path: "m"),
        (try? manifest.validate(path: "m", expected: id)) != nil
      else { continue }
      let name = try #require(manifest.items.first?.payloadName)
      #expect(!name.fileName.utf8.contains(UInt8(ascii: "/")))
      ran += 1
      let fixture = try ImporterFixture()
      defer { fixture.remove() }
      // Every directory a name could start with leads out of the group.
      for prefix in ["x", "xy", "x\u{301}", "Incoming"] {
        symlink(outside.path, fixture.groupPath + "/Incoming/" + prefix)
        symlink(outside.path, fixture.groupPath + "/.staging/" + prefix)
      }
      try Data(bytes).write(
        to: URL(fileURLWithPath: fixture.groupPath + "/Inbox/\(id.uuidString).json"))
      _ = try await fixture.importer(try fixture.library()).importPending()
      _ = try await InboxDrain(inbox: fixture.inbox).run(
        try DirectoryDelivery(destination: fixture.directory.path + "/to"))
      _ = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
      #expect(FileManager.default.fileExists(atPath: canary.path))
      #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["n"])
    }
    #expect(ran > 0, "some mutations are manifests a reader takes")
  }

  // MARK: Removal needs proof

  /// Sets the modification time of a manifest, which orders the inbox.
  static func age(_ fixture: ImporterFixture, _ id: UUID, seconds: TimeInterval) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -seconds)],
      ofItemAtPath: fixture.groupPath + "/Inbox/\(id.uuidString).json")
  }

  @Test("A manifest reusing an id already in the library never removes another share's payload")
  func reusedIDRemovesNothingUnproven() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let library = try fixture.library()
    let old = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [try fixture.fileItem("OLD.jpeg", bytes: Array(Self.photo.reversed()))])
    #expect(try await fixture.importer(library).importPending().imported == [old])
    // Another share, committed, whose only copy is P.jpeg; and a manifest reusing the old id
    // that names P.jpeg with its size and digest (both readable in the group), taken first.
    let victimItem = try fixture.fileItem("P.jpeg", bytes: Self.photo)
    let victim = try fixture.writeShare(receivedAt: "2026-03-08T12:01:00Z", items: [victimItem])
    try fixture.writeShare(id: old, receivedAt: "2026-03-08T12:02:00Z", items: [victimItem])
    try Self.age(fixture, old, seconds: 600)
    try Self.age(fixture, victim, seconds: 300)
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.alreadyInLibrary == [old])
    #expect(pass.imported == [victim], "its payload was still there: \(pass.errors)")
    let record = try #require(try await library.record(shareID: victim))
    let file = library.absolutePath(ofFile: try #require(record.items.first?.file))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(Self.photo))
  }

  @Test("A leftover of a share in the library goes when its bytes are the library's record")
  func provenLeftoversGo() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let library = try fixture.library()
    let item = try fixture.fileItem("L.jpeg", bytes: Self.photo)
    let id = try fixture.writeShare(receivedAt: "2026-03-08T12:00:00Z", items: [item])
    #expect(try await fixture.importer(library).importPending().imported == [id])
    // A crash after the commit kept the manifest and a copy (across file systems, say).
    _ = try fixture.fileItem("L.jpeg", bytes: Self.photo)
    // And another file of the same share's manifest that is not the library's bytes.
    try fixture.writeShare(
      id: id, receivedAt: "2026-03-08T12:00:00Z",
      items: [item, try fixture.fileItem("M.jpeg", bytes: [1, 2, 3])])
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.alreadyInLibrary == [id])
    #expect(try fixture.names("Incoming") == ["M.jpeg"], "the proven copy went, the other stays")
    await #expect(try fixture.inbox.pending().isEmpty)
  }

  @Test("Already in the library on a group that cannot be written: the removal failure is said")
  func readOnlyGroupSaysNothingWasRemoved() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let library = try fixture.library()
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z", items: [try ImporterFixture.text("t")])
    #expect(try await fixture.importer(library).importPending().imported == [id])
    try fixture.writeShare(
      id: id, receivedAt: "2026-03-08T12:00:00Z", items: [try ImporterFixture.text("t")])
    let fault = FaultInjector.shared.inject(
      .readOnlyFileSystem, into: .unlink, under: fixture.groupPath, times: .max)
    defer { FaultInjector.shared.remove(fault) }
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.alreadyInLibrary == [id])
    let error = try #require(UntrustedInboxTests.errors(pass)[id])
    #expect(error.hasPrefix("already in the library, but removing it from the inbox failed"))
    await #expect(try fixture.inbox.pending().map(\.id) == [id])
  }

  // MARK: --exec's private view

  @Test("--exec's view is private, outside the group, and holds copies nobody can swap")
  func execViewIsPrivate() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let outside = try TemporaryDirectory()
    defer { outside.remove() }
    let forged = try outside.file("forged", contents: Data("forged".utf8))
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z", items: [try fixture.fileItem("V.jpeg", bytes: Self.photo)]
    )
    let seen = outside.path + "/seen"
    let copy = outside.path + "/copy"
    // While the command runs, another program swaps the group's payload for a link out and
    // plants a forged manifest where an earlier version kept views: the command reads neither.
    let group = fixture.groupPath
    let command = """
      ln -sf '\(forged.path)' '\(group)/Incoming/V.jpeg' && mkdir -p '\(group)/.exec' \
      && cp '\(forged.path)' '\(group)/.exec/manifest.json' \
      && stat -c '%a %u %i' "$INGEST_GROUP_DIR" "$INGEST_GROUP_DIR/Incoming/V.jpeg" > '\(seen)' \
      && echo "$INGEST_GROUP_DIR" >> '\(seen)' && grep -q '\(id.uuidString)' "$1" \
      && cp "$INGEST_GROUP_DIR/Incoming/V.jpeg" '\(copy)'
      """
    let sourceInode = try FileSystem.status(ofPath: group + "/Incoming/V.jpeg").inode
    let report = try await InboxDrain(inbox: fixture.inbox).run(
      CommandDelivery(command: command, groupPath: group))
    #expect(report.handled == [id], "\(report.failed)")
    let lines = try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n")
    try #require(lines.count == 3)
    #expect(lines[0].hasPrefix("700 \(getuid()) "))
    #expect(lines[1].hasPrefix("600 \(getuid()) "))
    #expect(lines[1].split(separator: " ")[2] != "\(sourceInode)", "a copy, not a link")
    #expect(!lines[2].hasPrefix(group))
    #expect(!FileManager.default.fileExists(atPath: String(lines[2])), "removed after")
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(Self.photo))
  }

  // MARK: What the library keeps cannot change

  @Test("A payload still open for writing elsewhere is copied: rewriting it changes nothing kept")
  func openWriterGetsACopy() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let item = try fixture.fileItem("W.jpeg", bytes: Self.photo)
    let path = fixture.groupPath + "/Incoming/W.jpeg"
    let inode = try FileSystem.status(ofPath: path).inode
    let writer = try #require(FileHandle(forUpdatingAtPath: path))
    defer { try? writer.close() }
    let id = try fixture.writeShare(receivedAt: "2026-03-08T12:00:00Z", items: [item])
    let library = try fixture.library()
    #expect(try await fixture.importer(library).importPending().imported == [id])
    let record = try #require(try await library.record(shareID: id))
    let kept = library.absolutePath(ofFile: try #require(record.items.first?.file))
    #expect(try FileSystem.status(ofPath: kept).inode != inode)
    // The earlier writer rewrites and truncates what it still holds: the library's file is
    // the bytes checked.
    try writer.seek(toOffset: 0)
    try writer.write(contentsOf: Data(repeating: 0, count: 64))
    try writer.truncate(atOffset: 10)
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == Data(Self.photo))
    #expect(
      try UntrustedInboxTests.digest(Array(Data(contentsOf: URL(fileURLWithPath: kept))))
        == record.items.first?.sha256)
  }

  @Test("A payload no one else can write is linked, as cheap as before")
  func sealedPayloadIsLinked() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let item = try fixture.fileItem("S.jpeg", bytes: Self.photo)
    let inode = try FileSystem.status(ofPath: fixture.groupPath + "/Incoming/S.jpeg").inode
    let id = try fixture.writeShare(receivedAt: "2026-03-08T12:00:00Z", items: [item])
    let library = try fixture.library()
    #expect(try await fixture.importer(library).importPending().imported == [id])
    let record = try #require(try await library.record(shareID: id))
    let kept = library.absolutePath(ofFile: try #require(record.items.first?.file))
    #expect(try FileSystem.status(ofPath: kept).inode == inode)
    #expect(try FileSystem.status(ofPath: kept).permissions == 0o600)
  }
}
