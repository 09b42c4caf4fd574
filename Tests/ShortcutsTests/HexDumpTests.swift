import Foundation
import Testing

@testable import Shortcuts

/// Shortcuts pasted or downloaded as `xxd` text are recognised and the user told how to get the
/// binary back, instead of a bare "wrong magic".
@Suite("xxd dumps of shortcuts")
struct HexDumpTests {
  /// The bytes as `xxd` prints them: offset, eight groups of two bytes, the ASCII column.
  static func xxd(_ bytes: [UInt8]) -> Data {
    var text = ""
    for start in stride(from: 0, to: bytes.count, by: 16) {
      let line = bytes[start..<min(start + 16, bytes.count)]
      var hex = ""
      for (index, byte) in line.enumerated() {
        if index > 0 && index % 2 == 0 { hex += " " }
        hex += String(format: "%02x", byte)
      }
      let ascii = String(
        line.map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." })
      text +=
        String(format: "%08x: ", start) + hex.padding(toLength: 39, withPad: " ", startingAt: 0)
      text += "  " + ascii + "\n"
    }
    return Data(text.utf8)
  }

  @Test("an xxd dump of a signed shortcut is named as such, with the command that undoes it")
  func signedDump() throws {
    let dump = Self.xxd(try FuzzTests.smallSignedShortcut())
    #expect(dump.starts(with: Array("00000000: 4145 4131 ".utf8)))
    let error = #expect(throws: ShortcutError.self) {
      _ = try ShortcutFile(data: dump)
    }
    guard case .hexDump(let what)? = error else {
      Issue.record("expected hexDump, got \(String(describing: error))")
      return
    }
    #expect(what == "a signed shortcut starting with AEA1")
    #expect(error.map { "\($0)" }?.contains("xxd -r") == true)
  }

  @Test("an xxd dump of an unsigned shortcut is named as a binary property list")
  func unsignedDump() throws {
    let app = try ShortcutApp(
      bundleIdentifier: "com.example.app", name: "E", teamIdentifier: "ABCDE12345")
    let dump = Self.xxd([UInt8](try WorkflowBuilder(app: app).propertyList()))
    let error = #expect(throws: ShortcutError.self) {
      _ = try ShortcutFile(data: dump)
    }
    guard case .hexDump(let what)? = error else {
      Issue.record("expected hexDump, got \(String(describing: error))")
      return
    }
    #expect(what == "a binary property list")
  }

  @Test("text that only looks a little like a dump is not taken for one")
  func notADump() {
    #expect(HexDump.decodedPrefix(of: Data("00000010: 4145 4131  AEA1\n".utf8)) == nil)
    #expect(HexDump.decodedPrefix(of: Data("hello: world\n".utf8)) == nil)
    #expect(HexDump.decodedPrefix(of: Data()) == nil)
  }
}
