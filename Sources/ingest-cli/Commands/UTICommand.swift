import Foundation
import SystemCalls
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
    let queries = try arguments.orderedQueries("--ext", "--mime")
    guard !queries.isEmpty else {
      throw CLIError.usage("uti needs an identifier, --ext or --mime\n" + usage)
    }

    // A registry of the command's own: the declarations layer over the system catalogue there.
    let registry = UTTypeRegistry()
    let warnings = try TypeDeclarations.register(files: declarationFiles, in: registry)

    var descriptions: [Description] = []
    for (option, value) in queries {
      switch option {
      case "--ext":
        guard
          let type = registry.preferredType(
            tag: value, tagClass: .filenameExtension, conformingTo: .data)
        else {
          throw CLIError.data("'\(value)' is not a usable filename extension")
        }
        descriptions.append(Description(query: "--ext \(value)", type: type))
      case "--mime":
        guard
          let type = registry.preferredType(tag: value, tagClass: .mimeType, conformingTo: .data)
        else {
          throw CLIError.data("'\(value)' is not a usable MIME type")
        }
        descriptions.append(Description(query: "--mime \(value)", type: type))
      default:
        guard let type = registry.type(withIdentifier: value) else {
          throw CLIError.data("no declared type has the identifier '\(value)'")
        }
        descriptions.append(Description(query: value, type: type))
      }
    }

    if json {
      try Output.json(Report(types: descriptions, warnings: warnings))
    } else {
      for warning in warnings { Output.error("warning: \(warning)") }
      print(descriptions.map(text).joined(separator: "\n"), terminator: "")
    }
    return .success
  }

  /// The text for one type. Identifiers, descriptions and tags can come from an `Info.plist`
  /// a user gave (`--declarations`): each is quoted when it holds a control character.
  static func text(_ description: Description) -> String {
    let quoted: (String) -> String = TerminalText.quoted
    func list(_ values: [String]) -> String {
      values.isEmpty ? "(none)" : values.map(quoted).joined(separator: ", ")
    }
    let kind =
      description.isDynamic
      ? "dynamic (not declared)"
      : description.isDeclared ? "declared" : "not declared"
    return """
      \(quoted(description.identifier))
        description:       \(quoted(description.description ?? "(none)"))
        declared parents:  \(list(description.declaredParents))
        supertypes:        \(list(description.supertypes))
        extensions:        \(list(description.filenameExtensions))
        MIME types:        \(list(description.mimeTypes))
        status:            \(kind)\(description.isPublic ? ", public" : "")

      """
  }
}
