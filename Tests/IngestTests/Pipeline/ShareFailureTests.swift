import Foundation
import Ingest
import ItemProvider
import SystemCalls
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(
  "Share pipeline: every failure leaves the share wholly in the inbox or not at all", .onIOExecutor)
struct ShareFailureTests {
  static let photo = ProjectPaths.corpus.appendingPathComponent("files/photo.jpg")

  static func scripted(_ behavior: ScriptedBehavior, in fixture: PipelineFixture) throws
    -> ScriptedSource
  {
    // Scripted sources may delete their file: give each its own copy.
    let copy = try fixture.directory.file(
      "source-\(UUID().uuidString).jpg", contents: Data(contentsOf: photo))
    return ScriptedSource(file: copy, behavior: behavior)
  }

  static var good: NSItemProvider { PipelineFixture.fileProvider(photo, type: "public.jpeg") }

  @Test("One failing attachment rolls back the others and names itself")
  func allOrNothing() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let failing = try Self.scripted(.fail(NSError(domain: "Source", code: 3)), in: fixture)
    let context = NSExtensionContext(
      inputItems: PipelineFixture.item([
        Self.good, failing.fileProvider(typeIdentifier: "public.jpeg"), Self.good,
      ]))
    let outcome = await fixture.pipeline().handle(context)
    guard case .attachmentFailed(let failure)? = outcome.error else {
      Issue.record("expected an attachment failure, got \(String(describing: outcome.error))")
      return
    }
    #expect(failure.position == AttachmentPosition(item: 1, attachment: 2))
    #expect(failure.stage == .loading)
    #expect((failure.error as NSError).domain == NSItemProviderErrorDomain)
    #expect(try fixture.isEmpty())
    let message = "\(try #require(context.requestOutcome?.error))"
    #expect(message.contains("item 1, attachment 2 (public.jpeg): loading failed"))
  }

  @Test("Keep-partial publishes what loaded and records what did not")
  func keepPartial() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let failing = try Self.scripted(.vanishMidLoad, in: fixture)
    let outcome = await fixture.pipeline(
      options: .init(keepsPartialShares: true)
    ).share(
      PipelineFixture.item([Self.good, failing.fileProvider(typeIdentifier: "public.jpeg")]))
    #expect(outcome.isCommitted)
    let manifest = try #require(try fixture.manifests().first)
    #expect(manifest.items.count == 1)
    #expect(manifest.notIncluded.map(\.attachment) == ["item 1, attachment 2"])
    #expect(manifest.notIncluded.first?.reason.contains("NSItemProviderErrorDomain -1000") == true)
    guard case .failed(let failure) = outcome.attachments[1].result else {
      Issue.record("the second attachment should have failed")
      return
    }
    #expect((failure.error as NSError).code == -1000)
  }

  @Test("A source that deletes its file once the callback returns still lands: it was copied")
  func sourceVanishesAfterCallback() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let source = try Self.scripted(.deliverThenDeleteSource, in: fixture)
    let outcome = await fixture.pipeline().share(
      PipelineFixture.item([source.fileProvider(typeIdentifier: "public.jpeg")]))
    #expect(outcome.isCommitted)
    // The source deletes its file once the load's callback returned, after the copy.
    #expect(await source.wait(until: .answers))
    #expect(!FileManager.default.fileExists(atPath: source.file.path))
    let item = try #require(try fixture.manifests().first?.items.first)
    #expect(item.sha256 == (try FileDigest.sha256(of: Self.photo.path)))
  }

  @Test("A load that never answers rolls back at the deadline, naming what was still loading")
  func deadline() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let silent = try Self.scripted(.neverAnswer, in: fixture)
    let outcome = await fixture.pipeline(options: .init(deadline: .seconds(1))).share(
      PipelineFixture.item([Self.good, silent.fileProvider(typeIdentifier: "public.heic")]))
    guard case .deadlineExceeded(_, let loading)? = outcome.error else {
      Issue.record("expected the deadline, got \(String(describing: outcome.error))")
      return
    }
    // The silent load is named; on a machine busy enough, the good one may not have finished
    // within the second either, and is then named too.
    #expect(loading[AttachmentPosition(item: 1, attachment: 2)] == "public.heic")
    let message = outcome.error.map { "\($0)" } ?? ""
    #expect(message.contains("item 1, attachment 2 (public.heic)"))
    #expect(message.contains("still loading"))
    #expect(try fixture.isEmpty())
  }

  @Test("The provider's own load timeout fails the attachment at the loading stage")
  func providerTimeout() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let silent = try Self.scripted(.neverAnswer, in: fixture)
    let outcome = await fixture.pipeline().share(
      PipelineFixture.item([silent.fileProvider(typeIdentifier: "public.jpeg", loadTimeout: 0.2)])
    )
    guard case .attachmentFailed(let failure)? = outcome.error else {
      Issue.record("expected a failure, got \(String(describing: outcome.error))")
      return
    }
    #expect(failure.stage == .loading)
    #expect("\(failure)".contains("loadTimeout"))
  }

  @Test("An App Group with no directory is an error saying how to configure one")
  func groupUnavailable() throws {
    let error = #expect(throws: AppGroupError.self) {
      try GroupDirectory(appGroup: "group.com.example.nowhere")
    }
    #expect(error.map { "\($0)" }?.contains("INGEST_APP_GROUPS") == true)
  }

  @Test("A group directory that cannot be written fails the share and leaves nothing")
  func notWritable() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    // Root writes anywhere, so the refusal is injected where the kernel would give it.
    let fault = FaultInjector.shared.inject(
      .permissionDenied, into: .open, under: fixture.groupPath + "/.staging", times: .max)
    defer { FaultInjector.shared.remove(fault) }
    let outcome = await fixture.pipeline().share(PipelineFixture.item([Self.good]))
    guard case .attachmentFailed(let failure)? = outcome.error else {
      Issue.record("expected a failure, got \(String(describing: outcome.error))")
      return
    }
    #expect(failure.stage == .copying)
    #expect((failure.error as? IOError)?.code == .permissionDenied)
    #expect(try fixture.isEmpty())
  }

  @Test(
    "A group directory without write permission fails the share (as a user other than root)",
    .enabled(if: getuid() != 0, "root writes regardless of mode; the injected case runs as root"))
  func notWritableByMode() async throws {
    let fixture = try PipelineFixture()
    defer {
      chmod(fixture.groupPath + "/.staging", 0o700)
      fixture.remove()
    }
    #expect(chmod(fixture.groupPath + "/.staging", 0o500) == 0)
    let outcome = await fixture.pipeline().share(PipelineFixture.item([Self.good]))
    guard case .attachmentFailed(let failure)? = outcome.error else {
      Issue.record("expected a failure, got \(String(describing: outcome.error))")
      return
    }
    #expect((failure.error as? IOError)?.code == .permissionDenied)
  }

  @Test("The disk filling up mid-copy rolls the share back")
  func diskFull() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let big = try fixture.directory.bytes(
      "big.jpg", [0xFF, 0xD8, 0xFF] + Array(repeating: 7, count: 3 << 20))
    // A small tmpfs is the real thing; where this process cannot mount one, ENOSPC is injected
    // into the third write, which is what the kernel would return.
    let tmpfs = TinyFileSystem(under: fixture.directory.path, bytes: 1 << 20)
    defer { tmpfs?.unmount() }
    let group: GroupDirectory
    var fault: FaultInjector.Fault?
    if let tmpfs {
      group = try GroupDirectory(path: tmpfs.path + "/group")
    } else {
      group = fixture.group
      fault = FaultInjector.shared.inject(
        .noSpace, into: .write, under: fixture.groupPath + "/.staging", after: 2)
    }
    defer { if let fault { FaultInjector.shared.remove(fault) } }
    print("disk-full test: \(tmpfs == nil ? "injected ENOSPC" : "a real 1 MiB tmpfs")")
    let outcome = await SharePipeline(
      group: group, options: .init()
    ).share(
      PipelineFixture.item([PipelineFixture.fileProvider(big, type: "public.jpeg")]))
    guard case .attachmentFailed(let failure)? = outcome.error else {
      Issue.record("expected a failure, got \(String(describing: outcome.error))")
      return
    }
    #expect((failure.error as? IOError)?.code == .noSpace)
    for directory in ["Inbox", "Incoming", ".staging"] {
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: group.path + "/" + directory).isEmpty)
    }
  }

  @Test(
    """
    A large file lands whole with its digest: copied by the kernel, by reads and writes where the \
    kernel cannot, and rolled back when the disk fills
    """,
    arguments: ["kernel copy", "reads and writes", "disk full"])
  func largeFile(_ path: String) async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    // Over the pipelined copy's threshold, not a whole number of chunks, no two chunks alike.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let body = (0..<((9 << 20) + 12_345)).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
    let big = try fixture.directory.bytes("big.mov", body)
    let staging = fixture.groupPath + "/.staging"
    let fault: FaultInjector.Fault? =
      switch path {
      case "reads and writes":
        FaultInjector.shared.inject(.notSupported, into: .copyFileRange, under: staging)
      case "disk full":
        FaultInjector.shared.inject(.noSpace, into: .copyFileRange, under: staging, after: 3)
      default: nil
      }
    defer { if let fault { FaultInjector.shared.remove(fault) } }
    let outcome = await fixture.pipeline().share(
      PipelineFixture.item([PipelineFixture.fileProvider(big, type: "com.apple.quicktime-movie")]))
    if path == "disk full" {
      guard case .attachmentFailed(let failure)? = outcome.error else {
        Issue.record("expected a failure, got \(String(describing: outcome.error))")
        return
      }
      #expect((failure.error as? IOError)?.code == .noSpace)
      #expect(try fixture.isEmpty())
      return
    }
    #expect(outcome.isCommitted, "\(String(describing: outcome.error))")
    let item = try #require(try fixture.manifests().first?.items.first)
    let copy = fixture.groupPath + "/" + (try #require(item.file))
    #expect(item.byteCount == Int64(body.count))
    #expect(item.sha256 == (try FileDigest.sha256(of: big.path)))
    #expect(try FileDigest.sha256(of: copy) == item.sha256)
  }

  @Test("Files over the contract's limits, and empty files, are rejected before anything lands")
  func limits() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: Self.photo.path)[.size] as? Int)
    let small = InputContract(maximumFileSize: Int64(size - 1))
    let tooLarge = await fixture.pipeline(contract: small).share(PipelineFixture.item([Self.good]))
    #expect(tooLarge.rejectionViolation?.code == "fileTooLarge")
    let together = InputContract(maximumShareSize: Int64(size + size / 2))
    let tooMuch = await fixture.pipeline(contract: together).share(
      PipelineFixture.item([Self.good, Self.good]))
    #expect(tooMuch.rejectionViolation?.code == "shareTooLarge")
    let empty = try fixture.directory.bytes("empty.jpg", [])
    let emptyShare = await fixture.pipeline().share(
      PipelineFixture.item([PipelineFixture.fileProvider(empty, type: "public.jpeg")]))
    #expect(emptyShare.rejectionViolation == .emptyFile)
    #expect(try fixture.isEmpty())
  }

  @Test(
    "A FIFO, a device, a directory or a link out of the source is refused, never read",
    arguments: ["fifo", "device", "directory", "link"])
  func notAFile(_ kind: String) async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let path: String
    switch kind {
    case "fifo":
      path = fixture.directory.file("photo.jpg").path
      #expect(mkfifo(path, 0o600) == 0)
    case "device": path = "/dev/zero"
    case "directory": path = fixture.directory.path
    default:
      path = fixture.directory.file("link.jpg").path
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/etc/passwd")
    }
    for inPlace in [false, true] {
      let provider = NSItemProvider()
      provider.registerFileRepresentation(
        forTypeIdentifier: "public.jpeg", fileOptions: inPlace ? [.openInPlace] : [],
        visibility: .all
      ) { completion in
        completion(URL(fileURLWithPath: path), false, nil)
        return nil
      }
      let outcome = await fixture.pipeline().share(PipelineFixture.item([provider]))
      guard case .attachmentFailed(let failure)? = outcome.error else {
        Issue.record("\(kind): expected a failure, got \(String(describing: outcome.error))")
        continue
      }
      #expect(
        "\(failure)".contains("not a regular file") || "\(failure)".contains("symbolic link")
          || "\(failure)".contains("neither a regular file nor a directory"),
        "\(kind), in place \(inPlace): \(failure)")
      #expect(try fixture.isEmpty())
    }
  }

  @Test("A skipping contract leaves out what it does not take, and says so in the manifest")
  func skipping() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let zip = ProjectPaths.corpus.appendingPathComponent("files/archive.zip")
    let contract = InputContract(unsupported: .skipAttachment)
    let outcome = await fixture.pipeline(contract: contract).share(
      PipelineFixture.item([
        PipelineFixture.fileProvider(zip, type: "public.zip-archive"), Self.good,
      ]))
    #expect(outcome.isCommitted)
    let manifest = try #require(try fixture.manifests().first)
    #expect(manifest.items.map(\.typeIdentifier) == ["public.jpeg"])
    #expect(manifest.notIncluded.first?.reason.contains("public.zip-archive") == true)
  }
}

extension ShareOutcome {
  /// The contract violation the share was rejected for.
  var rejectionViolation: ContractViolation? {
    if case .rejected(let rejection)? = error { return rejection.violation }
    return nil
  }
}

/// A tmpfs of a few bytes, mounted for one test where the process may mount (root with the
/// capability); nil elsewhere.
struct TinyFileSystem {
  let path: String

  init?(under parent: String, bytes: Int) {
    path = parent + "/tiny-fs"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    guard mount("tmpfs", path, "tmpfs", 0, "size=\(bytes),mode=0700") == 0 else { return nil }
  }

  func unmount() {
    _ = umount2(path, Int32(MNT_DETACH))
  }
}
