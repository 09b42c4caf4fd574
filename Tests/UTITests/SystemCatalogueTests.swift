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
}
