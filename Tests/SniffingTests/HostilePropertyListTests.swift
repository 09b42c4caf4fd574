import Foundation
import Sniffing
import TestSupport
import Testing
import UTI

/// Issue 16: the `.webloc` check parsed every small property list with Foundation, so a binary
/// one holding a set crashed `types` and one of shared references stalled it. They go through
/// the guarded reader now and are what their header says.
@Suite("Sniffing hostile property lists")
struct HostilePropertyListTests {
  static let hostile: [(name: String, data: Data)] = [
    ("a set", HostilePropertyLists.set()),
    ("eight levels of shared references", HostilePropertyLists.sharedReferences(levels: 8)),
    ("a cycle", HostilePropertyLists.cyclic()),
    ("arrays nested 5,000 deep", HostilePropertyLists.deepBinary(depth: 5_000)),
    ("XML arrays nested 5,000 deep", HostilePropertyLists.deepXML(depth: 5_000)),
  ]

  @Test("Hostile property lists are property lists, not crashes", arguments: hostile.indices)
  func hostilePropertyList(_ index: Int) throws {
    let (name, data) = Self.hostile[index]
    let result = try ContentSniffer(configuration: .init(usesLibmagic: false))
      .sniff(data: data, filename: "x.webloc")
    #expect(result.type.conforms(to: .propertyList), "\(name): \(result.type.identifier)")
    #expect(result.type.identifier != "com.apple.web-internet-location", "\(name)")
  }

  @Test("A .webloc, binary or XML, is still a web location")
  func webLocation() throws {
    let sniffer = ContentSniffer(configuration: .init(usesLibmagic: false))
    for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
      let data = try PropertyListSerialization.data(
        fromPropertyList: ["URL": "https://example.com/"], format: format, options: 0)
      #expect(try sniffer.sniff(data: data).type.identifier == "com.apple.web-internet-location")
    }
  }
}
