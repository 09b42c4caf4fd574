import Foundation

/// A fresh directory for one test, removed by `remove()` (call it in a `defer`).
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ItemProviderTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var path: String { url.path }

  /// Writes `data` to a file named `name` inside the directory and returns its URL.
  func file(_ name: String, contents: Data) throws -> URL {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: file)
    return file
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// The project's sample files (`corpus/files`), made by `corpus/make-corpus.sh`.
enum Corpus {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("corpus")

  static func file(_ name: String) -> URL {
    directory.appendingPathComponent("files").appendingPathComponent(name)
  }

  static func bytes(_ name: String) throws -> Data {
    try Data(contentsOf: file(name))
  }
}

/// Permission bits of a path, read with `lstat` (what root cannot bypass: the recorded mode).
func permissions(of path: String) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
