import Foundation
import PropertyLists
import TestSupport
import Testing

@Suite("Guarded property list reader")
struct PropertyListReaderTests {
  typealias Hostile = HostilePropertyLists

  /// One input the reader must refuse, with the rule it breaks and the byte offset it names.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var data: Data
    var rule: PropertyListError.Rule
    var offset: Int?
    var limits = PropertyListLimits.infoPlist
    var testDescription: String { name }
  }

  static let hostile: [Case] = [
    // Crashed swift-corelibs-foundation with SIGSEGV while it bridged the set.
    Case(
      name: "a set object", data: Hostile.set(),
      rule: .unsupportedObjectType(marker: 0xC1), offset: 23),
    Case(
      name: "a UID object", data: Hostile.uid(), rule: .unsupportedObjectType(marker: 0x80),
      offset: 10),
    // 167 bytes that Foundation expands to 16^6 strings (11 s, 630 MB).
    Case(
      name: "six levels of sixteen shared references",
      data: Hostile.sharedReferences(levels: 6), rule: .tooManyObjects(limit: 100_000),
      offset: 8 + 19),
    Case(
      name: "eight levels of sixteen shared references",
      data: Hostile.sharedReferences(levels: 8), rule: .tooManyObjects(limit: 100_000),
      offset: 8 + 3 * 19),
    Case(
      name: "arrays nested 65 deep", data: Hostile.deepBinary(depth: 65),
      rule: .tooDeep(limit: 64), offset: 8 + 64 * 2),
    Case(
      name: "an array holding itself", data: Hostile.cyclic(), rule: .cycle(object: 0),
      offset: 9),
    Case(
      name: "a reference out of range", data: Hostile.binary([[0xA1, 0x07]]),
      rule: .referenceOutOfRange(reference: 7, objectCount: 1), offset: 9),
    Case(
      name: "a dictionary key that is not a string",
      data: Hostile.binary([[0xD1, 0x01, 0x01], [0x10, 0x01]]), rule: .keyNotString(object: 1),
      offset: 9),
    Case(
      name: "a string longer than the data", data: Hostile.binary([[0x5F, 0x10, 0x7F, 0x41]]),
      rule: .malformedObject(object: 0, "its contents run past the object data"), offset: 8),
    Case(
      name: "a fill byte as an object", data: Hostile.binary([[0xA1, 1], [0x0F]]),
      rule: .unsupportedObjectType(marker: 0x0F), offset: 10),
    Case(
      name: "a 32-byte integer", data: Hostile.binary([[0x15] + [UInt8](repeating: 0, count: 32)]),
      rule: .malformedObject(object: 0, "an integer is 1, 2, 4, 8 or 16 bytes"), offset: 8),
    Case(
      name: "an offset outside the data",
      data: {
        var bytes = [UInt8](Hostile.binary([[0x09]]))
        bytes[9] = 0xF0  // the offset table's only entry
        return Data(bytes)
      }(), rule: .offsetOutOfRange(object: 0), offset: 9),
    // Found by the libFuzzer harness: an offset past Int.max trapped converting it.
    Case(
      name: "an 8-byte offset past Int.max",
      data: {
        var bytes = [UInt8](Hostile.binary([[0x09]]))
        bytes.replaceSubrange(9..<10, with: [0xFF] + [UInt8](repeating: 0xFF, count: 7))
        bytes[bytes.count - 32 + 6] = 8  // 8-byte offsets
        bytes.replaceSubrange((bytes.count - 8)..<bytes.count, with: Hostile.bigEndian(9, size: 8))
        return Data(bytes)
      }(), rule: .offsetOutOfRange(object: 0), offset: 9),
    Case(
      name: "a reference size too small for the objects",
      data: {
        // 300 objects need 2-byte references; these are 1 byte.
        Hostile.binary((0..<300).map { _ in [0x09] }, referenceSize: 1)
      }(), rule: .malformedTrailer("1-byte references cannot name all 300 objects"),
      offset: 8 + 300 + 600 + 7),
    Case(
      name: "a truncated binary property list", data: Hostile.set().prefix(40),
      rule: .malformedTrailer(
        "the file holds 40 bytes, too few for a header, an object and the 32-byte trailer (it may"
          + " be truncated)"), offset: 40),
    Case(
      name: "a newer binary version", data: Data("bplist15".utf8) + Data(count: 40),
      rule: .unsupportedVersion("15"), offset: 6),
    Case(
      name: "XML arrays nested 65 deep", data: Hostile.deepXML(depth: 65),
      rule: .tooDeep(limit: 64), offset: Hostile.xmlHeader.utf8.count + 64 * 7),
    Case(
      name: "XML with more elements than the limit", data: Hostile.manyElementsXML(count: 100_000),
      rule: .tooManyObjects(limit: 100_000),
      offset: Hostile.xmlHeader.utf8.count + 7 + 99_999 * 7),
    Case(
      name: "a truncated XML property list",
      data: Data((Hostile.xmlHeader + "<dict><key>a</key><string>b</str").utf8),
      rule: .malformedXML("an unterminated end tag (the file may be truncated)"),
      offset: Hostile.xmlHeader.utf8.count + 27),
    Case(
      name: "an XML end tag that closes the wrong element",
      data: Data((Hostile.xmlHeader + "<dict><key>a</string></dict></plist>").utf8),
      rule: .malformedXML(
        "the end tag </string> does not close <key>, opened at byte"
          + " \(Hostile.xmlHeader.utf8.count + 6)"),
      offset: Hostile.xmlHeader.utf8.count + 12),
    Case(
      name: "an internal DTD subset",
      data: Data(
        ("<?xml version=\"1.0\"?>"
          + "<!DOCTYPE plist [<!ENTITY a \"b\">]><plist><string>&a;</string></plist>").utf8),
      rule: .malformedXML(
        "an internal DTD subset, where entities are declared; property lists have none"),
      offset: 37),
    Case(
      name: "UTF-16 XML",
      data: Data([0xFF, 0xFE] + "<plist/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
      rule: .unsupportedEncoding("UTF-16"), offset: 0),
    Case(
      name: "the OpenStep text format", data: Data("{ a = b; }".utf8), rule: .unknownFormat,
      offset: 0),
    Case(name: "nothing", data: Data(), rule: .empty),
    Case(
      name: "more bytes than the limit", data: Data(count: 2_000),
      rule: .tooLarge(byteCount: 2_000, limit: 1_000),
      limits: PropertyListLimits(maximumByteCount: 1_000, maximumDepth: 8, maximumObjectCount: 8)),
  ]

  @Test("Hostile property lists are refused before Foundation parses them", arguments: hostile)
  func refusesHostile(_ input: Case) {
    let reader = PropertyListReader(limits: input.limits)
    let error = #expect(throws: PropertyListError.self) {
      _ = try reader.propertyList(from: input.data)
    }
    #expect(error?.rule == input.rule, "\(String(describing: error))")
    #expect(error?.offset == input.offset, "\(String(describing: error))")
    if let offset = input.offset {
      #expect(error.map { "\($0)" }?.hasPrefix("at byte \(offset): ") == true)
    }
  }

  @Test("Property lists Foundation writes pass through, XML and binary")
  func acceptsOrdinary() throws {
    let plist: [String: Any] = [
      "a": [1, "two", Data([3]), 2.5], "b": ["c": true, "d": Date(timeIntervalSince1970: 0)],
      "big": Int64.max, "unicode": "é✓",
    ]
    let reader = PropertyListReader(limits: .infoPlist)
    for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
      let data = try PropertyListSerialization.data(
        fromPropertyList: plist, format: format, options: 0)
      #expect(try reader.check(data) == (format == .xml ? .xml : .binary))
      let back = try #require(try reader.propertyList(from: data) as? [String: Any])
      #expect((back["b"] as? [String: Any])?["c"] as? Bool == true)
      #expect(back["unicode"] as? String == "é✓")
    }
  }

  @Test("Every reference to a shared object counts: the limit is on the expanded value")
  func countsEveryReference() throws {
    // An array of 16 references to one string: 17 objects once expanded, 2 stored.
    let data = Hostile.binary([[0xAF, 0x10, 16] + [UInt8](repeating: 1, count: 16), [0x51, 0x41]])
    let fits = PropertyListReader(
      limits: PropertyListLimits(maximumByteCount: 1 << 10, maximumDepth: 4, maximumObjectCount: 17)
    )
    #expect((try fits.propertyList(from: data) as? [String])?.count == 16)
    var tight = fits
    tight.limits.maximumObjectCount = 16
    #expect(throws: PropertyListError(.tooManyObjects(limit: 16), at: 8)) {
      try tight.check(data)
    }
  }

  @Test("Depth is counted alike in both formats: the limit itself passes, one more fails")
  func depthBoundary() throws {
    let reader = PropertyListReader(limits: .infoPlist)
    #expect(try reader.check(Hostile.deepBinary(depth: 64)) == .binary)
    #expect(try reader.check(Hostile.deepXML(depth: 64)) == .xml)
    #expect(throws: PropertyListError.self) { try reader.check(Hostile.deepXML(depth: 65)) }
    // A shared subtree reached by a longer path counts at its deepest.
    // The top array's first child, object 2, is walked at depth 2 first; its second, object 1,
    // holds object 2 again at depth 3.
    let shared = Hostile.binary([[0xA2, 2, 1], [0xA1, 2], [0xA1, 3], [0x09]])
    var tight = reader
    tight.limits.maximumDepth = 3
    #expect(throws: PropertyListError(.tooDeep(limit: 3), at: 13)) { try tight.check(shared) }
    tight.limits.maximumDepth = 4
    #expect(try tight.check(shared) == .binary)
  }

  @Test("What Foundation still refuses comes back with its message, never an NSError dump")
  func foundationRefusal() {
    let data = Data((Hostile.xmlHeader + "<dict><key>a</key></dict></plist>").utf8)
    let error = #expect(throws: PropertyListError.self) {
      try PropertyListReader(limits: .infoPlist).propertyList(from: data)
    }
    guard case .rejectedByParser(let message) = error?.rule else {
      Issue.record("expected Foundation's refusal, got \(String(describing: error))")
      return
    }
    #expect(message.contains("line"), "\(message)")
    #expect(!"\(String(describing: error))".contains("Error Domain="))
  }
}
