import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 16: tiny files that crashed or stalled every command reading a property list, and
/// names that forged output lines. Each command runs under a 64 MiB limit on its data segment,
/// so an input that makes it allocate past that fails the test even when it would finish; the
/// times are measured by the benchmarks' `hostile` section, not here.
@Suite("ingest-cli: hostile inputs")
struct HostileInputTests {
  typealias Hostile = HostilePropertyLists

  static let dataLimit = 64 << 20

  /// A file, how to make it, and what each command must answer.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var make: @Sendable (TemporaryDirectory) throws -> URL
    /// `rule explain`, `uti --declarations`, `rule check --declarations` and `shortcut inspect`:
    /// exit status and what the message says.
    var reader: (Int32, String)
    /// `shortcut inspect`, when it says something else.
    var shortcut: (Int32, String)?
    var testDescription: String { name }
  }

  static func file(_ name: String, _ data: @escaping @Sendable () -> Data)
    -> @Sendable (
      TemporaryDirectory
    ) throws -> URL
  {
    { directory in try directory.file(name, contents: data()) }
  }

  /// A file of `size` bytes holding only the XML header (the rest a hole): what matters is the
  /// size, which is refused before a byte is read.
  static func sparse(_ name: String, size: Int) -> @Sendable (TemporaryDirectory) throws -> URL {
    { directory in
      try directory.sparseFile(
        name, size: size,
        pieces: [
          (0, Array((Hostile.xmlHeader + "<dict><key>UTExportedTypeDeclarations</key>").utf8))
        ])
    }
  }

  static let cases = [
    // SIGSEGV inside Foundation while it bridged the set.
    Case(
      name: "a binary plist holding a set", make: file("set.plist", Hostile.set),
      reader: (65, "at byte 23: object type 0xC (set, which Foundation cannot bridge)")),
    // 167 bytes: 11 s and 630 MB in rule explain.
    Case(
      name: "six levels of sixteen shared references",
      make: file("laughs6.plist") { Hostile.sharedReferences(levels: 6) },
      reader: (65, "at byte 27: the property list holds more than 100000 objects"),
      shortcut: (65, "at byte 27: the property list holds more than 200000 objects")),
    // Past 10 s and 1 GB in every command, shortcut inspect included.
    Case(
      name: "eight levels of sixteen shared references",
      make: file("laughs8.plist") { Hostile.sharedReferences(levels: 8) },
      reader: (65, "at byte 65: the property list holds more than 100000 objects"),
      shortcut: (65, "at byte 65: the property list holds more than 200000 objects")),
    // Overflowed the stack in the declaration validator (SIGSEGV).
    Case(
      name: "a chain of 60,000 declarations",
      make: file("chain.plist") {
        Hostile.declarationChainXML(count: 60_000)
      }, reader: (65, "more than the 1048576 bytes accepted here"),
      shortcut: (65, "the workflow is invalid")),
    // 26 MB: the graph tried to allocate 5 GB.
    Case(
      name: "200,000 declarations (26 MB)", make: sparse("many.plist", size: 26_000_000),
      reader: (65, "more than the 1048576 bytes accepted here"),
      shortcut: (65, "more than the 16777216 bytes accepted here")),
    // 31 s and 5.5 GB before it was refused.
    Case(
      name: "a 908 MB Info.plist", make: sparse("huge.plist", size: 908_000_000),
      reader: (65, "more than the 1048576 bytes accepted here"),
      shortcut: (65, "more than the 16777216 bytes accepted here")),
    Case(
      name: "arrays nested 1,000 deep",
      make: file("deep.plist") { Hostile.deepBinary(depth: 1_000) },
      reader: (65, "values nest more than 64 levels deep"),
      shortcut: (65, "values nest more than 128 levels deep")),
    Case(
      name: "XML arrays nested 50,000 deep",
      make: file("deep.xml.plist") { Hostile.deepXML(depth: 50_000) },
      reader: (65, "values nest more than 64 levels deep"),
      shortcut: (65, "values nest more than 128 levels deep")),
    Case(
      name: "a cyclic binary plist", make: file("cycle.plist", Hostile.cyclic),
      reader: (65, "at byte 9: object 0 contains itself")),
    Case(
      name: "a truncated binary plist",
      make: file("cut.plist") { Hostile.declarationChainBinary(count: 10).prefix(200) },
      reader: (65, "the binary property list's trailer is malformed")),
    Case(
      name: "a truncated XML plist",
      make: file("cut.xml.plist") { Hostile.declarationChainXML(count: 10).prefix(300) },
      reader: (65, "(the file may be truncated)")),
  ]

  /// The commands that read a property list, with `FILE` for the file.
  static let readers = [
    ["rule", "explain", "FILE"],
    ["uti", "--declarations", "FILE", "public.data"],
    ["rule", "check", "TRUEPREDICATE", "--declarations", "FILE", "--attachment", "public.jpeg"],
  ]

  @Test(
    "Every reader refuses the file quickly and in little memory, saying where", arguments: cases)
  func refused(_ input: Case) async throws {
    let directory = try TemporaryDirectory(prefix: "cli-hostile")
    defer { directory.remove() }
    let path = try input.make(directory).path
    for command in Self.readers + [["shortcut", "inspect", "FILE"]] {
      let (status, says) = command[0] == "shortcut" ? input.shortcut ?? input.reader : input.reader
      let result = try await CLI.run(
        command.map { $0 == "FILE" ? path : $0 }, dataLimit: Self.dataLimit)
      #expect(result.status == status, "\(command) \(input.name): \(result.standardError)")
      #expect(
        result.standardError.contains(says), "\(command) \(input.name): \(result.standardError)")
      #expect(!result.standardError.contains("Error Domain="))
    }
    // types describes what the file is; it never parses more than a .webloc needs.
    let types = try await CLI.run(["types", path], dataLimit: Self.dataLimit)
    #expect(types.status == 0, "types \(input.name): \(types.standardError)")
    #expect(types.standardOutput.contains("property-list"), "\(types.standardOutput)")
  }

  @Test("19,000 chained declarations (the most 1 MiB holds) register in little memory")
  func longestChainThatFits() async throws {
    let directory = try TemporaryDirectory(prefix: "cli-hostile")
    defer { directory.remove() }
    let data = Hostile.declarationChainBinary(count: 19_000)
    #expect(data.count < 1 << 20)
    let path = try directory.file("chain.plist", contents: data).path
    let uti = try await CLI.run(
      ["uti", "--declarations", path, "--json", "com.example.t0"], dataLimit: Self.dataLimit)
    #expect(uti.status == 0, "\(uti.standardError)")
    let types = try #require(try CLI.json(uti.standardOutput)["types"] as? [[String: Any]])
    // com.example.t1 ... t18999, public.data, public.item.
    #expect((types.first?["supertypes"] as? [String])?.count == 19_000 - 1 + 2)
    let rule =
      "SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $attachment,"
      + " ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO 'com.example.t18999')"
      + ".@count >= 1).@count >= 1"
    let check = try await CLI.run(
      ["rule", "check", rule, "--declarations", path, "--attachment", "com.example.t0"],
      dataLimit: Self.dataLimit)
    #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
  }
}
