import Foundation
import Ingest
import SystemCalls

extension InboxFailure {
  /// Reads a record, refusing an attempt count outside 0...``maximumAttempts`` (the record is
  /// then malformed: see the type's discussion).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    let attemptsKey = AnyCodingKey("attempts")
    guard
      let attempts = try container.decodeInteger(
        Int.self, forKey: attemptsKey, in: 0...Self.maximumAttempts)
    else {
      throw DecodingError.keyNotFound(
        attemptsKey, .init(codingPath: container.codingPath, debugDescription: "missing"))
    }
    // The date is read here, not by a decoder strategy, so a bad one is refused with its
    // field (Foundation's ISO 8601 strategy names none).
    let dateKey = AnyCodingKey("lastAttempt")
    let text = try container.decode(String.self, forKey: dateKey)
    guard let lastAttempt = ManifestDate.parse(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: dateKey, in: container,
        debugDescription: "\(TerminalText.echoed(text, limit: 64)) is not an ISO 8601 date-time")
    }
    self.init(
      attempts: attempts,
      lastAttempt: lastAttempt,
      lastError: try container.decode(String.self, forKey: AnyCodingKey("lastError")))
  }
}
