import Foundation
import Testing

@testable import UTI

/// Compares the built-in catalogue with a real macOS 12.7.6 declaration list, the oracle in
/// `../shared/reference/coretypes-macos12.json` (reference data, not shipped with the project).
@Suite(
  "Catalogue against macOS 12",
  .enabled(if: SharedData.isAvailable, "../shared/reference is absent; oracle comparison skipped")
)
struct SystemCatalogueOracleTests {
  struct OracleType: Decodable {
    var identifier: String
    var declaration: String
    var conformsTo: [String]
    var filenameExtensions: [String]
    var mimeTypes: [String]
  }

  struct Oracle: Decodable {
    var types: [OracleType]
  }

  /// Deliberate differences, each with its reason. Keep this list short.
  static let exceptions: [String: String] = [
    "com.apple.macmini": "device-model type: left out of the catalogue, as the issue asks",
    "com.apple.iphone-8": "device-model type: left out of the catalogue, as the issue asks",
    "com.apple.iphone-8-plus": "device-model type: left out of the catalogue, as the issue asks",
    "com.apple.homebuttonless-ipad":
      "device-model type: left out of the catalogue, as the issue asks",
    "com.apple.homebuttonless-iphone":
      "device-model type: left out of the catalogue, as the issue asks",
    "com.apple.iphone-x":
      "device-model type whose parent (com.apple.homebuttonless-iphone) is itself a left-out device"
      + " model",
  ]

  static func load() throws -> [OracleType] {
    try JSONDecoder().decode(Oracle.self, from: Data(contentsOf: SharedData.coreTypesReference))
      .types
  }

  /// Supertypes as Apple orders them, computed from the oracle's own declarations.
  static func supertypes(of identifier: String, in oracle: [String: OracleType]) -> [String] {
    var result: [String] = []
    var seen: Set<String> = [identifier]
    func visit(_ node: String) {
      for parent in oracle[node]?.conformsTo ?? [] where oracle[parent] != nil {
        if seen.insert(parent).inserted {
          result.append(parent)
          visit(parent)
        }
      }
    }
    visit(identifier)
    return result
  }

  @Test("Every type in the macOS list agrees with the catalogue")
  func oracleTypes() throws {
    let types = try Self.load()
    let oracle = Dictionary(
      types.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    var disagreements: [String] = []
    var agreed = 0
    for expected in types where Self.exceptions[expected.identifier] == nil {
      guard let type = UTType(expected.identifier), let declaration = type.declaration else {
        disagreements.append("\(expected.identifier): missing from the catalogue")
        continue
      }
      var problems: [String] = []
      if type.identifier != expected.identifier { problems.append("spelled \(type.identifier)") }
      if declaration.kind.rawValue != expected.declaration {
        problems.append("\(declaration.kind.rawValue), oracle \(expected.declaration)")
      }
      if declaration.conformsTo != expected.conformsTo {
        problems.append("parents \(declaration.conformsTo), oracle \(expected.conformsTo)")
      }
      let supertypes = type.supertypes.map(\.identifier)
      let oracleSupertypes = Self.supertypes(of: expected.identifier, in: oracle)
      if supertypes != oracleSupertypes {
        problems.append("supertypes \(supertypes), oracle \(oracleSupertypes)")
      }
      if declaration.filenameExtensions != expected.filenameExtensions {
        problems.append(
          "extensions \(declaration.filenameExtensions), oracle \(expected.filenameExtensions)")
      }
      if declaration.mimeTypes != expected.mimeTypes {
        problems.append("MIME types \(declaration.mimeTypes), oracle \(expected.mimeTypes)")
      }
      if problems.isEmpty {
        agreed += 1
      } else {
        disagreements.append("\(expected.identifier): " + problems.joined(separator: "; "))
      }
    }
    let compared = types.count - Self.exceptions.count
    print(
      "catalogue oracle: \(agreed) of \(compared) types agree; \(Self.exceptions.count) exceptions")
    #expect(disagreements == [])
    #expect(agreed == compared)
  }

  @Test("Every listed exception is still needed")
  func exceptions() throws {
    let identifiers = Set(try Self.load().map(\.identifier))
    for (identifier, _) in Self.exceptions {
      #expect(identifiers.contains(identifier), "\(identifier) is no longer in the oracle")
      #expect(UTType(identifier) == nil, "\(identifier) is excepted but present in the catalogue")
    }
  }

  @Test("The preferred type for every listed extension follows the documented order")
  func preferredOrder() throws {
    // For each extension: public types first, exported before imported, then declaration order.
    let types = try Self.load().filter { Self.exceptions[$0.identifier] == nil }
    var candidates: [String: [(rank: (Int, Int, Int), identifier: String)]] = [:]
    for (position, type) in types.enumerated() {
      for tag in type.filenameExtensions {
        let rank = (
          type.identifier.hasPrefix("public.") ? 0 : 1, type.declaration == "exported" ? 0 : 1,
          position
        )
        candidates[tag.lowercased(), default: []].append((rank, type.identifier))
      }
    }
    var mismatches: [String] = []
    for (tag, list) in candidates {
      let expected = list.min { $0.rank < $1.rank }?.identifier
      let found = UTTypeRegistry.shared.types(
        tag: tag, tagClass: .filenameExtension, conformingTo: nil)
      if found.first?.identifier != expected {
        mismatches.append(
          "\(tag): \(found.first?.identifier ?? "nil"), expected \(expected ?? "nil")")
      }
    }
    #expect(mismatches == [])
  }
}
