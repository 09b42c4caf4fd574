import Foundation

/// The repository's sample files (`corpus/`), which source-app profiles name: found beside the
/// sources this program was built from, or where `INGEST_CORPUS_DIR` says. An installed
/// program without the repository has none, and profiles that share sample files then need
/// the user's own files.
enum ShareSamples {
  static var corpus: URL? {
    if let value = ProcessInfo.processInfo.environment["INGEST_CORPUS_DIR"], !value.isEmpty {
      return URL(fileURLWithPath: value)
    }
    let built = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Support
      .deletingLastPathComponent()  // ingest-cli
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()
      .appendingPathComponent("corpus")
    let files = built.appendingPathComponent("files").path
    return FileManager.default.fileExists(atPath: files) ? built : nil
  }
}
