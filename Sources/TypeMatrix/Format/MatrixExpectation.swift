import Ingest
import SystemCalls

/// What must become of a row's share.
public struct MatrixExpectation: Codable, Sendable, Hashable {
  /// Whether the app's activation rule shows the extension for this share.
  public enum Activation: String, Codable, Sendable, Hashable, CaseIterable {
    /// Reads one of the values, refusing anything else with the values it takes.
    public init(from decoder: any Decoder) throws {
      self = try .decodeChoice(from: decoder)
    }
    case shown, hidden
  }

  /// What becomes of the share.
  public enum Outcome: String, Codable, Sendable, Hashable, CaseIterable {
    /// Reads one of the values, refusing anything else with the values it takes.
    public init(from decoder: any Decoder) throws {
      self = try .decodeChoice(from: decoder)
    }
    /// It reaches the library.
    case accepted
    /// The contract turns it down (the user is told why).
    case rejected
    /// Loading failed; nothing is saved (or, keeping partial shares, what loaded is).
    case failed
  }

  /// A representation taken: its type and how it is read.
  public struct Taken: Codable, Sendable, Hashable {
    /// The attachment, `item.attachment` (`1.1`).
    public var attachment: String
    /// The registered type taken.
    public var type: String
    /// How it is read: `file`, `data` or `object`.
    public var readAs: String

    /// Creates an expectation.
    public init(attachment: String, type: String, readAs: String) {
      self.attachment = attachment
      self.type = type
      self.readAs = readAs
    }

    /// The ways a representation can be read, as the schema lists them.
    public static let readAsValues = ["file", "data", "object"]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case attachment, type, readAs
    }

    /// Reads a taken representation, refusing fields and values the schema does not allow.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      try container.refuseUnknownKeys(known: CodingKeys.allCases.map(\.stringValue), in: decoder)
      self.init(
        attachment: try container.decode(String.self, forKey: .attachment),
        type: try container.decode(String.self, forKey: .type),
        readAs: try container.decodeOneOf(Self.readAsValues, forKey: .readAs))
    }
  }

  /// A record the main app's library must hold.
  public struct Record: Codable, Sendable, Hashable {
    /// `file`, `text` or `url`.
    public var kind: String
    /// The type identifier.
    public var type: String
    /// For files: the size.
    public var byteCount: Int64?
    /// For files: the SHA-256, lower-case hexadecimal.
    public var sha256: String?
    /// For text: the text.
    public var text: String?
    /// For URLs: the URL.
    public var url: String?

    /// Creates an expectation.
    public init(
      kind: String, type: String, byteCount: Int64? = nil, sha256: String? = nil,
      text: String? = nil, url: String? = nil
    ) {
      self.kind = kind
      self.type = type
      self.byteCount = byteCount
      self.sha256 = sha256
      self.text = text
      self.url = url
    }

    /// The kinds of record, as the schema lists them.
    public static let kinds = ["file", "text", "url"]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case kind, type, byteCount, sha256, text, url
    }

    /// Reads an expected record, refusing fields and values the schema does not allow: a
    /// `kind` it does not list, a `byteCount` that is not a whole number from 0, a `sha256`
    /// that is not 64 lower-case hexadecimal digits.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      try container.refuseUnknownKeys(known: CodingKeys.allCases.map(\.stringValue), in: decoder)
      let sha256 = try container.decodeIfPresent(String.self, forKey: .sha256)
      if let sha256,
        sha256.utf8.count != 64
          || !sha256.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
      {
        throw DecodingError.dataCorruptedError(
          forKey: .sha256, in: container,
          debugDescription:
            "\(TerminalText.echoed(sha256)) is not a SHA-256: 64 lower-case hexadecimal digits")
      }
      self.init(
        kind: try container.decodeOneOf(Self.kinds, forKey: .kind),
        type: try container.decode(String.self, forKey: .type),
        byteCount: try container.decodeInteger(Int64.self, forKey: .byteCount, in: 0...Int64.max),
        sha256: sha256,
        text: try container.decodeIfPresent(String.self, forKey: .text),
        url: try container.decodeIfPresent(String.self, forKey: .url))
    }
  }

  /// The rule's verdict; not checked when absent.
  public var activation: Activation?
  /// The representations taken, in attachment order; not checked when absent.
  public var taken: [Taken]?
  /// What becomes of the share.
  public var outcome: Outcome
  /// For a rejected or failed share: why (`unsupportedType`, `fileTooLarge`, `textTooLong`,
  /// `loadFailed`, `deadline`... as `MatrixRunner` names them); not checked when absent.
  public var reason: String?
  /// For an accepted share: what the library holds, in order; not checked when absent.
  public var records: [Record]?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case activation, taken, outcome, reason, records
  }

  /// Reads an expectation, refusing fields the schema does not name (a misspelt `record`
  /// would otherwise check nothing).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try container.refuseUnknownKeys(known: CodingKeys.allCases.map(\.stringValue), in: decoder)
    self.init(
      activation: try container.decodeIfPresent(Activation.self, forKey: .activation),
      taken: try container.decodeIfPresent([Taken].self, forKey: .taken),
      outcome: try container.decode(Outcome.self, forKey: .outcome),
      reason: try container.decodeIfPresent(String.self, forKey: .reason),
      records: try container.decodeIfPresent([Record].self, forKey: .records))
  }

  /// Creates an expectation.
  public init(
    activation: Activation? = nil, taken: [Taken]? = nil, outcome: Outcome,
    reason: String? = nil, records: [Record]? = nil
  ) {
    self.activation = activation
    self.taken = taken
    self.outcome = outcome
    self.reason = reason
    self.records = records
  }
}
