import Foundation
import SystemCalls

/// The package's sample files (`corpus/`), which the shipped source-app profiles name: found
/// beside the sources this module was built from (so a package that depends on this one finds
/// them in its checkout), or where `INGEST_CORPUS_DIR` says. An installed program without the
/// repository has none, and profiles that share sample files then need the user's own files.
///
/// ```swift
/// let corpus = try #require(ShareSamples.corpus)
/// let items = try profile.makeExtensionItems(corpus: corpus, workDirectory: work)
/// ```
public enum ShareSamples {
  /// The `corpus/` folder, or nil when neither the sources' checkout nor `INGEST_CORPUS_DIR`
  /// has one.
  public static var corpus: URL? {
    if let value = ProcessEnvironment.value("INGEST_CORPUS_DIR"), !value.isEmpty {
      return URL(fileURLWithPath: value)
    }
    let built = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // SourceApps
      .deletingLastPathComponent()  // Ingest
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()
      .appendingPathComponent("corpus")
    let files = built.appendingPathComponent("files").path
    return FileManager.default.fileExists(atPath: files) ? built : nil
  }
}
