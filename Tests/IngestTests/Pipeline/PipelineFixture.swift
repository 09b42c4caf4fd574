import Foundation
import Ingest
import ItemProvider
import SystemCalls
import TestSupport
import Testing

/// A temporary App Group directory under a path with a space and non-ASCII letters (the path
/// an `Application Support` inbox has), a pipeline into it, and readers of what landed.
struct PipelineFixture {
  let directory: TemporaryDirectory
  let groupPath: String
  let group: GroupDirectory

  init(prefix: String = "pipeline") throws {
    directory = try TemporaryDirectory(prefix: prefix)
    groupPath = directory.path + "/Application Support/Grüppe %20 group"
    group = try GroupDirectory(path: groupPath)
  }

  func remove() { directory.remove() }

  /// A pipeline into the fixture's group, with the product's own options (its 30 s deadline)
  /// unless `options` say otherwise.
  func pipeline(
    contract: InputContract = .default,
    options: SharePipeline.Options = .init(),
    log: IngestLog = .none
  ) -> SharePipeline {
    SharePipeline(group: group, contract: contract, options: options, log: log)
  }

  /// The corpus photo the pipeline tests share.
  static let photo = ProjectPaths.corpus.appendingPathComponent("files/photo.jpg")

  /// Shares `photo` through `pipeline`, requiring the share to commit.
  static func sharePhoto(_ pipeline: SharePipeline) async throws -> ShareOutcome {
    let outcome = await pipeline.share(item([fileProvider(photo, type: "public.jpeg")]))
    try #require(outcome.isCommitted)
    return outcome
  }

  /// The names in `.staging/`: those of files also published in `Incoming/` (second names,
  /// kept until the pipeline's next flush of `Incoming/`), and the others (files of shares in
  /// flight, or made ahead).
  func stagingNames() throws -> (published: [String], others: [String]) {
    let published = Set(try names("Incoming").map { String($0.prefix(36)) })
    let staged = try names(".staging")
    return (
      staged.filter { published.contains(String($0.prefix(36))) },
      staged.filter { !published.contains(String($0.prefix(36))) }
    )
  }

  /// The names in one of the group's directories.
  func names(_ directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: groupPath + "/" + directory).sorted()
  }

  /// The manifests in `Inbox/`, decoded.
  func manifests() throws -> [ShareManifest] {
    try names("Inbox").filter { $0.hasSuffix(".json") }.map { name in
      let path = groupPath + "/Inbox/" + name
      return try ShareManifest.decode(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
    }
  }

  /// Whether nothing of any share is left: no manifest, no payload, nothing staged.
  func isEmpty() throws -> Bool {
    try names("Inbox").isEmpty && names("Incoming").isEmpty && names(".staging").isEmpty
  }

  /// The mode bits of a path inside the group.
  func permissions(_ relativePath: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(
      atPath: groupPath + "/" + relativePath)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  /// The extension items a shipped profile builds, over the corpus files.
  func items(profile name: String) throws -> [NSExtensionItem] {
    let profile = try SourceProfile.load(
      from: ProjectPaths.corpus.appendingPathComponent("sources/\(name).json"))
    let work = directory.url.appendingPathComponent("profile-work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    return try profile.makeExtensionItems(corpus: ProjectPaths.corpus, workDirectory: work)
  }

  /// One item holding `providers`.
  static func item(_ providers: [NSItemProvider]) -> [NSExtensionItem] {
    let item = NSExtensionItem()
    item.attachments = providers
    return [item]
  }

  /// A provider offering a file as a file representation of `type`.
  static func fileProvider(_ url: URL, type: String, name: String? = nil) -> NSItemProvider {
    let provider = NSItemProvider()
    provider.registerFileRepresentation(forTypeIdentifier: type, visibility: .all) {
      completion in
      completion(url, false, nil)
      return nil
    }
    provider.suggestedName = name ?? url.lastPathComponent
    return provider
  }
}

extension TemporaryDirectory {
  /// Writes `bytes` to `name` and returns its URL.
  func bytes(_ name: String, _ bytes: [UInt8]) throws -> URL {
    try file(name, contents: Data(bytes))
  }
}
