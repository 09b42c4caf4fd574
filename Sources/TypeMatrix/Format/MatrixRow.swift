import Foundation
import Ingest

/// One row of a type matrix: a share from one source, and what must become of it.
public struct MatrixRow: Codable, Sendable, Hashable {
  /// The row's name, unique in the matrix, as test reports show it.
  public var name: String
  /// What the source shares.
  public var source: MatrixSource
  /// Failures the source is scripted to have.
  public var script: [ScriptedFailure]
  /// Run the share keeping what loaded when an attachment fails (default: all or nothing).
  public var keepPartial: Bool
  /// The share's deadline in seconds (default 30, what a device allows; a row scripted to
  /// never answer should set a short one, so as not to hold the matrix up).
  public var deadline: Double?
  /// What the extension's JavaScript preprocessing returns, in place of the profile's example
  /// (a profile with a preprocessing result, such as `safari-page-javascript`).
  public var javaScriptResults: MatrixJavaScriptResults?
  /// What must happen.
  public var expect: MatrixExpectation

  /// Creates a row.
  public init(
    name: String, source: MatrixSource, script: [ScriptedFailure] = [], keepPartial: Bool = false,
    deadline: Double? = nil, javaScriptResults: MatrixJavaScriptResults? = nil,
    expect: MatrixExpectation
  ) {
    self.name = name
    self.source = source
    self.script = script
    self.keepPartial = keepPartial
    self.deadline = deadline
    self.javaScriptResults = javaScriptResults
    self.expect = expect
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, source, script, keepPartial, deadline, javaScriptResults, expect
  }

  /// Reads a row; `script`, `keepPartial`, `deadline` and `javaScriptResults` are optional,
  /// and a field the schema does not name is refused with the nearest known one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.refuseUnknownKeys(known: CodingKeys.allCases.map(\.stringValue), in: decoder)
    name = try container.decode(String.self, forKey: .name)
    source = try container.decode(MatrixSource.self, forKey: .source)
    script = try container.decodeIfPresent([ScriptedFailure].self, forKey: .script) ?? []
    keepPartial = try container.decodeIfPresent(Bool.self, forKey: .keepPartial) ?? false
    deadline = try container.decodeNumber(forKey: .deadline, in: 0.001...86_400)
    javaScriptResults = try container.decodeIfPresent(
      MatrixJavaScriptResults.self, forKey: .javaScriptResults)
    expect = try container.decode(MatrixExpectation.self, forKey: .expect)
  }

  /// Writes the row, leaving out what has its default.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(source, forKey: .source)
    if !script.isEmpty { try container.encode(script, forKey: .script) }
    if keepPartial { try container.encode(keepPartial, forKey: .keepPartial) }
    try container.encodeIfPresent(deadline, forKey: .deadline)
    try container.encodeIfPresent(javaScriptResults, forKey: .javaScriptResults)
    try container.encode(expect, forKey: .expect)
  }
}

/// What a row's source shares: a shipped source-app profile by name, or items written inline
/// in the profile schema (extension items, attachments, registered types in order, delivery
/// per type, content files relative to the matrix's content directory).
public enum MatrixSource: Codable, Sendable, Hashable {
  /// A shipped profile, such as `photos-photo`.
  case profile(String)
  /// Extension items written in the row.
  case inline(app: String?, items: [SourceProfile.Item])

  enum CodingKeys: String, CodingKey, CaseIterable {
    case app, items
  }

  /// A string names a profile; an object holds `items` (and optionally `app`, and nothing
  /// else).
  public init(from decoder: any Decoder) throws {
    if let name = try? decoder.singleValueContainer().decode(String.self) {
      self = .profile(name)
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.refuseUnknownKeys(known: CodingKeys.allCases.map(\.stringValue), in: decoder)
    self = .inline(
      app: try container.decodeIfPresent(String.self, forKey: .app),
      items: try container.decode([SourceProfile.Item].self, forKey: .items))
  }

  /// Writes a profile as its name and inline items as an object.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .profile(let name):
      var container = encoder.singleValueContainer()
      try container.encode(name)
    case .inline(let app, let items):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeIfPresent(app, forKey: .app)
      try container.encode(items, forKey: .items)
    }
  }

  /// The source app's name for the manifest.
  var appName: String {
    switch self {
    case .profile(let name): name
    case .inline(let app, _): app ?? "inline"
    }
  }
}

/// A failure a row's source is scripted to have, on one attachment's loads.
public struct ScriptedFailure: Codable, Sendable, Hashable {
  /// How the source misbehaves.
  public enum Behavior: String, Codable, Sendable, Hashable, CaseIterable {
    /// Reads one of the values, refusing anything else with the values it takes.
    public init(from decoder: any Decoder) throws {
      self = try .decodeChoice(from: decoder)
    }
    /// The load fails with `error`.
    case fail
    /// The source goes away mid-load (Cocoa 4097 under -1000, its file deleted).
    case vanish
    /// The load never answers (the share's deadline ends it).
    case neverAnswer
    /// The source deletes its file as soon as the load's callback returns (an extension that
    /// copies inside the callback does not notice).
    case deleteAfterCallback
  }

  /// The attachment, as `item.attachment` counted from 1 (`1.2`).
  public var attachment: String
  /// How it misbehaves.
  public var behavior: Behavior
  /// For `fail`: the error's domain (default `NSCocoaErrorDomain`).
  public var errorDomain: String?
  /// For `fail`: the error's code (default 4097).
  public var errorCode: Int?

  /// Creates a scripted failure.
  public init(
    attachment: String, behavior: Behavior, errorDomain: String? = nil, errorCode: Int? = nil
  ) {
    self.attachment = attachment
    self.behavior = behavior
    self.errorDomain = errorDomain
    self.errorCode = errorCode
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case attachment, behavior, errorDomain, errorCode
  }

  /// Reads a scripted failure, refusing fields the schema does not name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.refuseUnknownKeys(known: CodingKeys.allCases.map(\.stringValue), in: decoder)
    self.init(
      attachment: try container.decode(String.self, forKey: .attachment),
      behavior: try container.decode(Behavior.self, forKey: .behavior),
      errorDomain: try container.decodeIfPresent(String.self, forKey: .errorDomain),
      errorCode: try container.decodeInteger(Int.self, forKey: .errorCode, in: Int.min...Int.max))
  }

  /// The attachment's position, when `attachment` is well formed.
  var position: AttachmentPosition? {
    let parts = attachment.split(separator: ".")
    guard parts.count == 2, let item = Int(parts[0]), let index = Int(parts[1]), item > 0,
      index > 0
    else { return nil }
    return AttachmentPosition(item: item, attachment: index)
  }
}
