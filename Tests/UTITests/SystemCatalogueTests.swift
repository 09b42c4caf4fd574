import Testing

@testable import UTI

@Suite("Built-in catalogue")
struct SystemCatalogueTests {
  @Test("Every catalogue line parses")
  func lines() {
    for table in SystemCatalogue.tables {
      #expect(SystemCatalogue.parse(table).issues == [])
    }
  }

  @Test("The catalogue holds at least six hundred unique types")
  func size() {
    let identifiers = SystemCatalogue.declarations.map { $0.identifier.lowercased() }
    #expect(identifiers.count >= 600)
    var seen: Set<String> = []
    let duplicates = identifiers.filter { !seen.insert($0).inserted }
    #expect(duplicates == [])
  }

  @Test("Every type has a description")
  func descriptions() {
    let missing = SystemCatalogue.declarations.filter { ($0.description ?? "").isEmpty }
    #expect(missing.map(\.identifier) == [])
  }

  @Test("Every parent is declared")
  func parents() {
    let known = Set(SystemCatalogue.declarations.map { $0.identifier.lowercased() })
    var missing: [String] = []
    for declaration in SystemCatalogue.declarations {
      for parent in declaration.conformsTo where !known.contains(parent.lowercased()) {
        missing.append("\(declaration.identifier) -> \(parent)")
      }
    }
    #expect(missing == [])
  }

  @Test("The graph has no cycles")
  func noCycles() {
    // In an acyclic graph no type is among its own supertypes.
    for type in UTTypeRegistry.shared.declaredTypes {
      #expect(!type.supertypes.contains(type), "\(type) is its own ancestor")
    }
  }

  @Test("Device model types are left out")
  func noDeviceModels() {
    for identifier in [
      "com.apple.macmini", "com.apple.iphone-8", "com.apple.homebuttonless-iphone",
      "com.apple.iphone-x",
    ] {
      #expect(UTType(identifier) == nil)
    }
  }

  @Test("Every tag is lower case or as declared")
  func tagCase() {
    // Extensions carry no leading period; MIME types have a slash.
    for declaration in SystemCatalogue.declarations {
      for tag in declaration.filenameExtensions {
        #expect(!tag.hasPrefix("."), "\(declaration.identifier): \(tag)")
      }
      for tag in declaration.mimeTypes {
        #expect(tag.contains("/"), "\(declaration.identifier): \(tag)")
      }
    }
  }

  @Test("Wrapped table lines read as the one line each type had")
  func wrappedLines() {
    // The tables' long lines are wrapped at 100 columns with Swift's `\` line continuation
    // (issue 45): a wrap that lost its `\` splits one type in two (a line that does not parse,
    // or one type more), and one indented a column too far adds a space to the text, which
    // moves the compiled catalogue's line ranges (`CompiledCatalogueTests`). 736 types, as in
    // the tables before the wrap.
    #expect(SystemCatalogue.declarations.count == 736)
    for table in SystemCatalogue.tables {
      #expect(!table.contains("\\"))
      #expect(!table.contains("\n "))
    }
    func declaration(_ identifier: String) -> UTTypeDeclaration? {
      SystemCatalogue.declarations.first { $0.identifier == identifier }
    }
    // Three lines of three or four source lines each: wrapped before a `|`, and (the MIME types
    // of org.openoffice.presentation) between two words of one field.
    #expect(
      declaration("public.bzip2-archive")
        == UTTypeDeclaration(
          identifier: "public.bzip2-archive",
          conformsTo: ["public.data", "public.archive"],
          filenameExtensions: ["bz2", "bz"],
          mimeTypes: [
            "application/x-bzip2", "application/x-bzip", "application/bzip2", "application/bzip",
            "application/x-bz2",
          ],
          kind: .exported,
          description: "File compressed with bzip2"))
    #expect(
      declaration("org.openoffice.presentation")
        == UTTypeDeclaration(
          identifier: "org.openoffice.presentation",
          conformsTo: ["public.data", "public.content", "public.presentation"],
          filenameExtensions: ["sxi", "sdd", "sdp"],
          mimeTypes: [
            "application/vnd.sun.xml.impress", "application/vnd.stardivision.impress",
            "application/vnd.stardivision.impress-packed",
          ],
          kind: .imported,
          description: "Legacy OpenOffice Impress presentation (SXI)"))
    #expect(
      declaration("org.openxmlformats.spreadsheetml.sheet.macroenabled")
        == UTTypeDeclaration(
          identifier: "org.openxmlformats.spreadsheetml.sheet.macroenabled",
          conformsTo: [
            "org.openxmlformats.openxml", "public.composite-content", "public.spreadsheet",
            "public.executable",
          ],
          filenameExtensions: ["xlsm"],
          mimeTypes: ["application/vnd.ms-excel.sheet.macroEnabled.12"],
          kind: .imported,
          description: "Excel workbook with macros (XLSM)"))
    let spreadsheet = UTType("org.openxmlformats.spreadsheetml.sheet.macroenabled")
    #expect(spreadsheet?.conforms(to: .spreadsheet) == true)
    #expect(spreadsheet?.conforms(to: .executable) == true)
    #expect(UTType(filenameExtension: "bz")?.identifier == "public.bzip2-archive")
  }
}
