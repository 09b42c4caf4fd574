import Foundation
import TestSupport

/// Locations of the committed corpus and of the optional ../shared samples.
enum Fixtures {
  static let lzfse = ProjectPaths.corpus.appendingPathComponent("shortcuts/lzfse")

  static func lzfseFixture(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: lzfse.appendingPathComponent(name + ".lzfse")))
  }

  struct ManifestEntry: Decodable {
    var decodedSize: Int
    var sha256: String
    var blocks: [String]
  }

  static func lzfseManifest() throws -> [String: ManifestEntry] {
    let data = try Data(contentsOf: lzfse.appendingPathComponent("manifest.json"))
    return try JSONDecoder().decode([String: ManifestEntry].self, from: data)
  }
}

/// The read-only samples in ../shared, present in CI but not in every checkout.
enum SharedData {
  static let samples = ProjectPaths.shared.appendingPathComponent("samples/shortcuts")

  static var isAvailable: Bool {
    FileManager.default.fileExists(
      atPath: samples.appendingPathComponent("contactVerificationTest.shortcut").path)
  }

  static func sample(_ name: String) throws -> Data {
    try Data(contentsOf: samples.appendingPathComponent(name))
  }
}
