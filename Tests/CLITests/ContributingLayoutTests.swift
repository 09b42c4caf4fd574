import Foundation
import TestSupport
import Testing

/// CONTRIBUTING.md's table of targets, held against what `Package.swift` declares: a target
/// added, renamed, moved or removed without the table following fails here.
@Suite("CONTRIBUTING.md lists every target of Package.swift, with its folder")
struct ContributingLayoutTests {
  /// One row of the table: a target, its folder and what it is for.
  struct Row: Equatable, CustomStringConvertible {
    var target: String
    var folder: String
    var role: String

    var description: String { "\(target) in \(folder)" }
  }

  /// The rows of the table under `### Targets` in CONTRIBUTING.md:
  /// `` | `Name` | `Folder/` | role | ``.
  static func documentedRows() throws -> [Row] {
    let text = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "### Targets") else { return [] }
    var rows: [Row] = []
    for line in lines[start...].dropFirst() {
      if line.hasPrefix("#") { break }
      guard line.hasPrefix("| `") else { continue }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3 else { continue }
      rows.append(
        Row(
          target: cells[0].trimmingCharacters(in: ["`"]),
          folder: cells[1].trimmingCharacters(in: ["`"]),
          role: cells[2]))
    }
    return rows
  }

  /// Every target `swift package dump-package` reports, with its folder: its `path:`, else
  /// `Tests/<name>/` for a test target and `Sources/<name>/` for any other.
  static func declaredTargets() async throws -> [String: String] {
    var folders: [String: String] = [:]
    for target in try await PackageDump.targets() {
      let folder = target.path ?? (target.type == "test" ? "Tests" : "Sources") + "/\(target.name)"
      folders[target.name] = folder.hasSuffix("/") ? folder : folder + "/"
    }
    return folders
  }

  @Test("Each target of Package.swift has one row, with its folder and a role, and no other")
  func tableMatchesPackage() async throws {
    let rows = try Self.documentedRows()
    try #require(!rows.isEmpty, "CONTRIBUTING.md has no table of targets under ### Targets")
    let declared = try await Self.declaredTargets()
    #expect(declared.count > 30, "dump-package listed \(declared.count) targets")

    var seen: Set<String> = []
    for row in rows {
      #expect(seen.insert(row.target).inserted, "\(row.target) has two rows")
      #expect(!row.role.isEmpty, "\(row.target) has no role")
      if let folder = declared[row.target] {
        #expect(
          row.folder == folder,
          "\(row.target): the table says \(row.folder), Package.swift \(folder)")
      } else {
        Issue.record("\(row) is in CONTRIBUTING.md but not in Package.swift")
      }
    }
    for (target, folder) in declared.sorted(by: { $0.key < $1.key }) where !seen.contains(target) {
      Issue.record("\(target) (\(folder)) is in Package.swift but not in CONTRIBUTING.md")
    }
  }

  @Test("Each folder the table names exists")
  func foldersExist() throws {
    for row in try Self.documentedRows() {
      var isDirectory: ObjCBool = false
      let path = CLI.packageRoot.appendingPathComponent(row.folder).path
      #expect(
        FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
          && isDirectory.boolValue, "\(row.folder) (\(row.target)) is not a folder")
    }
  }
}

/// The boundaries ARCHITECTURE draws between modules, read from what `Package.swift` declares:
/// a dependency that crosses one, even through another module, fails here.
@Suite("Module boundaries: what the extension links, and what the share route links")
struct ModuleBoundaryTests {
  /// Each target's direct dependencies on targets of this package, by name.
  static func dependencies() async throws -> [String: Set<String>] {
    Dictionary(
      try await PackageDump.targets().map { ($0.name, $0.dependencies) },
      uniquingKeysWith: { first, _ in first })
  }

  /// Every target `target` depends on, directly or through others.
  static func closure(of target: String, in graph: [String: Set<String>]) -> Set<String> {
    var seen: Set<String> = []
    var queue = Array(graph[target] ?? [])
    while let next = queue.popLast() {
      guard seen.insert(next).inserted else { continue }
      queue += graph[next] ?? []
    }
    return seen
  }

  @Test("Ingest, which a share extension links, never reaches the reading side or a database")
  func extensionSide() async throws {
    let graph = try await Self.dependencies()
    try #require(graph["Ingest"] != nil && graph["InboxReading"] != nil)
    let reached = Self.closure(of: "Ingest", in: graph)
    for forbidden in ["InboxReading", "Importer", "IngestPostgres", "CSQLite", "CPostgres"] {
      #expect(!reached.contains(forbidden), "Ingest depends on \(forbidden)")
    }
    #expect(Self.closure(of: "InboxReading", in: graph).contains("Ingest"))
    #expect(Self.closure(of: "Importer", in: graph).contains("InboxReading"))
  }

  @Test("ShareServer, the transport and the share route, never reaches the library or a codec")
  func shareRoute() async throws {
    let graph = try await Self.dependencies()
    try #require(graph["ShareServer"] != nil && graph["ShareWebApp"] != nil)
    let reached = Self.closure(of: "ShareServer", in: graph)
    for forbidden in ["ShareWebApp", "Importer", "InboxReading", "CSQLite", "ImageCodecs"] {
      #expect(!reached.contains(forbidden), "ShareServer depends on \(forbidden)")
    }
    let webApp = Self.closure(of: "ShareWebApp", in: graph)
    #expect(webApp.contains("ShareServer") && webApp.contains("Importer"))
  }

  /// The names the reading side of the inbox declares (module `InboxReading`), each as the
  /// declaration that introduces it.
  static let readingSide = [
    "protocol InboxReader", "protocol InboxClaim", "struct InboxEntry", "struct InboxProblem",
    "struct InboxFailure", "struct ClaimedShares", "protocol PayloadStore",
    "protocol PayloadReader", "struct GroupDirectoryPayloads", "enum PayloadError",
    "class DirectoryClaim", "protocol ProvingClaim", "extension DirectoryInbox: InboxReader",
  ]

  @Test("Ingest's sources declare none of the inbox's reading side, which InboxReading does")
  func readingSideOutOfIngest() throws {
    let ingest = try Self.swiftFiles(in: "Sources/Ingest")
    let reading = try Self.swiftFiles(in: "Sources/InboxReading")
    for declaration in Self.readingSide {
      let declaring = ingest.filter { $0.text.contains(declaration) }.map(\.file)
      #expect(declaring.isEmpty, "\(declaring) in Ingest declare \(declaration)")
      #expect(
        reading.contains { $0.text.contains(declaration) }, "InboxReading lacks \(declaration)")
    }
    // The extension's side of the inbox stays where the extension links it.
    for declaration in [
      "protocol InboxWriter", "protocol PreparedManifest", "class DirectoryInbox: InboxWriter",
    ] {
      #expect(ingest.contains { $0.text.contains(declaration) }, "Ingest lacks \(declaration)")
    }
    // And nothing in Ingest's sources names the reading protocol in code.
    for file in ingest {
      let code = file.text.split(separator: "\n").filter {
        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      }
      for name in ["InboxReader", "InboxClaim", "InboxStore"] {
        #expect(
          !code.contains { $0.contains(name) }, "\(file.file) names \(name) outside a comment")
      }
    }
  }

  /// The Swift files below `folder` of the package, with their text.
  static func swiftFiles(in folder: String) throws -> [(file: String, text: String)] {
    let root = CLI.packageRoot.appendingPathComponent(folder)
    let paths = try #require(FileManager.default.subpaths(atPath: root.path))
    let files = try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
      (
        file: "\(folder)/\(path)",
        text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      )
    }
    try #require(files.count > 5, "\(folder) holds \(files.count) Swift files")
    return files
  }
}

/// What `swift package dump-package` says of this package's targets: the one reading of it
/// that every layout test uses.
enum PackageDump {
  /// One target: its name, kind, declared folder, and its direct dependencies on targets.
  struct Target: Sendable {
    var name: String
    var type: String
    var path: String?
    var dependencies: Set<String>
  }

  /// The targets, from `swift package dump-package` run on a scratch path of its own (so it
  /// does not wait for the lock of the build running the tests).
  static func targets() async throws -> [Target] {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let result = try await CLI.run(
      [
        "-c", "exec swift package --package-path \"$1\" --scratch-path \"$2\" dump-package", "sh",
        CLI.packageRoot.path, scratch.path,
      ], shell: true)
    try #require(result.status == 0, "swift package dump-package: \(result.standardError)")
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let targets = try #require(manifest["targets"] as? [[String: Any]])
    return try targets.map { target in
      var names: Set<String> = []
      for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
        // {"byName": ["UTI", null]}, {"target": ["UIKit", null]}: the name comes first.
        for kind in ["byName", "target"] {
          if let first = (dependency[kind] as? [Any])?.first as? String { names.insert(first) }
        }
      }
      return Target(
        name: try #require(target["name"] as? String), type: target["type"] as? String ?? "",
        path: target["path"] as? String, dependencies: names)
    }
  }
}
