import Foundation

/// Where the package's own files and the optional `../shared` reference data are, found from
/// this file's location so tests and benchmarks work from any working directory.
public enum ProjectPaths {
  /// The package root (the folder holding `Package.swift`).
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// `corpus/`: the files this project made itself, with the scripts that made them.
  public static let corpus = packageRoot.appendingPathComponent("corpus")

  /// `Tests/Fixtures/`: hand-written rules (`rules/*.plist`) and source-app profiles
  /// (`sources/*.json`) shared by the rule, profile and pipeline tests.
  public static let testFixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

  /// `../shared`: reference data beside the checkout, present for developers and CI but not in
  /// every clone. Tests that read it skip, saying so, when it is absent.
  public static let shared = packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared")

  /// Whether `relativePath` exists under `../shared`.
  public static func sharedHas(_ relativePath: String) -> Bool {
    FileManager.default.fileExists(atPath: shared.appendingPathComponent(relativePath).path)
  }
}
