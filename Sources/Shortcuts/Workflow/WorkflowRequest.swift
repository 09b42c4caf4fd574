import Foundation

/// What a Get Contents of URL action (`is.workflow.actions.downloadurl`) sends, as its
/// parameters say: the method, the URL, the body type and the names of the headers.
///
/// A header's value is never read: it is where a shortcut keeps a token, and nothing that
/// reports on a workflow should print it.
public struct WorkflowRequest: Sendable, Codable, Equatable {
  /// `WFHTTPMethod`: `GET` when absent (the action's default), nil when a variable gives it.
  public var method: String?
  /// `WFURL` when it is literal text; nil when a variable makes part of it.
  public var url: String?
  /// `WFHTTPBodyType` (`JSON`, `Form` or `File`), when present.
  public var bodyType: String?
  /// The keys of `WFHTTPHeaders`, in order; a key a variable makes reads `<variable>`.
  public var headerNames: [String]

  /// What stands for text a variable makes, such as a header name.
  public static let variableText = "<variable>"
}

extension WorkflowRequest {
  /// The request of a Get Contents of URL action; nil for any other action.
  init?(identifier: String, parameters: [String: Any]) {
    guard identifier == "is.workflow.actions.downloadurl" else { return nil }
    switch parameters["WFHTTPMethod"] {
    case nil: method = "GET"
    case let literal as String: method = literal
    default: method = nil
    }
    url = parameters["WFURL"].flatMap(Self.literalText)
    bodyType = parameters["WFHTTPBodyType"] as? String
    let headers = parameters["WFHTTPHeaders"] as? [String: Any]
    let items = (headers?["Value"] as? [String: Any])?["WFDictionaryFieldValueItems"] as? [Any]
    headerNames = (items ?? []).compactMap { item in
      guard let item = item as? [String: Any], let key = item["WFKey"] else { return nil }
      return Self.literalText(key) ?? Self.variableText
    }
  }

  /// Text a parameter holds: a plain string, or a `WFTextTokenString` without attachments;
  /// nil when a variable makes part of it.
  static func literalText(_ value: Any) -> String? {
    if let string = value as? String { return string }
    guard let dictionary = value as? [String: Any],
      dictionary["WFSerializationType"] as? String == "WFTextTokenString",
      let token = dictionary["Value"] as? [String: Any],
      let string = token["string"] as? String
    else { return nil }
    let attachments = token["attachmentsByRange"] as? [String: Any] ?? [:]
    return attachments.isEmpty ? string : nil
  }
}
