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

/// The reading side against a group directory another program wrote: links, second names,
/// FIFOs, bytes that are not what the manifest says, manifests it cannot read, and shares that
/// break the contract. Each test is one of the cases of issue 27, with real files.
@Suite(
  "Untrusted inbox: the readers open, check and verify what another program left", .onIOExecutor)
struct UntrustedInboxTests {
  static let photo: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 9, count: 4000)

  /// A file item's JSON for a payload that need not exist, with the given size and digest.
  static func fileItem(_ name: String, byteCount: Int, sha256: String) -> String {
    """
    {"kind": "file", "typeIdentifier": "public.jpeg", "file": "Incoming/\(name)",
     "byteCount": \(byteCount), "sha256": "\(sha256)"}
    """
  }

  static func digest(_ bytes: [UInt8]) throws -> String {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    return try FileDigest.sha256(of: directory.file("x", contents: Data(bytes)).path)
  }

  static func errors(_ pass: ImportPass) -> [UUID: String] {
    Dictionary(
      pass.errors.compactMap { failure in failure.shareID.map { ($0, failure.error) } },
      uniquingKeysWith: { first, _ in first })
  }

  // MARK: 4. Hard links, 5. digests

  @Test("A payload hard-linked to a file outside the group is refused, and that file untouched")
  func hardLinkedPayload() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let outside = try fixture.directory.file("outside/secret.txt", contents: Data(Self.photo))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: outside.path)
    #expect(link(outside.path, fixture.groupPath + "/Incoming/linked.jpeg") == 0)
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [
        Self.fileItem(
          "linked.jpeg", byteCount: Self.photo.count, sha256: try Self.digest(Self.photo))
      ])
    let library = try fixture.library()
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.imported.isEmpty)
    #expect(Self.errors(pass)[id]?.contains("hard links") == true)
    #expect(try ImporterFixture.permissions(outside.path) == 0o644)
    #expect(try fixture.libraryFiles().isEmpty)
    #expect(try fixture.names("Incoming") == ["linked.jpeg"])
    await #expect(try fixture.inbox.pending().map(\.id) == [id])
  }

  @Test("A payload whose bytes are not the manifest's SHA-256 is refused and put back")
  func digestMismatch() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    var other = Self.photo
    other[100] ^= 0xFF
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [try fixture.fileItem("A.jpeg", bytes: other, sha256: try Self.digest(Self.photo))])
    let library = try fixture.library()
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.imported.isEmpty)
    #expect(Self.errors(pass)[id]?.contains("has SHA-256") == true)
    await #expect(try library.count() == 0)
    #expect(try fixture.libraryFiles().isEmpty)
    #expect(try fixture.names("Incoming") == ["A.jpeg"])
    // The same share, handed to a directory and to a command, is refused the same way.
    let destination = fixture.directory.path + "/delivered"
    let marker = fixture.directory.path + "/ran"
    for handler in [
      try DirectoryDelivery(destination: destination) as any ShareHandler,
      CommandDelivery(command: "touch '\(marker)'", groupPath: fixture.groupPath),
    ] {
      let report = try await InboxDrain(inbox: fixture.inbox).run(handler)
      #expect(report.handled.isEmpty)
      #expect(report.failed.first?.error.contains("has SHA-256") == true)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: destination).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: marker))
    await #expect(try fixture.inbox.pending().map(\.id) == [id])
  }

  // MARK: 3. The symbolic-link race

  @Test("A payload swapped for a symbolic link while it is imported never lands as a link")
  func symbolicLinkRace() async throws {
    let rounds = 100
    let outside = try TemporaryDirectory()
    defer { outside.remove() }
    let target = try outside.file("outside.jpeg", contents: Data(Self.photo))
    let digest = try Self.digest(Self.photo)
    var outcomes: [String: Int] = [:]
    var span: UInt32 = 2000  // microseconds; set to the import's own duration as it is measured
    for round in 0..<rounds {
      let share = try ImporterFixture()
      defer { share.remove() }
      let name = "R\(round).jpeg"
      let id = try share.writeShare(
        receivedAt: "2026-03-08T12:00:00Z",
        items: [try share.fileItem(name, bytes: Self.photo, sha256: digest)])
      let link = share.groupPath + "/Incoming/.swap"
      #expect(symlink(target.path, link) == 0)
      let library = try share.library()
      // The other program swaps the payload's name for the link at a moment of its choosing,
      // spread evenly over the import's whole duration.
      let delay = span * UInt32(round % 50) / 50
      let swapped = DispatchSemaphore(value: 0)
      Thread {
        usleep(delay)
        rename(link, share.groupPath + "/Incoming/" + name)
        swapped.signal()
      }.start()
      let started = DispatchTime.now()
      let pass = try await share.importer(library).importPending()
      let took = (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1000
      if round < 5 { span = max(span, UInt32(min(took, 50_000))) }
      swapped.wait()
      for file in try share.libraryFiles() {
        let status = try FileSystem.status(ofPath: library.filesPath + "/" + file)
        #expect(status.kind == .regularFile, "round \(round): \(file) is \(status.kind)")
        #expect(status.linkCount == 1)
      }
      if pass.imported == [id] {
        outcomes["imported before the swap", default: 0] += 1
        let record = try await #require(try library.record(shareID: id))
        let file = library.absolutePath(ofFile: try #require(record.items[0].file))
        #expect(try FileDigest.sha256(of: file) == digest)
      } else {
        let error = Self.errors(pass)[id] ?? ""
        let outcome = error.contains("was replaced") ? "swapped while placed" : "refused at open"
        outcomes[outcome, default: 0] += 1
        await #expect(try share.inbox.pending().map(\.id) == [id], "refused, and kept")
      }
    }
    print("symbolic-link race over \(span) µs: \(outcomes.sorted { $0.key < $1.key })")
    #expect(try Data(contentsOf: target) == Data(Self.photo))
  }

  @Test(
    """
    A payload swapped for a link, or given a second name, between its open and its move is refused
    """,
    arguments: ["symbolic link", "hard link"])
  func swappedInTheWindow(_ kind: String) async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let outside = try fixture.directory.file("outside.jpeg", contents: Data(Self.photo))
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [try fixture.fileItem("W.jpeg", bytes: Self.photo)])
    let payload = fixture.groupPath + "/Incoming/W.jpeg"
    let library = try fixture.library()
    // Exactly in the window: after the importer opened and checked the payload, just before
    // it moves the name into the library.
    let swap = FaultInjector.shared.intercept(.link, under: payload) {
      if kind == "symbolic link" {
        symlink(outside.path, payload + ".tmp")
        rename(payload + ".tmp", payload)
      } else {
        link(payload, outside.path + ".second")
      }
    }
    defer { FaultInjector.shared.remove(swap) }
    let pass = try await fixture.importer(library).importPending()
    #expect(FaultInjector.shared.fireCount(swap) == 1)
    #expect(pass.imported.isEmpty)
    #expect(Self.errors(pass)[id]?.contains("was replaced while") == true)
    #expect(try fixture.libraryFiles().isEmpty)
    await #expect(try fixture.inbox.pending().map(\.id) == [id])
    let back = try FileSystem.status(ofPath: payload)
    #expect(back.kind == (kind == "symbolic link" ? .symbolicLink : .regularFile))
  }

  // MARK: 9. Lower-case share ids

  @Test("Manifests named with lower-case (or mixed-case) UUIDs are listed and imported")
  func lowerCaseNames() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let lower = UUID()
    let mixed = UUID()
    let mixedName = mixed.uuidString.lowercased().prefix(8) + mixed.uuidString.dropFirst(8)
    for name in [lower.uuidString.lowercased(), String(mixedName)] {
      let json = """
        {"schemaVersion": 1, "id": "\(name)", "receivedAt": "2026-03-08T12:00:00Z",
         "items": [\(try ImporterFixture.text("written by Python"))]}
        """
      try Data(json.utf8).write(
        to: URL(fileURLWithPath: fixture.groupPath + "/Inbox/\(name).json"))
    }
    await #expect(Set(try fixture.inbox.pending().map(\.id)) == [lower, mixed])
    await #expect(try fixture.inbox.manifest(lower)?.id == lower)
    let library = try fixture.library()
    let pass = try await fixture.importer(library).importPending()
    #expect(Set(pass.imported) == [lower, mixed])
    #expect(pass.busy == 0)
    #expect(try fixture.names("Inbox").isEmpty)
  }

  @Test("A lower-case manifest that fails gets its failure record beside it, by the same name")
  func lowerCaseFailureRecord() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let id = UUID()
    let name = id.uuidString.lowercased()
    let item = Self.fileItem("gone.jpeg", byteCount: 3, sha256: String(repeating: "0", count: 64))
    let json = """
      {"schemaVersion": 1, "id": "\(name)", "receivedAt": "2026-03-08T12:00:00Z",
       "items": [\(item)]}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: fixture.groupPath + "/Inbox/\(name).json"))
    let pass = try await fixture.importer(try fixture.library()).importPending()
    #expect(Self.errors(pass)[id]?.contains("is missing") == true)
    #expect(try fixture.names("Inbox") == ["\(name).failure", "\(name).json"])
    await #expect(try fixture.inbox.pending().first?.failure?.attempts == 1)
  }

  // MARK: 10. What does not belong in the inbox

  @Test("Links, FIFOs, second names and stray files in Inbox/ are problems, never read")
  func inboxProblems() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let inbox = fixture.groupPath + "/Inbox/"
    let good = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z", items: [try ImporterFixture.text("fine")])
    let linked = UUID()
    #expect(symlink("/etc/passwd", inbox + "\(linked.uuidString).json") == 0)
    let fifo = UUID()
    #expect(mkfifo(inbox + "\(fifo.uuidString).json", 0o600) == 0)
    let second = UUID()
    let outside = try fixture.directory.file("outside.json", contents: Data("{}".utf8))
    #expect(link(outside.path, inbox + "\(second.uuidString).json") == 0)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: inbox + "notes.json"))
    try Data("hi".utf8).write(to: URL(fileURLWithPath: inbox + "README"))
    await #expect(try fixture.inbox.pending().map(\.id) == [good])
    let problems = try await fixture.inbox.problems()
    #expect(
      Set(problems.compactMap(\.shareID)) == [linked, fifo, second],
      "\(problems)")
    #expect(
      Set(problems.map(\.name))
        == Set(
          [
            "\(linked.uuidString).json", "\(fifo.uuidString).json", "\(second.uuidString).json",
            "notes.json", "README",
          ].map { "Inbox/" + $0 }))
    #expect(problems.first { $0.shareID == linked }?.problem.contains("symbolic link") == true)
    #expect(problems.first { $0.shareID == fifo }?.problem.contains("FIFO") == true)
    #expect(problems.first { $0.shareID == second }?.problem.contains("hard links") == true)
  }

  @Test("A FIFO where a failure record or a manifest should be never blocks a reader")
  func fifosNeverBlock() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z", items: [try ImporterFixture.text("fine")])
    #expect(mkfifo(fixture.groupPath + "/Inbox/\(id.uuidString).failure", 0o600) == 0)
    let fifo = UUID()
    #expect(mkfifo(fixture.groupPath + "/Inbox/\(fifo.uuidString).json", 0o600) == 0)
    // Every call returns (a blocked open would hang the test until its time limit).
    await #expect(try fixture.inbox.pending().map(\.id) == [id])
    await #expect(try fixture.inbox.manifest(id)?.id == id)
    await #expect(throws: IOError.self) { try await fixture.inbox.manifest(fifo) }
    let report = try await InboxSweeper(group: fixture.group).sweep(olderThan: .zero)
    #expect(report.unreadableManifests.map(\.name) == ["Inbox/\(fifo.uuidString).json"])
    let pass = try await fixture.importer(try fixture.library()).importPending()
    #expect(pass.imported == [id])
  }

  // MARK: 11. A group that does not fit

  @Test("A group whose flush fails is retried in halves, so every share that fits imports")
  func groupRetriedInHalves() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    var ids: [UUID] = []
    for index in 0..<5 {
      ids.append(
        try fixture.writeShare(
          receivedAt: "2026-03-08T12:00:0\(index)Z",
          items: [try fixture.fileItem("P\(index).jpeg", bytes: Self.photo)]))
    }
    let library = try fixture.library()
    // The first flush of the files directory (the whole group's) finds the disk full.
    let fault = FaultInjector.shared.inject(
      .noSpace, into: .fsync, under: library.filesPath, times: 1)
    defer { FaultInjector.shared.remove(fault) }
    let pass = try await fixture.importer(library).importPending()
    #expect(FaultInjector.shared.fireCount(fault) == 1)
    #expect(Set(pass.imported) == Set(ids))
    #expect(pass.errors.isEmpty)
    await #expect(try library.count() == 5)
  }

  @Test("A copy across file systems that runs out of space leaves no partial file")
  func noPartialAfterFullCopy() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let bytes = [UInt8](repeating: 7, count: 300_000)
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z", items: [try fixture.fileItem("big.mov", bytes: bytes)])
    let library = try fixture.library()
    let faults = [
      FaultInjector.shared.inject(
        .crossDevice, into: .link, under: fixture.groupPath + "/Incoming", times: .max),
      FaultInjector.shared.inject(.noSpace, into: .copyFileRange, under: library.filesPath),
      FaultInjector.shared.inject(.noSpace, into: .write, under: library.filesPath),
    ]
    defer { for fault in faults { FaultInjector.shared.remove(fault) } }
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.imported.isEmpty)
    #expect(Self.errors(pass)[id]?.contains("ENOSPC") == true)
    #expect(try fixture.libraryFiles().isEmpty)
    #expect(try fixture.names("Incoming") == ["big.mov"])
  }

  @Test(
    "Large payloads copied across file systems or to a directory are hashed as they are copied",
    arguments: [false, true])
  func largeCopies(corrupt: Bool) async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    var generator = SplitMix64(seed: 27)
    // Past the copier's 4 MiB threshold: the kernel copies, a second thread hashes.
    var bytes = (0..<(6 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let digest = try Self.digest(bytes)
    if corrupt { bytes[5 << 20] ^= 1 }
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [try fixture.fileItem("L.mov", bytes: bytes, type: "public.movie", sha256: digest)])
    let destination = fixture.directory.path + "/out"
    let report = try await InboxDrain(inbox: fixture.inbox).run(
      DirectoryDelivery(destination: destination))
    #expect(report.handled == (corrupt ? [] : [id]))
    #expect(report.failed.first?.error.contains("has SHA-256") == (corrupt ? true : nil))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: destination).count == (corrupt ? 0 : 1))
    guard corrupt else { return }
    let library = try fixture.library()
    let fault = FaultInjector.shared.inject(
      .crossDevice, into: .link, under: fixture.groupPath + "/Incoming", times: .max)
    defer { FaultInjector.shared.remove(fault) }
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.imported.isEmpty)
    #expect(Self.errors(pass)[id]?.contains("has SHA-256") == true)
    #expect(try fixture.libraryFiles().isEmpty, "no partial copy is left")
  }

  // MARK: 12. The contract, again

  struct ContractCase: Sendable, CustomTestStringConvertible {
    var name: String
    var item: String
    var expected: String
    var testDescription: String { name }
  }

  @Test(
    "Shares that break the contract stay in the inbox with the reason",
    arguments: [
      ContractCase(
        name: "5,000 characters of text",
        item: "{\"kind\": \"text\", \"typeIdentifier\": \"public.plain-text\", \"text\": \""
          + String(repeating: "x", count: 5000) + "\"}",
        expected: "5000 characters"),
      ContractCase(
        name: "a javascript: URL",
        item: ImporterFixture.url("javascript:alert(1)"), expected: "javascript"),
      ContractCase(
        name: "a file: URL", item: ImporterFixture.url("file:///etc/passwd"), expected: "file"),
      ContractCase(
        name: "a string that is not a URL", item: ImporterFixture.url("not a url at all"),
        expected: "URL"),
      ContractCase(
        name: "a type the contract does not take",
        item: "{\"kind\": \"text\", \"typeIdentifier\": \"public.json\", \"text\": \"{}\"}",
        expected: "public.json"),
    ])
  func contractAgain(_ test: ContractCase) async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let id = try fixture.writeShare(receivedAt: "2026-03-08T12:00:00Z", items: [test.item])
    let library = try fixture.library()
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.imported.isEmpty)
    let error = try #require(Self.errors(pass)[id])
    #expect(error.contains("breaks the importer's contract"))
    #expect(error.contains(test.expected), "\(error)")
    #expect(try await library.count() == 0)
    #expect(try await fixture.inbox.pending().first?.failure?.lastError == error)
    // A drain to a directory applies the same contract.
    let report = try await InboxDrain(inbox: fixture.inbox).run(
      DirectoryDelivery(destination: fixture.directory.path + "/out"))
    #expect(report.failed.map(\.id) == [id])
  }

  // MARK: 13. Names in manifests

  @Test(
    "A payload name with NUL, a control character, a slash or a leading dot is refused",
    arguments: ["a\\u0000.jpeg", "a\\u001b[2J.jpeg", "../outside.jpeg", ".hidden.jpeg"])
  func badPayloadNames(_ name: String) async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    try Data(Self.photo).write(to: URL(fileURLWithPath: fixture.groupPath + "/Incoming/a"))
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [Self.fileItem(name, byteCount: Self.photo.count, sha256: try Self.digest(Self.photo))]
    )
    let library = try fixture.library()
    let pass = try await fixture.importer(library).importPending()
    #expect(pass.imported.isEmpty)
    #expect(Self.errors(pass)[id]?.contains("items[0].file") == true)
    #expect(try fixture.libraryFiles().isEmpty)
    #expect(try await fixture.inbox.pending().first?.failure != nil, "quarantined with the reason")
  }

  // MARK: 14. Deliveries leave nothing half-made; one payload, two manifests

  @Test("import --to refusing a linked payload leaves no partial folder")
  func noPartialFolder() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    #expect(symlink("/etc/hostname", fixture.groupPath + "/Incoming/L.jpeg") == 0)
    try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [Self.fileItem("L.jpeg", byteCount: 3, sha256: String(repeating: "0", count: 64))])
    let destination = fixture.directory.path + "/out"
    let report = try await InboxDrain(inbox: fixture.inbox).run(
      DirectoryDelivery(destination: destination))
    #expect(report.failed.first?.error.contains("symbolic link") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: destination).isEmpty)
  }

  @Test("Two manifests naming one payload: the second's error says which share holds it")
  func onePayloadTwoManifests() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let item = try fixture.fileItem("shared.jpeg", bytes: Self.photo)
    let first = try fixture.writeShare(receivedAt: "2026-03-08T12:00:00Z", items: [item])
    let second = try fixture.writeShare(receivedAt: "2026-03-08T12:00:01Z", items: [item])
    let library = try fixture.library()
    let importer = fixture.importer(library)
    let pass = try await importer.importPending()
    // Whichever the inbox lists first takes the file (both arrived in the same instant).
    let taker = try #require(pass.imported.first)
    let other = taker == first ? second : first
    #expect(pass.imported == [taker])
    #expect(Self.errors(pass)[other]?.contains("share \(taker.uuidString)") == true)
    // And in a later pass, from the library.
    let again = try await importer.importPending()
    #expect(Self.errors(again)[other]?.contains("share \(taker.uuidString)") == true)
  }

  // MARK: 7. Commands see only checked files

  @Test(
    "--exec never runs its command on a link out of the group, a FIFO or a wrong size",
    arguments: ["link", "fifo", "size"])
  func execChecksPayloads(_ kind: String) async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let path = fixture.groupPath + "/Incoming/P.jpeg"
    switch kind {
    case "link": #expect(symlink("/etc/passwd", path) == 0)
    case "fifo": #expect(mkfifo(path, 0o600) == 0)
    default: try Data(Self.photo.prefix(10)).write(to: URL(fileURLWithPath: path))
    }
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z",
      items: [
        Self.fileItem("P.jpeg", byteCount: Self.photo.count, sha256: try Self.digest(Self.photo))
      ])
    let marker = fixture.directory.path + "/ran"
    let report = try await InboxDrain(inbox: fixture.inbox).run(
      CommandDelivery(command: "touch '\(marker)'", groupPath: fixture.groupPath))
    #expect(report.failed.map(\.id) == [id])
    #expect(!FileManager.default.fileExists(atPath: marker))
    #expect(try await fixture.inbox.pending().map(\.id) == [id])
  }

  @Test("--exec's command reads the checked payload from its private view, which goes after")
  func execView() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let id = try fixture.writeShare(
      receivedAt: "2026-03-08T12:00:00Z", items: [try fixture.fileItem("V.jpeg", bytes: Self.photo)]
    )
    let copy = fixture.directory.path + "/copy.jpeg"
    let seen = fixture.directory.path + "/seen"
    let command =
      "cp \"$INGEST_GROUP_DIR/Incoming/V.jpeg\" '\(copy)' && test -f \"$1\""
      + " && test \"$INGEST_SHARE_ID\" = \(id.uuidString) && echo \"$INGEST_GROUP_DIR\" > '\(seen)'"
    let report = try await InboxDrain(inbox: fixture.inbox).run(
      CommandDelivery(command: command, groupPath: fixture.groupPath))
    #expect(report.handled == [id])
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(Self.photo))
    let view = try String(contentsOfFile: seen, encoding: .utf8)
      .trimmingCharacters(in: .newlines)
    #expect(!view.hasPrefix(fixture.groupPath), "the view is not a path through the group")
    #expect(!FileManager.default.fileExists(atPath: view), "the view goes after")
    #expect(!FileManager.default.fileExists(atPath: fixture.groupPath + "/.exec"))
  }
}
