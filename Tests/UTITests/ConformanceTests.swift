import Testing

@testable import UTI

@Suite("Conformance and supertypes")
struct ConformanceTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var child: String
    var parent: String
    var conforms: Bool
    var testDescription: String {
      "\(child) \(conforms ? "conforms" : "does not conform") to \(parent)"
    }
  }

  static let cases: [Case] = [
    Case(child: "public.heic", parent: "public.heif-standard", conforms: true),
    Case(child: "public.heic", parent: "public.image", conforms: true),
    Case(child: "public.heic", parent: "public.content", conforms: true),
    Case(child: "public.heic", parent: "public.heif", conforms: false),
    Case(child: "public.url", parent: "public.data", conforms: true),
    Case(child: "public.url", parent: "public.content", conforms: false),
    Case(child: "public.file-url", parent: "public.url", conforms: true),
    Case(child: "com.adobe.pdf", parent: "public.data", conforms: true),
    Case(child: "com.adobe.pdf", parent: "public.composite-content", conforms: true),
    Case(child: "com.adobe.pdf", parent: "public.image", conforms: false),
    Case(child: "public.vcard", parent: "public.contact", conforms: true),
    Case(child: "public.vcard", parent: "public.text", conforms: true),
    Case(child: "public.zip-archive", parent: "public.archive", conforms: true),
    Case(child: "public.png", parent: "public.png", conforms: true),
    Case(child: "public.image", parent: "public.png", conforms: false),
    Case(child: "com.apple.m4a-audio", parent: "public.audio", conforms: true),
    Case(child: "com.apple.quicktime-movie", parent: "public.movie", conforms: true),
    Case(child: "public.folder", parent: "public.data", conforms: false),
  ]

  @Test("Conformance between system types", arguments: cases)
  func conformance(_ testCase: Case) throws {
    let child = try #require(UTType(testCase.child))
    let parent = try #require(UTType(testCase.parent))
    #expect(child.conforms(to: parent) == testCase.conforms)
  }

  @Test("Root types have no parents")
  func roots() throws {
    for identifier in ["public.archive", "public.contact", "public.message", "public.item"] {
      let type = try #require(UTType(identifier))
      #expect(type.declaredParents.isEmpty, "\(identifier)")
      #expect(type.supertypes.isEmpty, "\(identifier)")
    }
  }

  @Test("PDF has two parents, in declared order")
  func pdfParents() {
    #expect(
      UTType.pdf.declaredParents.map(\.identifier) == ["public.data", "public.composite-content"])
  }

  @Test("Supertypes are in depth-first pre-order")
  func supertypeOrder() {
    #expect(
      UTType.heic.supertypes.map(\.identifier) == [
        "public.heif-standard", "public.image", "public.data", "public.item", "public.content",
      ])
    #expect(
      UTType.pdf.supertypes.map(\.identifier) == [
        "public.data", "public.item", "public.composite-content", "public.content",
      ])
    #expect(!UTType.heic.supertypes.contains(.heic), "a type is not its own supertype")
  }

  @Test("isSubtype and isSupertype are strict")
  func strict() {
    #expect(UTType.heic.isSubtype(of: .image))
    #expect(UTType.image.isSupertype(of: .heic))
    #expect(!UTType.heic.isSubtype(of: .heic))
    #expect(!UTType.heic.isSupertype(of: .heic))
    #expect(!UTType.image.isSubtype(of: .heic))
  }

  @Test("The supertype set supports set algebra")
  func setAlgebra() {
    let heic = UTType.heic.supertypes
    let png = UTType.png.supertypes
    #expect(
      heic.intersection(png).map(\.identifier) == [
        "public.image", "public.data", "public.item", "public.content",
      ])
    #expect(heic.set.isSuperset(of: [UTType.image, UTType.data]))
    #expect(heic == UTTypeSet(heic.reversed()), "equality ignores order, as Set does")
  }

  @Test("Every declared type agrees with a naive walk")
  func naiveWalk() {
    // The bitset closure must give the same answers as walking parents, for every pair.
    let types = UTTypeRegistry.shared.declaredTypes
    func walk(_ type: UTType, _ target: UTType) -> Bool {
      type == target || type.declaredParents.contains { walk($0, target) }
    }
    var disagreements: [String] = []
    for child in types {
      let ancestors = Set(child.supertypes.array + [child])
      for parent in types where child.conforms(to: parent) != ancestors.contains(parent) {
        disagreements.append("\(child) -> \(parent)")
      }
      for parent in ancestors where !walk(child, parent) {
        disagreements.append("walk \(child) -> \(parent)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
  }
}
