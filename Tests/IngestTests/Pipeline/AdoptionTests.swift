import Foundation
import Ingest
import ItemProvider
import SystemCalls
import TestSupport
import Testing

/// A file its writer made in `.staging/` and hashed while writing (a request body the share
/// server received) becomes the payload itself: one write per upload, with every guarantee of
/// a copied payload.
@Suite("Share pipeline: adopting a received file instead of copying it", .onIOExecutor)
struct AdoptionTests {
  /// Writes the corpus photo into a new in-flight file in `.staging/` as the server writes a
  /// body, and hands it over with its digest; returns it and its inode.
  static func receive(in fixture: PipelineFixture, name: String = "upload-x.jpeg")
    throws -> (ReceivedFile, inode: UInt64)
  {
    let bytes = try photoBytes()
    let made = try fixture.group.makeInFlightFile(in: fixture.group.staging, .readWrite) { name }
    try bytes.withUnsafeBytes { try made.file.writeAll($0) }
    let status = try made.file.status()
    let received = ReceivedFile(
      name: made.name, file: made.file, byteCount: Int64(bytes.count),
      sha256: try FileDigest.sha256(of: PipelineFixture.photo.path))
    return (received, status.inode)
  }

  static func photoBytes() throws -> [UInt8] {
    [UInt8](try Data(contentsOf: PipelineFixture.photo))
  }

  @Test("The received file is the payload: same inode, 0600, its digest verified, nothing copied")
  func adopts() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let bytes = try Self.photoBytes()
    let (received, inode) = try Self.receive(in: fixture)
    let share = try LocalShare(files: [
      URL(fileURLWithPath: fixture.group.staging.path(of: received.name))
    ])
    let outcome = await fixture.pipeline().share(share.items, source: "test", adopting: [received])
    #expect(outcome.isCommitted, "\(String(describing: outcome.error))")
    #expect(received.isAdopted)
    received.close()
    let item = try #require(try fixture.manifests().first?.items.first)
    let path = fixture.groupPath + "/" + (try #require(item.file))
    let status = try FileSystem.status(ofPath: path)
    #expect(status.inode == inode, "the very file written, not a copy")
    #expect(status.permissions & 0o777 == 0o600)
    #expect(item.byteCount == Int64(bytes.count))
    #expect(item.sha256 == (try FileDigest.sha256(of: path)))
    #expect(item.sha256 == (try FileDigest.sha256(of: PipelineFixture.photo.path)))
    #expect(!(try fixture.names(".staging")).contains(received.name))
  }

  @Test("A received file whose name now holds another file is refused, and nothing commits")
  func refusesASwappedFile() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let (received, _) = try Self.receive(in: fixture)
    // Another file put in its place under the same name.
    let path = fixture.group.staging.path(of: received.name)
    try FileManager.default.removeItem(atPath: path)
    try Data(try Self.photoBytes()).write(to: URL(fileURLWithPath: path))
    let share = try LocalShare(files: [URL(fileURLWithPath: path)])
    let outcome = await fixture.pipeline().share(share.items, adopting: [received])
    #expect(!outcome.isCommitted)
    #expect(try fixture.manifests().isEmpty)
    #expect(try fixture.names("Incoming").isEmpty)
    received.close()
  }

  @Test("A received file past the contract's size is refused before it is taken")
  func contractStillApplies() async throws {
    let fixture = try PipelineFixture()
    defer { fixture.remove() }
    let (received, _) = try Self.receive(in: fixture)
    var contract = InputContract.default
    contract.maximumFileSize = 100
    let share = try LocalShare(
      files: [URL(fileURLWithPath: fixture.group.staging.path(of: received.name))])
    let outcome = await fixture.pipeline(contract: contract).share(
      share.items, adopting: [received])
    #expect(!outcome.isCommitted)
    #expect(!received.isAdopted, "the writer keeps it, to remove")
    #expect(try fixture.manifests().isEmpty)
    received.close()
  }
}
