import Foundation
import TestSupport

/// The project's sample files (`corpus/files`), made by `corpus/make-corpus.sh`.
enum Corpus {
  static func file(_ name: String) -> URL {
    ProjectPaths.corpus.appendingPathComponent("files").appendingPathComponent(name)
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
