import Testing

@testable import UTI

@Suite("Dynamic type identifiers")
struct DynamicTypeTests {
  struct Example: CustomTestStringConvertible, Sendable {
    var identifier: String
    var payload: String
    var testDescription: String { payload }
  }

  /// Identifiers produced by real Apple systems.
  static let verified: [Example] = [
    Example(identifier: "dyn.ah62d4rv4ge80y3xmq2", payload: "?0=6:1=jfif"),
    Example(identifier: "dyn.age80c6dp", payload: "1=apk"),
    Example(
      identifier: "dyn.ah62d4rv4gq80c6durvy0g2pyrf106p52fzxg852",
      payload: "?0=6:3=application/x-foo"),
  ]

  @Test("Decodes real dynamic identifiers", arguments: verified)
  func decodes(_ example: Example) throws {
    let type = try #require(UTType(example.identifier))
    #expect(type.isDynamic)
    #expect(!type.isDeclared)
    #expect(type.conforms(to: .data))
    #expect(type.conforms(to: .item))
    let tags = type.tags.values.flatMap { $0 }
    #expect(tags.count == 1)
    #expect(example.payload.hasSuffix("=" + (tags.first ?? "?")))
  }

  @Test("Encodes with Apple's alphabet and packing")
  func encodes() {
    #expect(
      DynamicTypeIdentifier.encode(
        tag: "jfif", tagClass: .filenameExtension, conformingTo: "public.data")
        == "dyn.ah62d4rv4ge80y3xmq2")
    #expect(
      DynamicTypeIdentifier.encode(
        tag: "application/x-foo", tagClass: .mimeType, conformingTo: "public.data")
        == "dyn.ah62d4rv4gq80c6durvy0g2pyrf106p52fzxg852")
  }

  @Test("Round-trips separators and unabbreviated parents")
  func roundTrip() throws {
    let identifier = DynamicTypeIdentifier.encode(
      tag: "a:b=c\\d", tagClass: .filenameExtension, conformingTo: "com.example.parent")
    let payload = try #require(DynamicTypeIdentifier.decode(identifier))
    #expect(payload.conformsTo == ["com.example.parent"])
    #expect(payload.tags.map(\.value) == ["a:b=c\\d"])
    #expect(payload.tags.map(\.tagClass) == [.filenameExtension])
  }

  @Test("Decoding ignores case")
  func caseInsensitive() throws {
    let type = try #require(UTType("DYN.AH62D4RV4GE80Y3XMQ2"))
    #expect(type == UTType("dyn.ah62d4rv4ge80y3xmq2"))
  }

  @Test(
    "Malformed identifiers are rejected",
    arguments: [
      "dyn.", "dyn.a", "dyn.b62d4rv4ge80y3xmq2", "dyn.ah62d4rv4ge80y3xmqi", "dyn.a!!",
    ])
  func malformed(_ identifier: String) {
    #expect(UTType(identifier) == nil)
  }

  @Test("Looking up the same tag gives the same identifier")
  func stable() throws {
    let first = try #require(UTType(filenameExtension: "qqq"))
    let decoded = try #require(UTType(first.identifier))
    #expect(first == decoded)
    #expect(decoded.preferredFilenameExtension == "qqq")
  }
}
