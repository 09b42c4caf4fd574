import Foundation

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
    self.init(
      attempts: attempts,
      lastAttempt: try container.decode(Date.self, forKey: AnyCodingKey("lastAttempt")),
      lastError: try container.decode(String.self, forKey: AnyCodingKey("lastError")))
  }
}
