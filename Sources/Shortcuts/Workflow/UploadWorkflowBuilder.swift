import Foundation
import PropertyLists

/// Builds the "take a screenshot, post it to a server" workflow as a binary property list:
/// `is.workflow.actions.takescreenshot`, then Get Contents of URL
/// (`is.workflow.actions.downloadurl`) posting the screenshot as the request's body, with the
/// bearer token in an `Authorization` header when the server asks for one.
///
/// What `ingest-cli serve` takes at `POST /share`: one file as the body. The request action's
/// parameters follow shortcuts exported from devices (see the Making and reading shortcuts
/// article for the files they were checked against): `WFURL` the URL as literal text,
/// `WFHTTPMethod` `POST`, `WFHTTPBodyType` `File`, `WFRequestVariable` the screenshot action's
/// output as a `WFTextTokenAttachment` (`Type: ActionOutput`, `OutputUUID`, `OutputName`),
/// and, with a token, `ShowHeaders` true and `WFHTTPHeaders` a `WFDictionaryFieldValue` of one
/// item (`WFItemType` 0, `WFKey` `Authorization` and `WFValue` `Bearer TOKEN`, each a
/// `WFTextTokenString`). Whether iOS imports and runs the file as built, on a given iOS
/// version, only a device can confirm.
///
/// The file holds the token: anyone who has it can post as this device. Like
/// ``WorkflowBuilder``'s, the output is unsigned and must be signed on a Mac before iOS 15 or
/// later imports it; this type never signs.
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

  /// The workflow as property list objects.
  /// - Parameters:
  ///   - inputUUID: the UUID of the input action (upper-case in the file).
  ///   - requestUUID: the UUID of the Get Contents of URL action.
  public func workflow(inputUUID: UUID = UUID(), requestUUID: UUID = UUID()) -> [String: Any] {
    let envelope = WorkflowEnvelope(
      input: input, title: title, iconColor: iconColor, glyph: glyph,
      clientVersion: clientVersion, minimumClientVersion: minimumClientVersion)
    let source = envelope.source(uuid: inputUUID)
    var parameters: [String: Any] = [
      "UUID": requestUUID.uuidString.uppercased(),
      "WFURL": server.url.absoluteString,
      "WFHTTPMethod": "POST",
      "WFHTTPBodyType": "File",
      "WFRequestVariable": WorkflowEnvelope.parameter(source.attachment),
    ]
    if let token = server.bearerToken {
      parameters["ShowHeaders"] = true
      parameters["WFHTTPHeaders"] = Self.dictionary(["Authorization": "Bearer " + token])
    }
    let request: [String: Any] = [
      "WFWorkflowActionIdentifier": Self.requestIdentifier,
      "WFWorkflowActionParameters": parameters,
    ]
    return envelope.root(actions: (source.action.map { [$0] } ?? []) + [request])
  }

  /// A `WFDictionaryFieldValue` of text items, in key order.
  static func dictionary(_ items: [String: String]) -> [String: Any] {
    let fields: [[String: Any]] = items.keys.sorted().map { key in
      ["WFItemType": 0, "WFKey": text(key), "WFValue": text(items[key] ?? "")]
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
  public func propertyList(inputUUID: UUID = UUID(), requestUUID: UUID = UUID())
    throws(ShortcutError) -> Data
  {
    do {
      return try PropertyListWriter.data(
        fromPropertyList: workflow(inputUUID: inputUUID, requestUUID: requestUUID))
    } catch {
      throw .invalidWorkflow("cannot serialize the workflow: \(error)")
    }
  }
}
