import Foundation
import Testing

@testable import Shortcuts

@Suite("Workflow generation and reading")
struct WorkflowBuilderTests {
  static let app = try? ShortcutApp(
    bundleIdentifier: "com.example.app", name: "Example", teamIdentifier: "ABCDE12345")

  struct Variant: CustomTestStringConvertible, Sendable {
    var input: WorkflowBuilder.Input
    var action: WorkflowBuilder.ShareAction
    var testDescription: String { "\(input.rawValue) -> \(action.rawValue)" }
  }

  static let variants = WorkflowBuilder.Input.allCases.flatMap { input in
    WorkflowBuilder.ShareAction.allCases.map { Variant(input: input, action: $0) }
  }

  @Test("the file is a binary plist whose fields read back one by one", arguments: variants)
  func fieldByField(_ variant: Variant) throws {
    var builder = WorkflowBuilder(app: try #require(Self.app))
    builder.input = variant.input
    builder.action = variant.action
    builder.title = "Share to Example"
    builder.iconColor = 4_292_093_695
    builder.glyph = 61_440
    let inputUUID = try #require(UUID(uuidString: "e1b2c3d4-0000-4000-8000-00000000000a"))
    let data = try builder.propertyList(inputUUID: inputUUID, shareUUID: UUID())
    #expect(data.starts(with: Array("bplist00".utf8)))

    var format = PropertyListSerialization.PropertyListFormat.xml
    let root = try #require(
      try PropertyListSerialization.propertyList(from: data, format: &format) as? [String: Any])
    #expect(format == .binary)
    #expect(root["WFWorkflowClientVersion"] as? String == "2302.0.4")
    #expect(root["WFWorkflowMinimumClientVersion"] as? Int == 900)
    #expect(root["WFWorkflowMinimumClientVersionString"] as? String == "900")
    #expect(root["WFWorkflowName"] as? String == "Share to Example")
    let icon = try #require(root["WFWorkflowIcon"] as? [String: Any])
    #expect(icon["WFWorkflowIconStartColor"] as? Int == 4_292_093_695)
    #expect(icon["WFWorkflowIconGlyphNumber"] as? Int == 61_440)
    #expect((root["WFWorkflowImportQuestions"] as? [Any])?.isEmpty == true)
    #expect(root["WFWorkflowInputContentItemClasses"] as? [String] == WorkflowBuilder.inputClasses)
    let noInput = try #require(root["WFWorkflowNoInputBehavior"] as? [String: Any])
    if variant.input == .shortcutInput {
      #expect(noInput["Name"] as? String == "WFWorkflowNoInputBehaviorAskForInput")
    } else {
      #expect(noInput as? [String: String] == ["Type": "NoInput"])
    }
    #expect(
      root["WFWorkflowTypes"] as? [String]
        == (variant.input == .shortcutInput ? ["ActionExtension"] : ["NCWidget", "WatchKit"]))

    let actions = try #require(root["WFWorkflowActions"] as? [[String: Any]])
    let share = try #require(actions.last)
    let parameters = try #require(share["WFWorkflowActionParameters"] as? [String: Any])
    #expect(
      share["WFWorkflowActionIdentifier"] as? String
        == (variant.action == .share
          ? "is.workflow.actions.share" : "is.workflow.actions.runextension"))
    let wfApp = try #require(parameters["WFApp"] as? [String: String])
    #expect(
      wfApp == [
        "BundleIdentifier": "com.example.app", "Name": "Example", "TeamIdentifier": "ABCDE12345",
      ])
    #expect(
      parameters["WFAppIdentifier"] as? String
        == (variant.action == .runExtension ? "com.example.app" : nil))
    #expect(
      parameters["CustomOutputName"] as? String
        == (variant.action == .runExtension ? "Share with Extensions" : nil))
    #expect(builder.warnings.isEmpty == (variant.action == .runExtension))
    let shareUUID = try #require(parameters["UUID"] as? String)
    #expect(shareUUID == shareUUID.uppercased())
    let wfInput = try #require(parameters["WFInput"] as? [String: Any])
    #expect(wfInput["WFSerializationType"] as? String == "WFTextTokenAttachment")
    let value = try #require(wfInput["Value"] as? [String: String])
    switch variant.input {
    case .shortcutInput:
      #expect(actions.count == 1)
      #expect(value == ["Type": "ExtensionInput"])
    case .screenshot, .clipboard:
      #expect(actions.count == 2)
      let first = actions[0]
      let expected =
        variant.input == .screenshot
        ? ("is.workflow.actions.takescreenshot", "Screenshot")
        : ("is.workflow.actions.getclipboard", "Clipboard")
      #expect(first["WFWorkflowActionIdentifier"] as? String == expected.0)
      let firstUUID = (first["WFWorkflowActionParameters"] as? [String: Any])?["UUID"] as? String
      #expect(firstUUID == "E1B2C3D4-0000-4000-8000-00000000000A")
      #expect(
        value == [
          "Type": "ActionOutput", "OutputUUID": "E1B2C3D4-0000-4000-8000-00000000000A",
          "OutputName": expected.1,
        ])
    }

    // The reader sees the same wiring and binding.
    let workflow = try Workflow(propertyList: data)
    #expect(workflow.boundApps.map(\.bundleIdentifier).allSatisfy { $0 == "com.example.app" })
    #expect(workflow.boundApps.first { $0.parameter == "WFApp" }?.teamIdentifier == "ABCDE12345")
    let connection = try #require(workflow.actions.last?.connections.first)
    #expect(connection.parameter == "WFInput")
    if variant.input == .shortcutInput {
      #expect(connection.kind == "ExtensionInput")
    } else {
      #expect(connection.kind == "ActionOutput")
      #expect(connection.sourceActionIndex == 0)
    }
  }

  struct BadApp: CustomTestStringConvertible, Sendable {
    var bundle: String
    var team: String
    var expected: String
    var testDescription: String { "\(bundle) / \(team)" }
  }

  static let badApps = [
    BadApp(bundle: "example", team: "ABCDE12345", expected: "not reverse-DNS"),
    BadApp(bundle: "com..example", team: "ABCDE12345", expected: "not reverse-DNS"),
    BadApp(bundle: "com.example.", team: "ABCDE12345", expected: "not reverse-DNS"),
    BadApp(bundle: "com.exa mple", team: "ABCDE12345", expected: "not reverse-DNS"),
    BadApp(bundle: "com.-example", team: "ABCDE12345", expected: "not reverse-DNS"),
    BadApp(bundle: "com.exämple", team: "ABCDE12345", expected: "not reverse-DNS"),
    BadApp(bundle: "com.example.app", team: "abcde12345", expected: "ten upper-case"),
    BadApp(bundle: "com.example.app", team: "ABCDE1234", expected: "ten upper-case"),
    BadApp(bundle: "com.example.app", team: "ABCDE123456", expected: "ten upper-case"),
    BadApp(bundle: "com.example.app", team: "ABCDE-1234", expected: "ten upper-case"),
  ]

  @Test("bad bundle and team identifiers are refused with the rule", arguments: badApps)
  func rejectsBadApp(_ bad: BadApp) {
    let error = #expect(throws: ShortcutError.self) {
      _ = try ShortcutApp(bundleIdentifier: bad.bundle, name: "X", teamIdentifier: bad.team)
    }
    guard case .invalidArgument(let message)? = error else {
      Issue.record("expected invalidArgument, got \(String(describing: error))")
      return
    }
    #expect(message.contains(bad.expected), "\(message)")
  }

  @Test("a generated workflow, signed by the test writer, reads back through the archive")
  func generatedThroughArchive() throws {
    let wflow = try WorkflowBuilder(app: try #require(Self.app)).propertyList()
    let file = try SignedFixtures.contactSigned(workflow: wflow)
    #expect(file.workflowData == wflow)
    #expect(
      file.workflow.actions.map(\.identifier) == [
        "is.workflow.actions.takescreenshot", "is.workflow.actions.runextension",
      ])
  }

  @Test("the default is the field report's working form: screenshot -> runextension, bound")
  func defaultIsTheReportedWorkingForm() throws {
    let builder = WorkflowBuilder(app: try #require(Self.app))
    #expect(builder.action == .runExtension)
    #expect(builder.input == .screenshot)
    #expect(builder.warnings.isEmpty)
    let root = builder.workflow()
    #expect(root["WFWorkflowNoInputBehavior"] as? [String: String] == ["Type": "NoInput"])
    #expect(root["WFWorkflowTypes"] as? [String] == ["NCWidget", "WatchKit"])
    #expect(root["WFWorkflowMinimumClientVersion"] as? Int == 900)
    let actions = try #require(root["WFWorkflowActions"] as? [[String: Any]])
    let run = try #require(actions.last?["WFWorkflowActionParameters"] as? [String: Any])
    #expect(
      Set(run.keys) == ["UUID", "WFInput", "WFApp", "WFAppIdentifier", "CustomOutputName"])
    var share = builder
    share.action = .share
    #expect(share.warnings.first?.contains("shortcuts sign") == true)
  }

  @Test("XML property lists are read as unsigned shortcuts")
  func xmlWorkflow() throws {
    let builder = WorkflowBuilder(app: try #require(Self.app))
    let xml = try PropertyListSerialization.data(
      fromPropertyList: builder.workflow(), format: .xml, options: 0)
    let file = try ShortcutFile(data: xml)
    #expect(file.format == .xmlPropertyList)
    #expect(file.verify() == nil)
    #expect(file.workflow.actions.count == 2)
  }

  @Test("plists that are not workflows get a clear error")
  func notAWorkflow() throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["a": 1], format: .binary, options: 0)
    let notWorkflow = #expect(throws: ShortcutError.self) {
      _ = try ShortcutFile(data: data)
    }
    guard case .invalidWorkflow(let reason)? = notWorkflow else {
      Issue.record("expected invalidWorkflow, got \(String(describing: notWorkflow))")
      return
    }
    #expect(reason.contains("WFWorkflowActions is missing"))
    let text = #expect(throws: ShortcutError.self) {
      _ = try ShortcutFile(data: Data("hello".utf8))
    }
    guard case .unrecognizedFormat(let firstBytes)? = text else {
      Issue.record("expected unrecognizedFormat, got \(String(describing: text))")
      return
    }
    #expect(firstBytes == Array("hello".utf8))
    #expect(text.map { "\($0)" }?.contains("neither AEA1") == true)
  }
}
