import Foundation
import TestSupport
import Testing

@testable import Shortcuts

@Suite("Apple Archive reader")
struct AppleArchiveTests {
  @Test("reads the root directory and Shortcut.wflow with their typed fields")
  func readsEntries() throws {
    let entries = try AppleArchive.entries(in: try SignedFixtures.innerArchive())
    #expect(entries.count == 2)
    #expect(entries[0].type == .directory)
    #expect(entries[0].path == "")
    #expect(entries[0].field("MOD") == .unsigned(0o755))
    #expect(entries[1].type == .regularFile)
    #expect(entries[1].path == "Shortcut.wflow")
    let data = try #require(entries[1].data)
    #expect(data.starts(with: Array("bplist00".utf8)))
    guard case .blob(let size)? = entries[1].field("DAT") else {
      Issue.record("DAT is not a blob field")
      return
    }
    #expect(Int(size) == data.count)
  }

  @Test("legacy YAA1 headers read the same way")
  func legacyMagic() throws {
    var bytes = try SignedFixtures.innerArchive()
    for entry in try AppleArchive.entries(in: bytes) {
      bytes.replaceSubrange(entry.offset..<(entry.offset + 4), with: Array("YAA1".utf8))
    }
    #expect(try AppleArchive.contents(ofFileAt: "Shortcut.wflow", in: bytes) != nil)
  }

  @Test("every field subtype decodes")
  func allSubtypes() throws {
    var fields: [UInt8] = Array("FLG*".utf8)
    fields += Array("UID1".utf8) + [7]
    fields += Array("GID4".utf8) + [1, 0, 0, 0]
    fields += Array("INO8".utf8) + [2, 0, 0, 0, 0, 0, 0, 0]
    fields += Array("MTMS".utf8) + [3, 0, 0, 0, 0, 0, 0, 0]
    fields += Array("CTMT".utf8) + [4, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0]
    fields += Array("SH2H".utf8) + [UInt8](repeating: 9, count: 32)
    fields += Array("XATA".utf8) + [2, 0]
    fields += Array("DATC".utf8) + [1, 0, 0, 0, 0, 0, 0, 0]
    let bytes = Array("AA01".utf8) + [UInt8(6 + fields.count), 0] + fields + [0xAA, 0xBB, 0xCC]
    let entry = try #require(try AppleArchive.entries(in: bytes).first)
    #expect(entry.field("FLG") == .flag)
    #expect(entry.field("UID") == .unsigned(7))
    #expect(entry.field("INO") == .unsigned(2))
    #expect(entry.field("MTM") == .timestamp(seconds: 3, nanoseconds: 0))
    #expect(entry.field("CTM") == .timestamp(seconds: 4, nanoseconds: 5))
    #expect(entry.field("SH2") == .digest([UInt8](repeating: 9, count: 32)))
    #expect(entry.field("XAT") == .blob(size: 2))
    // Blobs follow the header in field order: XAT's two bytes, then DAT's one.
    #expect(entry.data == Data([0xCC]))
  }

  struct Malformed: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    /// The `AppleArchiveError` case, and what its message says.
    var error: String
    var expected: String
    var testDescription: String { name }
  }

  static let malformed = [
    Malformed(
      name: "wrong magic", bytes: Array("ZZ01".utf8) + [6, 0], error: "wrongMagic",
      expected: "not AA01"),
    Malformed(
      name: "short header", bytes: Array("AA01".utf8) + [4, 0], error: "invalidField",
      expected: "under 6"),
    Malformed(
      name: "header past the end", bytes: Array("AA01".utf8) + [60, 0], error: "truncated",
      expected: "truncated"),
    Malformed(
      name: "unknown subtype", bytes: Array("AA01".utf8) + [10, 0] + Array("ABCq".utf8),
      error: "unknownFieldType", expected: "unknown type"),
    Malformed(
      name: "string past the header",
      bytes: Array("AA01".utf8) + [12, 0] + Array("PATP".utf8) + [9, 0],
      error: "invalidField", expected: "runs past the header end"),
    Malformed(
      name: "blob past the end",
      bytes: Array("AA01".utf8) + [14, 0] + Array("DATB".utf8) + [0, 0, 0, 1],
      error: "truncated", expected: "truncated in the DAT blob"),
  ]

  @Test("malformed archives get a clear error", arguments: malformed)
  func rejectsMalformed(_ input: Malformed) {
    let error = #expect(throws: AppleArchiveError.self) {
      _ = try AppleArchive.entries(in: input.bytes)
    }
    #expect(error.map(caseName(of:)) == input.error, "\(String(describing: error))")
    #expect(error.map { "\($0)" }?.contains(input.expected) == true, "\(String(describing: error))")
  }

  @Test("the entry limit bounds the work")
  func entryLimit() throws {
    let one = Array("AA01".utf8) + [6, 0]
    let many = [[UInt8]](repeating: one, count: 50).flatMap { $0 }
    #expect(throws: AppleArchiveError.tooManyEntries(limit: 10)) {
      _ = try AppleArchive.entries(in: many, entryLimit: 10)
    }
  }
}
