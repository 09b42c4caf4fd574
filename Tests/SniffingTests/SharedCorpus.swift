import Foundation
import TestSupport

/// The labelled development corpus in `../shared/corpus-dev` (beside the package root), which
/// is not part of the repository: tests that read it skip when it is absent.
enum SharedCorpus {
  /// `../shared/corpus-dev`.
  static let root = ProjectPaths.shared.appendingPathComponent("corpus-dev")

  /// The two labelled collections in it.
  static let collections = ["file-type", "corkami-mini"]

  /// Whether the corpus is there.
  static var isAvailable: Bool {
    collections.allSatisfy {
      FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
    }
  }

  /// Every labelled file: the label is the extension of the file name (`fixture-mif1.heic` is
  /// labelled `heic`); files without an extension (LICENSE, makefile) carry no label.
  static func labelledFiles() throws -> [(url: URL, label: String)] {
    var files: [(URL, String)] = []
    for collection in collections {
      let directory = root.appendingPathComponent(collection)
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      for name in names {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { continue }
        files.append(
          (directory.appendingPathComponent(name), String(name[name.index(after: dot)...])))
      }
    }
    return files
  }
}
