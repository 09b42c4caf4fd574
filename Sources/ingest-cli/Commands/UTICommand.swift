import Foundation
import UTI

/// `ingest-cli uti`: describe types by identifier, filename extension or MIME type.
enum UTICommand {
  static let usage = """
    usage: ingest-cli uti [--declarations Info.plist]... [--json]
                          (IDENTIFIER | --ext EXTENSION | --mime MIME-TYPE)...
    """

  struct Description: Encodable {
    var query: String
    var identifier: String
    var description: String?
    var declaredParents: [String]
    var supertypes: [String]
    var filenameExtensions: [String]
    var mimeTypes: [String]
    var isDeclared: Bool
    var isDynamic: Bool
    var isPublic: Bool

    init(query: String, type: UTType) {
      self.query = query
      identifier = type.identifier
      description = type.localizedDescription
      declaredParents = type.declaredParents.map(\.identifier)
      supertypes = type.supertypes.map(\.identifier)
      filenameExtensions = type.tags[.filenameExtension] ?? []
      mimeTypes = type.tags[.mimeType] ?? []
      isDeclared = type.isDeclared
      isDynamic = type.isDynamic
      isPublic = type.isPublic
    }
  }

  struct Report: Encodable {
    var types: [Description]
    var warnings: [String]
  }

  static func run(_ arguments: inout Arguments) throws -> ExitStatus {
    if arguments.flag("--help", "-h") {
      print(usage)
      return .success
    }
    let json = arguments.flag("--json")
    let declarationFiles = try arguments.options("--declarations")
    let extensions = try arguments.options("--ext")
    let mimeTypes = try arguments.options("--mime")
    let identifiers = try arguments.positionals()
    guard !(extensions.isEmpty && mimeTypes.isEmpty && identifiers.isEmpty) else {
      throw CLIError.usage("uti needs an identifier, --ext or --mime\n" + usage)
    }

    var warnings: [String] = []
    for path in declarationFiles {
      guard FileManager.default.isReadableFile(atPath: path) else {
        throw CLIError.noInput("cannot read declarations: \(path) is missing or unreadable")
      }
      do {
        let found = try UTTypeRegistry.shared.registerDeclarations(
          fromInfoPlistAt: URL(fileURLWithPath: path)
        )
        warnings += found.map { "\(path): \($0)" }
      } catch {
        throw CLIError.data("\(error)")
      }
    }

    var descriptions: [Description] = []
    for identifier in identifiers {
      guard let type = UTType(identifier) else {
        throw CLIError.data("no declared type has the identifier '\(identifier)'")
      }
      descriptions.append(Description(query: identifier, type: type))
    }
    for tag in extensions {
      guard let type = UTType(filenameExtension: tag) else {
        throw CLIError.data("'\(tag)' is not a usable filename extension")
      }
      descriptions.append(Description(query: "--ext \(tag)", type: type))
    }
    for tag in mimeTypes {
      guard let type = UTType(mimeType: tag) else {
        throw CLIError.data("'\(tag)' is not a usable MIME type")
      }
      descriptions.append(Description(query: "--mime \(tag)", type: type))
    }

    if json {
      try Output.json(Report(types: descriptions, warnings: warnings))
    } else {
      for warning in warnings { Output.error("warning: \(warning)") }
      print(descriptions.map(text).joined(separator: "\n"), terminator: "")
    }
    return .success
  }

  static func text(_ description: Description) -> String {
    func list(_ values: [String]) -> String {
      values.isEmpty ? "(none)" : values.joined(separator: ", ")
    }
    let kind =
      description.isDynamic
      ? "dynamic (not declared)"
      : description.isDeclared ? "declared" : "not declared"
    return """
      \(description.identifier)
        description:       \(description.description ?? "(none)")
        declared parents:  \(list(description.declaredParents))
        supertypes:        \(list(description.supertypes))
        extensions:        \(list(description.filenameExtensions))
        MIME types:        \(list(description.mimeTypes))
        status:            \(kind)\(description.isPublic ? ", public" : "")

      """
  }
}
