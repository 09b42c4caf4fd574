/// The built-in catalogue of system-declared types.
///
/// The catalogue is this project's own source: one line per type in the tables of the
/// `SystemCatalogue+*.swift` files, grouped by domain, in the order Apple's CoreTypes bundle
/// declares them (order matters: it breaks ties between types sharing a tag). A line reads
///
///     E public.jpeg | public.image | jpeg jpg jpe | image/jpeg image/jpg | JPEG image
///
/// that is: `E` exported or `I` imported, the identifier, the parents in declared order, the
/// filename extensions and MIME types in declared order (space separated, `-` for none may be
/// left empty), and a description in our own words. Lines starting with `#` are comments.
///
/// Maintenance: edit the tables by hand. `SystemCatalogueOracleTests` compares every type
/// against a real macOS 12 declaration list (`../shared/reference/coretypes-macos12.json`, not
/// shipped) and lists each deliberate difference with its reason; `SystemCatalogueTests`
/// checks that every line parses, every parent exists and the graph has no cycle.
enum SystemCatalogue {
  /// Every table, in load order.
  static let tables: [String] = [publicTypes, appleTypes, thirdPartyTypes, newerTypes]

  /// The parsed declarations, in table order.
  static let declarations: [UTTypeDeclaration] = tables.flatMap { parse($0).declarations }

  /// A line that could not be parsed, for the catalogue's own tests.
  struct Issue: Equatable, CustomStringConvertible {
    var line: String
    var reason: String
    var description: String { "\(reason): \(line)" }
  }

  /// Parses one table.
  static func parse(_ table: String) -> (declarations: [UTTypeDeclaration], issues: [Issue]) {
    var declarations: [UTTypeDeclaration] = []
    var issues: [Issue] = []
    for rawLine in table.split(separator: "\n", omittingEmptySubsequences: true) {
      let line = rawLine.drop { $0 == " " }
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(separator: "|", omittingEmptySubsequences: false)
      guard fields.count == 5 else {
        issues.append(Issue(line: String(line), reason: "expected 5 fields separated by '|'"))
        continue
      }
      let head = fields[0].split(separator: " ")
      guard head.count == 2, head[0] == "E" || head[0] == "I" else {
        issues.append(
          Issue(line: String(line), reason: "expected 'E identifier' or 'I identifier'"))
        continue
      }
      func words(_ field: Substring) -> [String] {
        field.split(separator: " ").map(String.init)
      }
      let description = fields[4].trimmingSpaces()
      declarations.append(
        UTTypeDeclaration(
          identifier: String(head[1]),
          conformsTo: words(fields[1]),
          filenameExtensions: words(fields[2]),
          mimeTypes: words(fields[3]),
          kind: head[0] == "E" ? .exported : .imported,
          description: description.isEmpty ? nil : description
        )
      )
    }
    return (declarations, issues)
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
