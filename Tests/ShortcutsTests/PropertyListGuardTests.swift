import Foundation
import Testing

@testable import Shortcuts

@Suite("Binary property list guard")
struct PropertyListGuardTests {
  /// A binary plist from raw objects (one-byte offsets and references).
  static func bplist(_ objects: [[UInt8]], top: UInt8 = 0) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(bytes.count))
      bytes += object
    }
    let tableOffset = UInt8(bytes.count)
    bytes += offsets
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)]
    bytes += [0, 0, 0, 0, 0, 0, 0, top]
    bytes += [0, 0, 0, 0, 0, 0, 0, tableOffset]
    return Data(bytes)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var objects: [[UInt8]]
    var expected: String
    var testDescription: String { name }
  }

  static let hostile = [
    // The fuzz test found that swift-corelibs-foundation crashes on a set object.
    Case(
      name: "set object", objects: [[0xC1, 0x01], [0x10, 0x01]],
      expected: "unsupported object type 0xc"),
    Case(name: "array containing itself", objects: [[0xA1, 0x00]], expected: "cycle"),
    Case(
      name: "non-string dictionary key", objects: [[0xD1, 0x01, 0x01], [0x10, 0x01]],
      expected: "not a string"),
    Case(name: "reference out of range", objects: [[0xA1, 0x07]], expected: "out of range"),
    Case(
      name: "string longer than the data", objects: [[0x5F, 0x10, 0x7F, 0x41]],
      expected: "runs past"),
    Case(name: "UID object", objects: [[0x80, 0x01]], expected: "unsupported object type 0x8"),
  ]

  @Test("hostile binary plists are refused before Foundation parses them", arguments: hostile)
  func refusesHostile(_ input: Case) {
    let error = #expect(throws: PropertyListFailure.self) {
      _ = try PropertyListGuard.propertyList(from: Self.bplist(input.objects))
    }
    #expect(error.map { "\($0)" }?.contains(input.expected) == true, "\(String(describing: error))")
  }

  @Test("ordinary plists pass through to Foundation")
  func acceptsOrdinary() throws {
    let plist: [String: Any] = [
      "a": [1, "two", Data([3])], "b": ["c": true, "d": Date(timeIntervalSince1970: 0)],
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: plist, format: .binary, options: 0)
    let back = try #require(try PropertyListGuard.propertyList(from: data) as? [String: Any])
    #expect((back["b"] as? [String: Any])?["c"] as? Bool == true)
    // A shared (not cyclic) object referenced twice is fine.
    let shared = Self.bplist([[0xA2, 0x01, 0x01], [0x51, 0x41]])
    #expect((try PropertyListGuard.propertyList(from: shared) as? [String])?.count == 2)
  }
}
