import Foundation
import TestSupport

/// Locates `../shared` beside the package root, where reference data lives for developers and
/// CI. Tests that need it are skipped, with a message saying so, when it is absent.
enum SharedData {
  static let root = ProjectPaths.shared

  static let coreTypesReference = root.appendingPathComponent(
    "reference/coretypes-macos12.json"
  )

  static var isAvailable: Bool {
    FileManager.default.fileExists(atPath: coreTypesReference.path)
  }
}
