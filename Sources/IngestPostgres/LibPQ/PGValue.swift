import Foundation

/// A value bound to a statement's parameter (`$1`, `$2`...), sent with its type.
///
/// Each kind travels in PostgreSQL's binary format with its type's oid, so the server never
/// parses a number or a UUID from text and a value never depends on the session's settings
/// (`DateStyle`, `TimeZone`). `null` is sent untyped: the statement's cast (`$1::uuid`) or
/// context says what it is.
enum PGValue: Sendable, Hashable {
  /// `text`, UTF-8 (a string holding U+0000 is refused by the server, as PostgreSQL's text is).
  case text(String)
  /// `bigint`.
  case int64(Int64)
  /// `integer`.
  case int32(Int32)
  /// `boolean`.
  case bool(Bool)
  /// `bytea`, any bytes (zero bytes included).
  case bytes([UInt8])
  /// `uuid`.
  case uuid(UUID)
  /// `uuid[]`, a one-dimensional array (for `= ANY($1)` and `<> ALL($1)`).
  case uuids([UUID])
  /// `timestamptz`, to the microsecond (rounded, as PostgreSQL keeps it).
  case timestamp(Date)
  /// SQL `NULL`.
  case null

  /// `text`, or `null` for nil.
  static func text(_ value: String?) -> PGValue {
    value.map { .text($0) } ?? .null
  }

  /// `int64`, or `null` for nil.
  static func int64(_ value: Int64?) -> PGValue {
    value.map { .int64($0) } ?? .null
  }
}

extension PGValue {
  /// PostgreSQL's microseconds from 1970-01-01 to its own epoch, 2000-01-01 (UTC).
  static let postgresEpochMicroseconds: Int64 = 946_684_800_000_000

  /// `date` as whole microseconds since 1970 (rounded to the nearest).
  static func microseconds(since1970 date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
  }

  /// `uuid`'s oid, the element type of `uuid[]`.
  private static let uuidOID: UInt32 = 2950

  /// The type's oid (`pg_type.oid`), 0 (unspecified) for `null`.
  var typeOID: UInt32 {
    switch self {
    case .text: 25
    case .int64: 20
    case .int32: 23
    case .bool: 16
    case .bytes: 17
    case .uuid: Self.uuidOID
    case .uuids: 2951
    case .timestamp: 1184
    case .null: 0
    }
  }

  /// The value in PostgreSQL's binary format (each type's `*recv` function reads it); nil for
  /// `null`.
  var binary: [UInt8]? {
    switch self {
    case .text(let text): Array(text.utf8)
    case .int64(let value): Self.bigEndian(value)
    case .int32(let value): Self.bigEndian(value)
    case .bool(let value): [value ? 1 : 0]
    case .bytes(let bytes): bytes
    case .uuid(let uuid): Self.bytes(of: uuid)
    case .uuids(let uuids): Self.array(of: uuids)
    case .timestamp(let date):
      Self.bigEndian(Self.microseconds(since1970: date) - Self.postgresEpochMicroseconds)
    case .null: nil
    }
  }

  /// An integer's bytes, most significant first (network order).
  private static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian) { Array($0) }
  }

  /// A UUID's 16 bytes, in order.
  private static func bytes(of uuid: UUID) -> [UInt8] {
    withUnsafeBytes(of: uuid.uuid) { Array($0) }
  }

  /// A one-dimensional `uuid[]` as `array_recv` reads it: the number of dimensions, a flag for
  /// NULLs, the element type; then each dimension's length and lower bound (1); then each
  /// element's length and bytes. An empty array has no dimensions.
  private static func array(of uuids: [UUID]) -> [UInt8] {
    var bytes = bigEndian(Int32(uuids.isEmpty ? 0 : 1))
    bytes += bigEndian(Int32(0))
    bytes += bigEndian(uuidOID)
    guard !uuids.isEmpty else { return bytes }
    bytes += bigEndian(Int32(uuids.count))
    bytes += bigEndian(Int32(1))
    bytes.reserveCapacity(bytes.count + uuids.count * 20)
    for uuid in uuids {
      bytes += bigEndian(Int32(16))
      bytes += Self.bytes(of: uuid)
    }
    return bytes
  }
}

/// Parameters laid out as `PQexecParams` and `PQsendQueryParams` take them: one array each of
/// types, value pointers, lengths and formats, the values' bytes in one buffer that lives as
/// long as the call.
enum PGParameters {
  /// Calls `body` with `values` laid out for libpq: every value but `null` in binary format
  /// with its type, `null` as a NULL pointer (untyped, text format).
  static func with<R>(
    _ values: [PGValue],
    _ body: (
      _ count: Int32, _ types: [UInt32], _ values: [UnsafePointer<CChar>?], _ lengths: [Int32],
      _ formats: [Int32]
    ) -> R
  ) -> R {
    let encoded = values.map(\.binary)
    let total = encoded.reduce(0) { $0 + ($1?.count ?? 0) }
    // One byte more than needed: an empty value (`''`, an empty `bytea`) still gets a pointer
    // that is not NULL, which libpq would take for SQL NULL.
    let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: total + 1, alignment: 1)
    defer { storage.deallocate() }
    var pointers: [UnsafePointer<CChar>?] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    pointers.reserveCapacity(values.count)
    lengths.reserveCapacity(values.count)
    formats.reserveCapacity(values.count)
    var offset = 0
    for bytes in encoded {
      guard let bytes else {
        pointers.append(nil)
        lengths.append(0)
        formats.append(0)
        continue
      }
      let start = storage.baseAddress.map { $0 + offset }
      if !bytes.isEmpty {
        UnsafeMutableRawBufferPointer(rebasing: storage[offset..<offset + bytes.count])
          .copyBytes(from: bytes)
      }
      pointers.append(start.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) })
      lengths.append(Int32(clamping: bytes.count))
      formats.append(1)
      offset += bytes.count
    }
    return body(Int32(values.count), values.map(\.typeOID), pointers, lengths, formats)
  }
}
