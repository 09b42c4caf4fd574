import Testing

@testable import UTI

@Suite("Built-in catalogue")
struct SystemCatalogueTests {
  @Test func everyLineParses() {
    for table in SystemCatalogue.tables {
      #expect(SystemCatalogue.parse(table).issues == [])
    }
  }

  @Test func holdsAtLeastSixHundredUniqueTypes() {
    let identifiers = SystemCatalogue.declarations.map { $0.identifier.lowercased() }
    #expect(identifiers.count >= 600)
    var seen: Set<String> = []
    let duplicates = identifiers.filter { !seen.insert($0).inserted }
    #expect(duplicates == [])
  }

  @Test func everyTypeHasADescription() {
    let missing = SystemCatalogue.declarations.filter { ($0.description ?? "").isEmpty }
    #expect(missing.map(\.identifier) == [])
  }

  @Test func everyParentIsDeclared() {
    let known = Set(SystemCatalogue.declarations.map { $0.identifier.lowercased() })
    var missing: [String] = []
    for declaration in SystemCatalogue.declarations {
      for parent in declaration.conformsTo where !known.contains(parent.lowercased()) {
        missing.append("\(declaration.identifier) -> \(parent)")
      }
    }
    #expect(missing == [])
  }

  @Test func graphHasNoCycles() {
    // In an acyclic graph no type is among its own supertypes.
    for type in UTTypeRegistry.shared.declaredTypes {
      #expect(!type.supertypes.contains(type), "\(type) is its own ancestor")
    }
  }

  @Test func deviceModelTypesAreLeftOut() {
    for identifier in [
      "com.apple.macmini", "com.apple.iphone-8", "com.apple.homebuttonless-iphone",
      "com.apple.iphone-x",
    ] {
      #expect(UTType(identifier) == nil)
    }
  }

  @Test func everyTagIsLowerCaseOrAsDeclared() {
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
}
