import Foundation
import PropertyLists

/// Builds the "take a screenshot, post it to a server" workflow as a binary property list:
/// `is.workflow.actions.takescreenshot`, then Get Contents of URL
/// (`is.workflow.actions.downloadurl`) posting the screenshot as the request's body, with a
/// bearer token in an `Authorization` header when the server asks for one: a Text action
/// (`is.workflow.actions.gettext`, first, empty) that the person importing the shortcut fills
/// in, asked by `WFWorkflowImportQuestions`, as shortcuts shared with a secret in them do.
///
/// What `ingest-cli serve` takes at `POST /share`: one file as the body. The request action's
/// parameters follow shortcuts exported from devices (see the Making and reading shortcuts
/// article for the files they were checked against): `WFURL` the URL as literal text,
/// `WFHTTPMethod` `POST`, `WFHTTPBodyType` `File`, `WFRequestVariable` the screenshot action's
/// output as a `WFTextTokenAttachment` (`Type: ActionOutput`, `OutputUUID`, `OutputName`),
/// and, with a token, `ShowHeaders` true and `WFHTTPHeaders` a `WFDictionaryFieldValue` of one
/// item (`WFItemType` 0, `WFKey` `Authorization` and `WFValue` `Bearer ` followed by the Text
/// action's output, each a `WFTextTokenString`, the output placed by `attachmentsByRange`).
/// The import question is `{ActionIndex: 0, Category: Parameter, ParameterKey:
/// WFTextActionText, DefaultValue: "", Text: ...}`. Whether iOS imports and runs the file as
/// built, on a given iOS version, only a device can confirm.
///
/// The file never holds the token. Like ``WorkflowBuilder``'s, the output is unsigned and must
/// be signed on a Mac before iOS 15 or later imports it; this type never signs.
public struct UploadWorkflowBuilder: Sendable {
  /// Where the posted content comes from: the same choices as ``WorkflowBuilder``'s.
  public typealias Input = WorkflowBuilder.Input

  /// The Get Contents of URL action's identifier.
  public static let requestIdentifier = "is.workflow.actions.downloadurl"

  /// The server to post to, and the token to present.
  public var server: ShortcutServer
  /// Where the content comes from: a screenshot (the default), the share sheet's input or the
  /// clipboard.
  public var input: Input = .screenshot
  /// Stored as `WFWorkflowName` when set (the importer otherwise names the shortcut after the
  /// file).
  public var title: String?
  /// `WFWorkflowIconStartColor`, a packed RGBA colour from the Shortcuts palette.
  public var iconColor: UInt32 = 4_282_601_983
  /// `WFWorkflowIconGlyphNumber`, a code point in the Shortcuts glyph font.
  public var glyph: Int = 59_446
  /// `WFWorkflowClientVersion`, a string.
  public var clientVersion = "2302.0.4"
  /// `WFWorkflowMinimumClientVersion`; 900 is the iOS 15 Shortcuts app.
  public var minimumClientVersion = 900

  /// Creates a builder that posts a screenshot to `server`.
  public init(server: ShortcutServer) {
    self.server = server
  }

  /// What to tell a user about the server before they sign and import the shortcut
  /// (``ShortcutServer/warnings``).
  public var warnings: [String] { server.warnings }

  /// The Text action that holds the token once the shortcut is imported.
  public static let tokenIdentifier = "is.workflow.actions.gettext"

  /// The question the person importing the shortcut is asked for the token.
  public var tokenQuestion: String {
    "The bearer token for \(server.host) (a line of ingest-cli serve's --token-file)"
  }

  /// The workflow as property list objects.
  /// - Parameters:
  ///   - inputUUID: the UUID of the input action (upper-case in the file).
  ///   - requestUUID: the UUID of the Get Contents of URL action.
  ///   - tokenUUID: the UUID of the Text action the token is typed into.
  public func workflow(
    inputUUID: UUID = UUID(), requestUUID: UUID = UUID(), tokenUUID: UUID = UUID()
  ) -> [String: Any] {
    var envelope = WorkflowEnvelope(
      input: input, title: title, iconColor: iconColor, glyph: glyph,
      clientVersion: clientVersion, minimumClientVersion: minimumClientVersion)
    envelope.isCurrentExport = true
    let source = envelope.source(uuid: inputUUID)
    var parameters: [String: Any] = [
      "UUID": requestUUID.uuidString.uppercased(),
      "WFURL": server.url.absoluteString,
      "WFHTTPMethod": "POST",
      "WFHTTPBodyType": "File",
      "WFRequestVariable": WorkflowEnvelope.parameter(source.attachment),
    ]
    var actions: [[String: Any]] = []
    if server.asksForToken {
      let id = tokenUUID.uuidString.uppercased()
      envelope.importQuestions = [
        [
          "ActionIndex": actions.count, "Category": "Parameter", "DefaultValue": "",
          "ParameterKey": "WFTextActionText", "Text": tokenQuestion,
        ]
      ]
      actions.append([
        "WFWorkflowActionIdentifier": Self.tokenIdentifier,
        "WFWorkflowActionParameters": [
          "UUID": id, "CustomOutputName": "Token", "WFTextActionText": "",
        ],
      ])
      parameters["ShowHeaders"] = true
      let prefix = "Bearer "
      let authorization: [String: Any] = [
        "Value": [
          "string": prefix + "\u{FFFC}",
          "attachmentsByRange": [
            "{\(prefix.utf16.count), 1}": [
              "Type": "ActionOutput", "OutputUUID": id, "OutputName": "Token",
            ]
          ],
        ],
        "WFSerializationType": "WFTextTokenString",
      ]
      parameters["WFHTTPHeaders"] = Self.dictionary(["Authorization": authorization])
    }
    if let action = source.action { actions.append(action) }
    actions.append([
      "WFWorkflowActionIdentifier": Self.requestIdentifier,
      "WFWorkflowActionParameters": parameters,
    ])
    return envelope.root(actions: actions)
  }

  /// A `WFDictionaryFieldValue` of text items (each a `WFTextTokenString`), in key order.
  static func dictionary(_ items: [String: [String: Any]]) -> [String: Any] {
    let fields: [[String: Any]] = items.keys.sorted().map { key in
      ["WFItemType": 0, "WFKey": text(key), "WFValue": items[key] ?? text("")]
    }
    return [
      "Value": ["WFDictionaryFieldValueItems": fields],
      "WFSerializationType": "WFDictionaryFieldValue",
    ]
  }

  /// Literal text as a `WFTextTokenString` (the form dictionary items hold even without
  /// variables).
  static func text(_ string: String) -> [String: Any] {
    ["Value": ["string": string], "WFSerializationType": "WFTextTokenString"]
  }

  /// The workflow as a binary property list (`bplist00`), the form `shortcuts sign` accepts.
  /// - Throws: `ShortcutError.invalidWorkflow` if serialization fails.
  public func propertyList(
    inputUUID: UUID = UUID(), requestUUID: UUID = UUID(), tokenUUID: UUID = UUID()
  ) throws(ShortcutError) -> Data {
    do {
      return try PropertyListWriter.data(
        fromPropertyList: workflow(
          inputUUID: inputUUID, requestUUID: requestUUID, tokenUUID: tokenUUID))
    } catch {
      throw .invalidWorkflow("cannot serialize the workflow: \(error)")
    }
  }
}
