import Foundation
import Ingest
import ItemProvider
import TestSupport

/// The project's corpus folder (`corpus/`, holding `files/` and `sources/`).
enum ProfileCorpus {
  static let directory = ProjectPaths.corpus

  static let sources = directory.appendingPathComponent("sources")

  static var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  static func profile(_ name: String) throws -> SourceProfile {
    try SourceProfile.load(from: sources.appendingPathComponent("\(name).json"))
  }
}

/// A fresh directory for one test, removed by `remove()`.
struct ProfileWorkDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ProfileTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Completion-handler loads as `async` calls.
enum ProfileLoads {
  static func data(_ provider: NSItemProvider, _ type: String) async -> (Data?, NSError?) {
    await withCheckedContinuation { continuation in
      _ = provider.loadDataRepresentation(forTypeIdentifier: type) { data, error in
        continuation.resume(returning: (data, error.map { $0 as NSError }))
      }
    }
  }

  static func fileBytes(_ provider: NSItemProvider, _ type: String) async -> (Data?, NSError?) {
    await withCheckedContinuation { continuation in
      _ = provider.loadFileRepresentation(forTypeIdentifier: type) { url, error in
        continuation.resume(
          returning: (url.flatMap { try? Data(contentsOf: $0) }, error.map { $0 as NSError }))
      }
    }
  }

  static func item<T: Sendable>(
    _ provider: NSItemProvider, _ type: String, expecting expected: AnyClass? = nil,
    describe: @escaping @Sendable ((any NSSecureCoding)?) -> T?
  ) async -> (T?, NSError?) {
    await withCheckedContinuation { continuation in
      provider.loadItem(forTypeIdentifier: type, options: nil, expectedValueClass: expected) {
        item, error in
        continuation.resume(returning: (describe(item), error.map { $0 as NSError }))
      }
    }
  }
}
