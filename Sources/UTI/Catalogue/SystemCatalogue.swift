/// The built-in catalogue of system-declared types.
///
/// The catalogue is this project's own source: one line per type in the tables of the
/// `SystemCatalogue+*.swift` files, grouped by domain, in the order Apple's CoreTypes bundle
/// declares them (order matters: it breaks ties between types sharing a tag). A line reads
///
///     E public.jpeg | public.image | jpeg jpg jpe | image/jpeg image/jpg | JPEG (JFIF/Exif) image
///
/// that is: `E` exported or `I` imported, the identifier, the parents in declared order, the
/// filename extensions and MIME types in declared order (space separated, `-` for none may be
/// left empty), and a description in our own words. Lines starting with `#` are comments.
///
/// A line longer than the 100 columns `.swift-format` sets is wrapped in the source at a space,
/// before a `|` where one fits: the source line ends with `\` (Swift's line continuation in a
/// multi-line string literal, so the string holds no newline there) and the space it broke at
/// starts the next source line, one column right of the table's indentation:
///
///     E public.vcard | public.text public.contact | vcf vcard\
///      | text/vcard text/directory text/x-vcard | Contact card in vCard format
///
/// The table's text is then the same one line per type as unwrapped, byte for byte, so the
/// compiled catalogue's line ranges do not change either.
///
/// The tables are not parsed when a process starts: `CompiledCatalogue` holds the compiled
/// graph (identifiers, parents, the conformance closure, the tag indexes), laid out at build
/// time by `scripts/compile-catalogue.sh`, with where each type's line is, and a declaration is
/// read from its line when it is asked for. `CompiledCatalogueTests` fails when the tables
/// and the compiled catalogue differ.
///
/// Maintenance: edit the tables by hand, then run `scripts/compile-catalogue.sh`.
/// `SystemCatalogueOracleTests` compares every type
/// against a real macOS 12 declaration list (`../shared/reference/coretypes-macos12.json`, not
/// shipped) and lists each deliberate difference with its reason; `SystemCatalogueTests`
/// checks that every line parses, every parent exists and the graph has no cycle.
enum SystemCatalogue {
  /// Every table, in load order.
  static let tables: [String] = [
    publicTypes, appleTypes, thirdPartyTypes, newerTypes, frameworkTypes,
  ]

  /// The parsed declarations, in table order: what an application's registration builds its
  /// graph from, and what the compiled catalogue is compiled from.
  static let declarations: [UTTypeDeclaration] = tables.flatMap { parse($0).declarations }

  /// The declaration on one line of a table, as `parse` reads it; nil when the line holds
  /// none.
  static func declaration(table: Int, line: Range<Int>) -> UTTypeDeclaration? {
    var text = tables[table]
    return text.withUTF8 { bytes in
      guard case .success(let declaration) = parseLine(UnsafeBufferPointer(rebasing: bytes[line]))
      else { return nil }
      return declaration
    }
  }

  /// A line that could not be parsed, for the catalogue's own tests.
  struct Issue: Error, Equatable, CustomStringConvertible {
    var line: String
    var reason: String
    var description: String { "\(reason): \(line)" }
  }

  /// Parses one table, with the range of UTF-8 bytes each declaration's line takes. Works on
  /// UTF-8 bytes, so that registering an application's declarations (which builds a graph
  /// from every declaration) stays fast.
  static func parse(
    _ table: String
  ) -> (declarations: [UTTypeDeclaration], issues: [Issue], lines: [Range<Int>]) {
    var table = table
    return table.withUTF8 { bytes in
      var declarations: [UTTypeDeclaration] = []
      var issues: [Issue] = []
      var lines: [Range<Int>] = []
      var lineStart = 0
      while lineStart < bytes.count {
        var lineEnd = lineStart
        while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
        let range = lineStart..<lineEnd
        lineStart = lineEnd + 1
        switch parseLine(line) {
        case .none: continue
        case .some(.success(let declaration)):
          declarations.append(declaration)
          lines.append(range)
        case .some(.failure(let issue)): issues.append(issue)
        }
      }
      return (declarations, issues, lines)
    }
  }

  /// Parses one line; nil for blank and comment lines.
  private static func parseLine(
    _ line: UnsafeBufferPointer<UInt8>
  ) -> Result<UTTypeDeclaration, Issue>? {
    let space = UInt8(ascii: " ")
    var start = 0
    while start < line.count && line[start] == space { start += 1 }
    if start == line.count || line[start] == UInt8(ascii: "#") { return nil }
    let text = { String(decoding: UnsafeBufferPointer(rebasing: line[start...]), as: UTF8.self) }
    // Where each field starts and ends, as integers: an array of ranges would make the runtime
    // look up `Range`'s conformances the first time a process reads a line (a scan of every
    // conformance in the program).
    var bounds: [Int] = [start]
    for index in start..<line.count where line[index] == UInt8(ascii: "|") {
      bounds.append(index)
      bounds.append(index + 1)
    }
    bounds.append(line.count)
    let fieldCount = bounds.count / 2
    func field(_ number: Int) -> Range<Int> { bounds[2 * number]..<bounds[2 * number + 1] }
    guard fieldCount == 5 else {
      return .failure(Issue(line: text(), reason: "expected 5 fields separated by '|'"))
    }
    func words(_ range: Range<Int>) -> [String] {
      var words: [String] = []
      var wordStart = range.lowerBound
      for index in range.lowerBound...range.upperBound {
        if index == range.upperBound || line[index] == space {
          if index > wordStart {
            words.append(
              String(
                decoding: UnsafeBufferPointer(rebasing: line[wordStart..<index]), as: UTF8.self))
          }
          wordStart = index + 1
        }
      }
      return words
    }
    let head = words(field(0))
    guard head.count == 2, head[0] == "E" || head[0] == "I" else {
      return .failure(Issue(line: text(), reason: "expected 'E identifier' or 'I identifier'"))
    }
    var descriptionRange = field(4)
    while let first = descriptionRange.first, line[first] == space {
      descriptionRange = descriptionRange.dropFirst()
    }
    while let last = descriptionRange.last, line[last] == space {
      descriptionRange = descriptionRange.dropLast()
    }
    return .success(
      UTTypeDeclaration(
        identifier: head[1],
        conformsTo: words(field(1)),
        filenameExtensions: words(field(2)),
        mimeTypes: words(field(3)),
        kind: head[0] == "E" ? .exported : .imported,
        description: descriptionRange.isEmpty
          ? nil
          : String(decoding: UnsafeBufferPointer(rebasing: line[descriptionRange]), as: UTF8.self)
      )
    )
  }
}
