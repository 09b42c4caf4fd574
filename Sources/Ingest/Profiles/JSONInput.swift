import Foundation
import SystemCalls
import UTI

/// The one reader of JSON users and other programs give (matrices, contracts, profiles,
/// manifests, JavaScript results): `JSONDecoder` underneath, with errors that say where and
/// what, in words, never Swift's own dump.
///
/// Every document first passes `JSONStructure`'s strict check (linear, bounded depth): a key
/// given twice in one object, a trailing comma, a number no `Double` holds, or anything else
/// RFC 8259 forbids is malformed, with its line, column and key path, before Foundation (which
/// accepts the first three) reads it. Numbers are then range-checked where they are read
/// (`decodeInteger`, `decodeNumber`), so arithmetic on them cannot trap.
///
/// A syntax error names its line and column (JSONDecoder says only "The given data was not
/// valid JSON"); a decoding error names the field's path (`rows[3].expect.outcome`) and what
/// was expected ("a number", "an object", one of the values listed), and never repeats more
/// than a short, quoted excerpt of what was found.
package enum JSONInput {
  /// Decodes `type` from `data`.
  ///
  /// - Throws: `JSONInputError` naming the field (empty for the document) and the problem.
  package static func decode<T: Decodable>(
    _ type: T.Type, from data: Data, decoder: JSONDecoder = JSONDecoder()
  ) throws(JSONInputError) -> T {
    try JSONStructure.check(data)
    do {
      return try decoder.decode(type, from: data)
    } catch let error as DecodingError {
      throw JSONInputError(error, data: data)
    } catch let error as JSONInputError {
      throw error
    } catch {
      throw JSONInputError(field: "", problem: ErrorText.message(for: error))
    }
  }

  /// `value` as a user writes it: whole numbers in full (`4611686018427387904`), never in
  /// scientific notation.
  package static func format(_ value: Double) -> String {
    if value == value.rounded(), let whole = Int64(exactly: value) { return String(whole) }
    if value == value.rounded(), let whole = UInt64(exactly: value) { return String(whole) }
    return String(value)
  }

  /// What to say of a field not in `known`: the known one nearest in spelling (edit distance
  /// without regard to case, ties to the first in order), always, then every known one.
  package static func unknownFieldProblem(_ unknown: String, known: [String]) -> String {
    // A key of a megabyte costs no more than one of 80 characters.
    let cut = String(unknown.prefix(80))
    let nearest = known.sorted().min {
      EditDistance.between($0, cut) < EditDistance.between($1, cut)
    }
    let suggestion = nearest.map { " (did you mean \($0)?)" } ?? ""
    return "unknown field\(suggestion); the fields are \(known.sorted().joined(separator: ", "))"
  }

  /// Where a syntax error is, from the parser's "around character N" (a byte offset): `line L,
  /// column C` (both from 1), or nil when the parser says nothing of where.
  static func syntaxProblem(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      var message = ErrorText.message(for: error)
      if let range = message.range(
        of: #"around (line \d+, column \d+|character \d+)"#, options: .regularExpression)
      {
        let place = message[range]
        if let offset = Int(place.split(separator: " ").last ?? ""),
          place.contains("character")
        {
          let (line, column) = position(of: offset, in: data)
          message.replaceSubrange(range, with: "at line \(line), column \(column)")
        }
      }
      return message.hasSuffix(".") ? String(message.dropLast()) : message
    }
  }

  /// The line and column (from 1, columns in bytes) of byte `offset`.
  static func position<Bytes: Collection<UInt8>>(of offset: Int, in data: Bytes) -> (
    line: Int, column: Int
  ) {
    var line = 1
    var column = 1
    for byte in data.prefix(max(0, offset)) {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return (line, column)
  }
}

/// A JSON document that cannot be read as what it should be: where, and what is wrong.
package struct JSONInputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The field's path (`rows[3].deadline`), empty for the whole document.
  package var field: String
  /// What is wrong, in words, with at most a short quoted excerpt of what was found.
  package var problem: String

  package init(field: String, problem: String) {
    self.field = field
    self.problem = problem
  }

  /// The error a decoding failure of `data` means.
  init(_ error: DecodingError, data: Data) {
    switch error {
    case .keyNotFound(let key, let context):
      self.init(field: Self.path(context.codingPath + [key]), problem: "missing")
    case .typeMismatch(let type, let context):
      self.init(field: Self.path(context.codingPath), problem: "expected \(Self.name(of: type))")
    case .valueNotFound(let type, let context):
      self.init(
        field: Self.path(context.codingPath),
        problem: "expected \(Self.name(of: type)), found null")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty, let syntax = JSONInput.syntaxProblem(in: data) {
        self.init(field: "", problem: "not valid JSON: \(syntax)")
      } else if context.codingPath.isEmpty {
        // Valid JSON the decoder still refused as a whole: a number too large for its field.
        self.init(field: "", problem: Self.plain(context.debugDescription))
      } else {
        self.init(
          field: Self.path(context.codingPath), problem: Self.plain(context.debugDescription))
      }
    @unknown default:
      self.init(field: "", problem: "\(error)")
    }
  }

  /// `field: problem`, or the problem alone.
  package var description: String {
    field.isEmpty ? problem : "\(field): \(problem)"
  }

  /// `rows[3].expect.outcome`; a key from the document is shortened, with any character that
  /// could act on a terminal replaced (keys are the document's, not ours).
  package static func path(_ keys: [any CodingKey]) -> String {
    keys.reduce(into: "") { text, key in
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        let name =
          key.stringValue.count > 80 ? key.stringValue.prefix(80) + "…" : key.stringValue[...]
        let safe = TerminalText.excerpt(String(name))
        text += text.isEmpty ? safe : ".\(safe)"
      }
    }
  }

  /// A JSON kind for a Swift type: `a string`, `a number`, `an object`...
  static func name(of type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type: return "a whole number"
    case is Double.Type, is Float.Type: return "a number"
    default:
      let name = "\(type)"
      if name.hasPrefix("Dictionary<") { return "an object" }
      if name.hasPrefix("Array<") { return "a list" }
      return "an object (\(name))"
    }
  }

  /// A decoder's debug description in words: Foundation's "Cannot initialize X from invalid
  /// String value y" becomes "'y' is not a value this field takes"; anything else is kept,
  /// with control characters replaced.
  static func plain(_ description: String) -> String {
    if let range = description.range(of: "from invalid String value ") {
      let value = String(description[range.upperBound...])
      return "\(TerminalText.echoed(value)) is not a value this field takes"
    }
    if description.contains("does not fit in") || description.contains("not valid JSON") {
      return "a number too large or too precise for this field"
    }
    return TerminalText.excerpt(description)
  }
}

extension KeyedDecodingContainer {
  /// Decodes one of an enumeration's values, refusing anything else with the values it takes.
  package func decodeChoice<T: RawRepresentable & CaseIterable>(
    _ type: T.Type, forKey key: Key
  ) throws -> T where T.RawValue == String {
    let text = try decode(String.self, forKey: key)
    guard let value = T(rawValue: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription:
          "\(TerminalText.echoed(text)) is not one of "
          + T.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return value
  }

  /// Decodes a string that must be one of `values`, refusing anything else with the values
  /// it takes.
  package func decodeOneOf(_ values: [String], forKey key: Key) throws -> String {
    let text = try decode(String.self, forKey: key)
    guard values.contains(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription:
          "\(TerminalText.echoed(text)) is not one of \(values.joined(separator: ", "))")
    }
    return text
  }

  /// Decodes a number in `range` when present, refusing one outside it (or not finite) with
  /// the range, instead of a conversion error or a trap later.
  package func decodeNumber(
    forKey key: Key, in range: ClosedRange<Double>, wholeNumber: Bool = false
  ) throws -> Double? {
    guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
    guard value.isFinite, range.contains(value), !wholeNumber || value == value.rounded() else {
      let bounds = "\(JSONInput.format(range.lowerBound)) to \(JSONInput.format(range.upperBound))"
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: wholeNumber
          ? "needs a whole number from \(bounds)" : "needs a number from \(bounds)")
    }
    return value
  }

  /// Decodes a whole number in `range` when present: a fraction, a number outside the range
  /// or one no `T` holds is refused with the field's path and the range, written as whole
  /// numbers (`1 to 4611686018427387904`, never `4.611686018427388e+18`).
  package func decodeInteger<T: FixedWidthInteger & Decodable & Sendable>(
    _ type: T.Type, forKey key: Key, in range: ClosedRange<T>
  ) throws -> T? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    let refusal = DecodingError.dataCorruptedError(
      forKey: key, in: self,
      debugDescription: "needs a whole number from \(range.lowerBound) to \(range.upperBound)")
    let value: T
    do {
      value = try decode(T.self, forKey: key)
    } catch {
      // A number, but a fraction or too large for T: say what is taken. Anything else (a
      // string, a list) keeps the decoder's "expected a whole number".
      if (try? decode(Double.self, forKey: key)) != nil { throw refusal }
      throw error
    }
    guard range.contains(value) else { throw refusal }
    return value
  }

  /// Refuses keys not in `known`, naming the nearest known one (`maxFileSize`: did you mean
  /// `maximumFileSize`?) and listing them all.
  package func refuseUnknownKeys(known: [String], in decoder: any Decoder) throws {
    let all = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue)
    guard let unknown = all.sorted().first(where: { !known.contains($0) }) else { return }
    throw DecodingError.dataCorrupted(
      .init(
        codingPath: codingPath + [AnyCodingKey(unknown)],
        debugDescription: JSONInput.unknownFieldProblem(unknown, known: known)))
  }
}

extension RawRepresentable where Self: CaseIterable, RawValue == String {
  /// Decodes one of the enumeration's values from a single string, refusing anything else
  /// with the values it takes (Foundation says only "Cannot initialize X from invalid String
  /// value y").
  package static func decodeChoice(from decoder: any Decoder) throws -> Self {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Self(rawValue: text) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription:
          "\(TerminalText.echoed(text)) is not one of "
          + allCases.map(\.rawValue).joined(separator: ", "))
    }
    return value
  }
}

/// A coding key for any name, for listing a container's keys.
package struct AnyCodingKey: CodingKey {
  package var stringValue: String
  package var intValue: Int?

  package init(_ string: String) {
    stringValue = string
  }

  package init?(stringValue: String) {
    self.stringValue = stringValue
  }

  package init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}
