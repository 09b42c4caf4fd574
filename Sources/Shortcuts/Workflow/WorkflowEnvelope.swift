import Foundation

/// What every generated workflow shares around its last action: the action that produces the
/// content (or the share sheet's input), the metadata, and the root dictionary.
///
/// ``WorkflowBuilder`` (share with an app) and ``UploadWorkflowBuilder`` (post to a server)
/// differ only in the action that hands the content on; both build the rest here.
struct WorkflowEnvelope {
  var input: WorkflowBuilder.Input
  var title: String?
  var iconColor: UInt32
  var glyph: Int
  var clientVersion: String
  var minimumClientVersion: Int
  /// Whether to write the keys as current exports do (`Watch` among the types, a no-input
  /// behaviour only for a shortcut that takes input, in its `Name`/`Parameters` form), rather
  /// than as the field report's file ``WorkflowBuilder`` copies (`WatchKit`, `{Type: NoInput}`).
  var isCurrentExport = false
  /// `WFWorkflowImportQuestions`: what the person importing the shortcut is asked.
  var importQuestions: [[String: Any]] = []

  /// The action producing the content (nil for the share sheet's input, which no action
  /// produces) and the attachment (`Type: ActionOutput` with `OutputUUID` and `OutputName`, or
  /// `Type: ExtensionInput`) by which a later action refers to it.
  func source(uuid: UUID) -> (action: [String: Any]?, attachment: [String: Any]) {
    let identifier: String
    let outputName: String
    switch input {
    case .shortcutInput:
      return (nil, ["Type": "ExtensionInput"])
    case .screenshot:
      (identifier, outputName) = ("is.workflow.actions.takescreenshot", "Screenshot")
    case .clipboard:
      (identifier, outputName) = ("is.workflow.actions.getclipboard", "Clipboard")
    }
    let id = uuid.uuidString.uppercased()
    return (
      [
        "WFWorkflowActionIdentifier": identifier,
        "WFWorkflowActionParameters": ["UUID": id],
      ],
      ["Type": "ActionOutput", "OutputUUID": id, "OutputName": outputName]
    )
  }

  /// The attachment as a parameter value (`WFTextTokenAttachment`).
  static func parameter(_ attachment: [String: Any]) -> [String: Any] {
    ["Value": attachment, "WFSerializationType": "WFTextTokenAttachment"]
  }

  /// The root dictionary around `actions`.
  func root(actions: [[String: Any]]) -> [String: Any] {
    var root: [String: Any] = [
      "WFWorkflowActions": actions,
      "WFWorkflowClientVersion": clientVersion,
      "WFWorkflowMinimumClientVersion": minimumClientVersion,
      "WFWorkflowMinimumClientVersionString": String(minimumClientVersion),
      "WFWorkflowIcon": [
        "WFWorkflowIconStartColor": Int(iconColor), "WFWorkflowIconGlyphNumber": glyph,
      ],
      // The field report's workflow runs from the widget and the watch; a shortcut that takes
      // share-sheet input must be an action extension to be offered there.
      "WFWorkflowTypes": input == .shortcutInput
        ? ["ActionExtension"] : ["NCWidget", isCurrentExport ? "Watch" : "WatchKit"],
      "WFWorkflowImportQuestions": importQuestions,
      "WFWorkflowInputContentItemClasses": WorkflowBuilder.inputClasses,
      "WFWorkflowOutputContentItemClasses": [String](),
      "WFWorkflowHasOutputFallback": false,
      "WFWorkflowHasShortcutInputVariables": input == .shortcutInput,
      "WFQuickActionSurfaces": [String](),
    ]
    if let title { root["WFWorkflowName"] = title }
    if let noInputBehavior { root["WFWorkflowNoInputBehavior"] = noInputBehavior }
    return root
  }

  /// `WFWorkflowNoInputBehavior`: asking for an image when the shortcut runs without the
  /// share-sheet input it expects. When the content comes from an action, the field report's
  /// `{Type: NoInput}`, or (current exports) no key at all, as exports of shortcuts that take no
  /// input carry none (vergenzt/shortcuts `src/Automation Utils/Fastmail Auth.plist`).
  var noInputBehavior: [String: Any]? {
    guard input == .shortcutInput else { return isCurrentExport ? nil : ["Type": "NoInput"] }
    return [
      "Name": "WFWorkflowNoInputBehaviorAskForInput",
      "Parameters": ["ItemClass": "WFImageContentItem"],
    ]
  }
}
