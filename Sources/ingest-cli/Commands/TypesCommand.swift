import Foundation
import Sniffing
import SystemCalls
import UTI

/// `ingest-cli types`: what each file really is, from its content, as a UTI.
enum TypesCommand: ParsableCommand {
  static let name = "types"

  static let spec = CommandSpec(
    name: name,
    abstract: "what files really are, from their content, as uniform type identifiers",
    discussion: """
      Our own signatures decide first, libmagic answers for the long tail, and the name only \
      when the content says nothing more specific. A name that disagrees with the content is \
      reported; the content wins. Links are followed, as file -L does. Every file is \
      described even when another cannot be read.
      """,
    options: Options.self,
    operands: [
      .many(
        "FILE", minimum: 1, help: "files to describe ('-' reads standard input)",
        completion: .file)
    ],
    examples: [
      .init(
        command: "types corpus/files/heic-named.jpg",
        note: "a HEIC photo named .jpg: found by its content, with a warning"),
      .init(command: "types - < corpus/files/photo", note: "bytes on standard input"),
      .init(
        command: "types --declarations examples/ReadLater/Info.plist corpus/files/document.pdf",
        note: "with the types an app declares registered first, as on a device"),
      .init(
        command: "types --json corpus/files/* | jq -r '.[] | .identifier'",
        note: "every sample's type, for a script"),
    ],
    exitStatus: "0 every file described; 65 a file libmagic failed on; 66 a file missing,"
      + " unreadable or not a regular file (the others are still described)."
  )

  /// `types`'s options.
  struct Options: ParsableOptions {
    /// `--content-only`: file names are not evidence.
    var ignoresNames: Bool
    var declarations: [String]

    init(from reader: inout OptionReader) {
      ignoresNames = reader.read(
        Flag("--content-only", help: "judge content alone: ignore file names"))
      declarations = reader.read(TypeDeclarations.option)
    }
  }

  struct Description: Encodable {
    var path: String
    var identifier: String?
    var description: String?
    var supertypes: [String]?
    var mimeType: String?
    var evidence: String?
    var explanation: String?
    var contentType: String?
    var nameType: String?
    var isMismatch: Bool?
    var byteCount: Int?
    var bytesRead: Int?
    var error: String?

    init(path: String, result: SniffResult) {
      self.path = path
      identifier = result.type.identifier
      description = result.type.localizedDescription
      supertypes = result.type.supertypes.map(\.identifier)
      mimeType = result.mimeType
      evidence = result.evidence.rawValue
      explanation = result.explanation
      contentType = result.contentType?.identifier
      nameType = result.nameType?.identifier
      isMismatch = result.isMismatch
      byteCount = result.byteCount
      bytesRead = result.bytesRead
    }

    /// A file that cannot be described: the error's message, its names quoted for a terminal
    /// or, in a JSON document, as they are.
    init(path: String, error: CLIError, json: Bool) {
      self.path = path
      self.error = error.description(quoting: json ? .verbatim : .terminal)
    }
  }

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let options = arguments.read(Options.self)
    let paths = try arguments.positionals()
    // The app's declarations name its own types: a file whose extension it declares is
    // reported as that type, with the declared supertypes.
    let registry = try TypeDeclarations.registry(files: options.declarations)
    let sniffer = ContentSniffer(
      configuration: .init(usesFilename: !options.ignoresNames), registry: registry)
    var descriptions: [Description] = []
    var status = ExitStatus.success
    for path in paths {
      do {
        descriptions.append(Description(path: path, result: try sniff(path, with: sniffer)))
      } catch {
        descriptions.append(Description(path: path, error: error, json: json))
        // The other files are still described; missing input (66) wins over bad data (65).
        if status == .success || error.status == .noInput { status = error.status }
      }
    }
    if json {
      try Output.json(descriptions)
    } else {
      for description in descriptions {
        if let error = description.error {
          Output.error("ingest-cli: \(error)")
        } else {
          print(text(description))
        }
      }
    }
    return status
  }

  /// Sniffs the file `path` names, following it when it is a symbolic link.
  static func sniff(_ path: String, with sniffer: ContentSniffer) throws(CLIError) -> SniffResult {
    if path == "-" {
      let bytes = try InputPath.standardInputPrefixBytes()
      do {
        return try sniffer.sniff(data: Data(bytes))
      } catch {
        throw error.cliError
      }
    }
    let file: String
    do {
      file = try InputPath.resolvingLink(path)
    } catch {
      throw .io(error, role: .input)
    }
    do {
      return try sniffer.sniff(fileAtPath: file)
    } catch {
      throw error.cliError
    }
  }

  /// The text for one file. Every value that comes from the file's name or content is quoted
  /// as `ls` quotes names (`$'a\nb'`) when it holds a control character, so no file can forge
  /// a line or move the cursor.
  static func text(_ item: Description) -> String {
    let quoted: (String) -> String = TerminalText.quoted
    var lines = ["\(quoted(item.path)): \(quoted(item.identifier ?? "?"))"]
    if let description = item.description { lines[0] += " (\(quoted(description)))" }
    lines.append("  supertypes:  \((item.supertypes ?? []).map(quoted).joined(separator: ", "))")
    lines.append("  MIME type:   \(quoted(item.mimeType ?? "(none)"))")
    lines.append("  evidence:    \(item.evidence ?? "?"): \(quoted(item.explanation ?? ""))")
    if item.isMismatch == true {
      lines.append(
        "  warning:     the name says \(quoted(item.nameType ?? "?")) but the content is"
          + " \(quoted(item.contentType ?? "?")); the content wins")
    }
    return lines.joined(separator: "\n")
  }
}
