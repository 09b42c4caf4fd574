import Foundation
import ItemProvider

/// What a Safari extension's JavaScript preprocessing passed to `completionFunction`: whatever
/// the extension's own script returns (`{"url": …, "title": …, "selection": …}` or any other
/// keys), which Safari hands the extension under `NSExtensionJavaScriptPreprocessingResultsKey`
/// in the `com.apple.property-list` attachment.
///
/// Apple: the key's value is "an NSDictionary that contains the object returned by the
/// JavaScript code to its completion function". It crosses to the extension as a property list,
/// so it is any JSON value property lists can hold: JSON `null` (anywhere) cannot be, and is
/// refused with its place, rather than silently dropped.
public struct JavaScriptPreprocessingResults: Codable, Sendable, Hashable {
  /// The script's result.
  public let value: JSONValue

  /// Takes a script's result.
  ///
  /// - Throws: `JavaScriptResultsError.null` naming where a `null` is.
  public init(_ value: JSONValue) throws(JavaScriptResultsError) {
    if let place = Self.firstNull(in: value, at: "results") { throw .null(at: place) }
    self.value = value
  }

  /// Reads a script's result from JSON text (a file's contents, or a command line's argument).
  ///
  /// - Throws: `JavaScriptResultsError.notJSON` or `.null`.
  public init(json: Data) throws(JavaScriptResultsError) {
    let value: JSONValue
    do {
      value = try JSONInput.decode(JSONValue.self, from: json)
    } catch {
      throw .notJSON(error.description)
    }
    try self.init(value)
  }

  /// The page's URL as the script returned it: the string under a top-level key spelt `URL`
  /// or `url` (any case), when it is an absolute URL with a scheme; nil otherwise. A share
  /// given results but no URL of its own carries this one as the page's `public.url`, as
  /// Safari's URL and the script's would agree on a device.
  public var pageURL: URL? {
    guard case .object(let members) = value else { return nil }
    for key in members.keys.sorted() where key.lowercased() == "url" {
      if case .string(let text)? = members[key], let url = URL(string: text), url.scheme != nil {
        return url
      }
    }
    return nil
  }

  /// Reads the result as a JSON value, refusing `null`.
  public init(from decoder: any Decoder) throws {
    let value = try JSONValue(from: decoder)
    do {
      try self.init(value)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }

  /// Writes the result as its JSON value.
  public func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }

  private static func firstNull(in value: JSONValue, at place: String) -> String? {
    switch value {
    case .null: return place
    case .array(let values):
      for (index, element) in values.enumerated() {
        if let found = firstNull(in: element, at: "\(place)[\(index)]") { return found }
      }
      return nil
    case .object(let members):
      for key in members.keys.sorted() {
        if let member = members[key], let found = firstNull(in: member, at: "\(place).\(key)") {
          return found
        }
      }
      return nil
    default: return nil
    }
  }
}

/// Why a JavaScript preprocessing result cannot be used.
public enum JavaScriptResultsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text is not JSON.
  case notJSON(String)
  /// A `null` at this place: property lists cannot hold one.
  case null(at: String)
  /// The profile has no `com.apple.property-list` attachment carrying a preprocessing result.
  case noPreprocessingResult(profile: String)

  /// What is wrong and what to do.
  public var description: String {
    switch self {
    case .notJSON(let reason):
      "the JavaScript preprocessing results are not JSON (\(reason)); give a JSON object such"
        + " as {\"url\": \"https://example.com/\", \"title\": \"Example\"}, inline or in a file"
    case .null(let place):
      "the JavaScript preprocessing results hold null at \(place), which a property list cannot"
        + " carry to the extension; leave the key out"
    case .noPreprocessingResult(let profile):
      "the \(profile) profile carries no JavaScript preprocessing result (a"
        + " com.apple.property-list attachment); use safari-page-javascript, or a profile whose"
        + " attachment has one"
    }
  }
}

extension SourceProfile {
  /// Puts `results` in place of the script result every `com.apple.property-list` dictionary
  /// of the profile carries under `NSExtensionJavaScriptPreprocessingResultsKey`.
  ///
  /// - Throws: `JavaScriptResultsError.noPreprocessingResult` when the profile has none.
  public mutating func replaceJavaScriptResults(with results: JavaScriptPreprocessingResults)
    throws(JavaScriptResultsError)
  {
    var replaced = false
    for itemIndex in items.indices {
      for attachmentIndex in items[itemIndex].attachments.indices {
        let representations = items[itemIndex].attachments[attachmentIndex].representations
        for index in representations.indices {
          let representation = representations[index]
          guard representation.typeIdentifier == "com.apple.property-list",
            representation.object?.className == "NSDictionary",
            case .object(var members) = representation.object?.value,
            members[NSExtensionJavaScriptPreprocessingResultsKey] != nil
          else { continue }
          members[NSExtensionJavaScriptPreprocessingResultsKey] = results.value
          items[itemIndex].attachments[attachmentIndex].representations[index].object?.value =
            .object(members)
          replaced = true
        }
      }
    }
    guard replaced else { throw .noPreprocessingResult(profile: name) }
  }
}
