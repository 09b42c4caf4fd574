import Foundation
import TestSupport
import Testing

@testable import UTI

/// The built-in catalogue is compiled at build time (`CompiledCatalogue`); these check that the
/// compiled graph is the one the tables give, as a process used to build it at start.
@Suite("Compiled catalogue")
struct CompiledCatalogueTests {
  @Test("CompiledCatalogue.swift is what the tables compile to (run scripts/compile-catalogue.sh)")
  func upToDate() throws {
    let rendered = CompiledCatalogueSource.render()
    if ProcessInfo.processInfo.environment["UPDATE_COMPILED_CATALOGUE"] == "1" {
      try CompiledCatalogueSource.write()
      return
    }
    let committed = try String(
      contentsOf: ProjectPaths.packageRoot.appendingPathComponent(CompiledCatalogueSource.path),
      encoding: .utf8)
    #expect(
      committed == rendered,
      "\(CompiledCatalogueSource.path) differs from the tables: run scripts/compile-catalogue.sh")
  }

  @Test("Every type answers as in the graph built from the tables")
  func sameAnswers() {
    let compiled = TypeGraph.system
    let built = CompiledCatalogueSource.graphFromTables()
    #expect(compiled.count == built.count)
    #expect(compiled.count == SystemCatalogue.declarations.count)
    #expect(compiled.systemTypeCount == built.systemTypeCount)
    #expect(compiled.dataIndex == built.dataIndex)
    #expect(compiled.closure == built.closure)
    for index in 0..<Int32(min(compiled.count, built.count)) {
      #expect(compiled.identifier(of: index) == built.identifier(of: index))
      #expect(compiled.key(of: index) == built.key(of: index))
      #expect(Array(compiled.parents(of: index)) == Array(built.parents(of: index)))
      #expect(compiled.declaration(of: index) == built.declaration(of: index))
      #expect(compiled.index(of: built.identifier(of: index).uppercased()) == index)
      #expect(compiled.supertypeIndexes(of: index) == built.supertypeIndexes(of: index))
    }
    #expect(compiled.index(of: "public.no-such-type") == nil)
    for declaration in SystemCatalogue.declarations {
      for tag in declaration.filenameExtensions {
        #expect(
          compiled.byExtension.allCandidates(in: compiled.byExtension.entry(for: tag))
            == built.byExtension.allCandidates(in: built.byExtension.entry(for: tag)))
      }
      for tag in declaration.mimeTypes {
        #expect(
          compiled.byMIMEType.allCandidates(in: compiled.byMIMEType.entry(for: tag))
            == built.byMIMEType.allCandidates(in: built.byMIMEType.entry(for: tag)))
      }
    }
  }
}
