import Foundation
import SystemCalls
import UTI

/// `ingest-cli uti`: describe types by identifier, filename extension or MIME type.
enum UTICommand: ParsableCommand {
  static let name = "uti"

  static let spec = CommandSpec(
    name: name,
    abstract: "describe types by identifier, filename extension or MIME type",
    discussion: """
      Each query is answered in the order given: the type's description, declared parents, \
      supertypes, tags and status. An extension or MIME type no declared type claims gets a \
      dynamic (dyn.) type, as on a Mac, with a warning. A query that cannot be answered is \
      reported and the others are still answered.
      """,
    options: Options.self,
    operands: [.many("IDENTIFIER", help: "a type identifier, such as public.heic")],
    examples: [
      .init(command: "uti public.heic", note: "a type, its parents and tags"),
      .init(command: "uti --ext heic --mime image/heic --json", note: "two lookups, as JSON"),
      .init(
        command: "uti --declarations examples/ReadLater/Info.plist"
          + " com.example.readlater.article",
        note: "a type an app declares"),
    ],
    exitStatus: "0 every query answered; 64 no query; 65 a query no type answers (the others"
      + " are still answered); 66 a --declarations file that cannot be read."
  )

  /// `uti`'s options: lookups by tag, answered with the identifiers in the order given.
  struct Options: ParsableOptions {
    var filenameExtensions: [Arguments.Occurrence]
    var mimeTypes: [Arguments.Occurrence]
    var declarations: [String]

    init(from reader: inout OptionReader) {
      filenameExtensions = reader.read(
        PositionedOption(
          "--ext", value: "EXTENSION",
          help: "the type a filename extension means (heic, or .heic)"))
      mimeTypes = reader.read(
        PositionedOption(
          "--mime", value: "MIME-TYPE", help: "the type a MIME type means (image/heic)"))
      declarations = reader.read(TypeDeclarations.option)
    }
  }

  /// One query, in the order given.
  enum Query {
    case filenameExtension(String)
    case mimeType(String)
    case identifier(String)
  }

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
    /// Queries that found no type, each with why.
    var errors: [QueryError]
  }

  struct QueryError: Encodable {
    var query: String
    var error: String
  }

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let options = arguments.read(Options.self)
    let declarationFiles = options.declarations
    // Every query, options and identifiers, in command-line order.
    let queries =
      (options.filenameExtensions.map { ($0.position, Query.filenameExtension($0.value ?? "")) }
      + options.mimeTypes.map { ($0.position, Query.mimeType($0.value ?? "")) }
      + arguments.positionedOperands().map { ($0.position, Query.identifier($0.value ?? "")) })
      .sorted { $0.0 < $1.0 }.map(\.1)
    guard !queries.isEmpty else {
      throw CLIError.usage("uti needs an IDENTIFIER, --ext or --mime")
    }

    // A registry of the command's own: the declarations layer over the system catalogue there.
    let registry = UTTypeRegistry()
    var warnings = try TypeDeclarations.register(files: declarationFiles, in: registry)

    var descriptions: [Description] = []
    var errors: [QueryError] = []
    for query in queries {
      switch query {
      case .filenameExtension(let value):
        // `.heic` means `heic`: the dot is how people write an extension, not part of it.
        let tag = value.hasPrefix(".") ? String(value.dropFirst()) : value
        guard !tag.isEmpty, !tag.contains("/"),
          let type = registry.preferredType(
            tag: tag, tagClass: .filenameExtension, conformingTo: .data)
        else {
          errors.append(
            .init(query: "--ext \(value)", error: "'\(value)' is not a usable filename extension"))
          continue
        }
        if type.isDynamic {
          warnings.append(
            "no declared type has the filename extension '\(tag)'; \(type.identifier) is a"
              + " dynamic type"
          )
        }
        descriptions.append(Description(query: "--ext \(value)", type: type))
      case .mimeType(let value):
        guard
          let type = registry.preferredType(tag: value, tagClass: .mimeType, conformingTo: .data)
        else {
          errors.append(
            .init(query: "--mime \(value)", error: "'\(value)' is not a usable MIME type"))
          continue
        }
        if type.isDynamic {
          warnings.append(
            "no declared type has the MIME type '\(value)'; \(type.identifier) is a dynamic type")
        }
        descriptions.append(Description(query: "--mime \(value)", type: type))
      case .identifier(let value):
        guard let type = registry.type(withIdentifier: value) else {
          let nearest = registry.suggestion(for: value).map { " (did you mean \($0)?)" } ?? ""
          errors.append(
            .init(
              query: value,
              error:
                "no declared type has the identifier \(TerminalText.echoed(value))\(nearest)"))
          continue
        }
        descriptions.append(Description(query: value, type: type))
      }
    }

    if json {
      try Output.json(Report(types: descriptions, warnings: warnings, errors: errors))
    } else {
      print(descriptions.map(text).joined(separator: "\n"), terminator: "")
      for warning in warnings { Output.error("ingest-cli: warning: \(warning)") }
      for error in errors { Output.error("ingest-cli: \(error.error)") }
    }
    return errors.isEmpty ? .success : .dataError
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
