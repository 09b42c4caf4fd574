import Foundation
import PropertyLists
import TestSupport
import Testing

@testable import Shortcuts

/// The workflow and auth data readers go through the shared guarded reader
/// (`PropertyListReader` with `Workflow.propertyListLimits`).
@Suite("Workflow property lists")
struct WorkflowPropertyListTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var data: Data
    var says: String
    var testDescription: String { name }
  }

  static let hostile = [
    Case(
      name: "a set object", data: HostilePropertyLists.set(),
      says: "at byte 23: object type 0xC (set, which Foundation cannot bridge) is not accepted"),
    // The guard this replaced visited a shared object once and let the expansion through.
    Case(
      name: "eight levels of sixteen shared references",
      data: HostilePropertyLists.sharedReferences(levels: 8),
      says: "more than 200000 objects, counting every reference"),
    Case(
      name: "arrays nested 200 deep", data: HostilePropertyLists.deepBinary(depth: 200),
      says: "values nest more than 128 levels deep"),
    Case(
      name: "an array holding itself", data: HostilePropertyLists.cyclic(),
      says: "contains itself"),
  ]

  @Test("Hostile workflows are refused with the offset and the rule", arguments: hostile)
  func refusesHostile(_ input: Case) {
    let error = #expect(throws: ShortcutError.self) {
      _ = try Workflow(propertyList: input.data)
    }
    #expect(error.map { "\($0)" }?.contains(input.says) == true, "\(String(describing: error))")
  }

  @Test("Unsigned shortcut files go through the same reader")
  func unsignedFile() {
    let error = #expect(throws: ShortcutError.self) {
      _ = try ShortcutFile(data: HostilePropertyLists.sharedReferences(levels: 8))
    }
    guard case .invalidWorkflow(let reason) = error else {
      Issue.record("expected invalidWorkflow, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("counting every reference"), "\(reason)")
  }

  @Test("Auth data holding a set is refused, not bridged")
  func authData() {
    let error = #expect(throws: ShortcutError.self) {
      _ = try ShortcutSigner(authData: HostilePropertyLists.set())
    }
    #expect(error.map { "\($0)" }?.contains("0xC") == true, "\(String(describing: error))")
  }
}
