import Foundation
import PropertyLists

/// Builds the "take a screenshot, share it with this app" workflow as a binary property list.
///
/// Third-party apps cannot be picked in the Shortcuts app's share action, so the app is bound in
/// advance. The default follows the one field report of a pre-bound shortcut that imports,
/// signs and runs on a device (a shipping app's file, taken apart with shortcut-sign and
/// rebuilt): `is.workflow.actions.runextension` with a `WFApp` dictionary (`BundleIdentifier`,
/// `Name`, `TeamIdentifier`), the older `WFAppIdentifier` string and `CustomOutputName` "Share
/// with Extensions", its `WFInput` wired to the first action's output with a
/// `WFTextTokenAttachment` (`Type: ActionOutput`, `OutputUUID`, `OutputName`); the workflow's
/// `WFWorkflowNoInputBehavior` is `{Type: NoInput}`, its `WFWorkflowTypes` `NCWidget` and
/// `WatchKit`, its minimum client version 900. The ``ShareAction/share`` variant
/// (`is.workflow.actions.share` with `WFApp`) stays available, but the same report saw macOS
/// `shortcuts sign` empty every parameter of that action while keeping `runextension`'s
/// (``warnings`` says so).
///
/// iOS 15 and later import only signed shortcuts. The output must be signed on a Mac
/// (`shortcuts sign --mode people-who-know-me -i IN -o OUT`); this type never signs.
public struct WorkflowBuilder: Sendable {
  /// Where the shared content comes from.
  public enum Input: String, Sendable, CaseIterable, Codable {
    /// `is.workflow.actions.takescreenshot`, output "Screenshot".
    case screenshot
    /// The shortcut's input from the share sheet (the `ExtensionInput` magic variable); the
    /// shortcut is offered in the share sheet (`WFWorkflowTypes` = `ActionExtension`).
    case shortcutInput = "shortcut-input"
    /// `is.workflow.actions.getclipboard`, output "Clipboard".
    case clipboard
  }

  /// The action that hands the content to the app.
  public enum ShareAction: String, Sendable, CaseIterable, Codable {
    /// `is.workflow.actions.share` with `WFApp`: the app's share extension. Signing was
    /// reported to empty this action's parameters (see ``WorkflowBuilder/warnings``).
    case share
    /// `is.workflow.actions.runextension` with `WFApp`, `WFAppIdentifier` and
    /// `CustomOutputName`: the form reported to import, sign and run on a device (the default).
    case runExtension = "runextension"
  }

  /// `CustomOutputName` of the `runextension` action, as in the working field report.
  public static let runExtensionOutputName = "Share with Extensions"

  /// What to tell a user about this configuration before they sign and import it: the
  /// `share` action was reported to lose its parameters to `shortcuts sign`.
  public var warnings: [String] {
    guard action == .share else { return [] }
    return [
      "is.workflow.actions.share was reported to lose every parameter (WFApp, WFInput) when"
        + " macOS `shortcuts sign` signs it, leaving a share action bound to no app, while"
        + " is.workflow.actions.runextension kept its parameters; use --action runextension"
        + " (the default) unless you have checked the signed file"
    ]
  }

  /// The app to share to.
  public var app: ShortcutApp
  /// Where the content comes from.
  public var input: Input = .screenshot
  /// Which action shares it.
  public var action: ShareAction = .runExtension
  /// Stored as `WFWorkflowName` when set (the importer otherwise names the shortcut after the
  /// file).
  public var title: String?
  /// `WFWorkflowIconStartColor`, a packed RGBA colour from the Shortcuts palette.
  public var iconColor: UInt32 = 4_282_601_983
  /// `WFWorkflowIconGlyphNumber`, a code point in the Shortcuts glyph font.
  public var glyph: Int = 59_446
  /// `WFWorkflowClientVersion`, a string.
  public var clientVersion = "2302.0.4"
  /// `WFWorkflowMinimumClientVersion`; 900 is the iOS 15 Shortcuts app (and the field report's
  /// value).
  public var minimumClientVersion = 900

  /// Content classes the shortcut accepts when it runs from the share sheet.
  public static let inputClasses = [
    "WFImageContentItem", "WFGenericFileContentItem", "WFPDFContentItem", "WFURLContentItem",
    "WFStringContentItem",
  ]

  /// Creates a builder for `app` with the defaults: screenshot, `runextension` action.
  public init(app: ShortcutApp) {
    self.app = app
  }

  /// The workflow as property list objects.
  /// - Parameters:
  ///   - inputUUID: the UUID of the input action (upper-case in the file).
  ///   - shareUUID: the UUID of the share action.
  public func workflow(inputUUID: UUID = UUID(), shareUUID: UUID = UUID()) -> [String: Any] {
    let envelope = self.envelope
    let source = envelope.source(uuid: inputUUID)
    var parameters: [String: Any] = [
      "UUID": shareUUID.uuidString.uppercased(),
      "WFInput": WorkflowEnvelope.parameter(source.attachment),
      "WFApp": [
        "BundleIdentifier": app.bundleIdentifier, "Name": app.name,
        "TeamIdentifier": app.teamIdentifier,
      ],
    ]
    if action == .runExtension {
      parameters["WFAppIdentifier"] = app.bundleIdentifier
      parameters["CustomOutputName"] = Self.runExtensionOutputName
    }
    let share: [String: Any] = [
      "WFWorkflowActionIdentifier": action == .share
        ? "is.workflow.actions.share" : "is.workflow.actions.runextension",
      "WFWorkflowActionParameters": parameters,
    ]
    return envelope.root(actions: (source.action.map { [$0] } ?? []) + [share])
  }

  /// The input, metadata and root dictionary this builder's settings make.
  var envelope: WorkflowEnvelope {
    WorkflowEnvelope(
      input: input, title: title, iconColor: iconColor, glyph: glyph,
      clientVersion: clientVersion, minimumClientVersion: minimumClientVersion)
  }

  /// The workflow as a binary property list (`bplist00`), the form `shortcuts sign` accepts.
  /// - Throws: `ShortcutError.invalidWorkflow` if serialization fails.
  public func propertyList(inputUUID: UUID = UUID(), shareUUID: UUID = UUID()) throws(ShortcutError)
    -> Data
  {
    do {
      return try PropertyListWriter.data(
        fromPropertyList: workflow(inputUUID: inputUUID, shareUUID: shareUUID))
    } catch {
      throw .invalidWorkflow("cannot serialize the workflow: \(error)")
    }
  }

  /// What to tell a user about signing: iOS 15+ imports only signed shortcuts.
  /// - Parameters:
  ///   - input: the unsigned file, as the command line should spell it (shell-quoted).
  ///   - output: where the signed file goes, spelled the same way.
  ///   - holdsSecret: whether the file holds a secret (an ``UploadWorkflowBuilder``'s bearer
  ///     token), which `--mode anyone` would hand to iCloud with the file.
  public static func signingInstructions(
    input: String, output: String, holdsSecret: Bool = false
  ) -> String {
    let anyone =
      holdsSecret
      ? "(\"--mode anyone\" signs through iCloud instead, handing the file, token included, to"
        + " Apple: keep to people-who-know-me.)"
      : "(\"--mode anyone\" signs through iCloud instead.)"
    return """
      iOS 15 and later import only signed shortcuts; this file is unsigned.
      Sign it on a Mac (macOS 12 or later) with:
        shortcuts sign --mode people-who-know-me -i \(input) -o \(output)
      \(anyone)
      """
  }
}
