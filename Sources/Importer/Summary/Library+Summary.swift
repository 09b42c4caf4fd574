import Foundation

/// The hand-off summary card.
extension LibraryStore {
  /// The hand-off summary card of a day: its records, newest first, at most 50.
  ///
  /// The same as `ingest-cli library summary [--date YYYY-MM-DD] [--time-zone ZONE]
  /// [--locale en|zh-Hant]`. Two indexed queries (the day's count, its newest records) and
  /// one per listed record for its items: the cost does not grow with the library.
  ///
  /// - Parameters:
  ///   - date: The day; nil for the day `now` falls on in `timeZone` ("today").
  ///   - timeZone: The device's local time zone by default (`TZ`).
  ///   - locale: The card's language.
  ///   - now: The current time, for "today".
  public func summary(
    date: CalendarDay? = nil, timeZone: TimeZone = .current, locale: SummaryLocale = .english,
    now: Date = Date()
  ) async throws -> HandoffSummary {
    let day = date ?? CalendarDay(containing: now, in: timeZone)
    let interval = day.interval(in: timeZone)
    let count = try await count(receivedIn: interval)
    let entries = try await newest(receivedIn: interval, limit: HandoffSummary.recordLimit)
    return HandoffSummary(
      day: day, timeZone: timeZone, interval: interval, locale: locale, count: count,
      entries: entries.map {
        HandoffSummary.Entry(
          shareID: $0.shareID, receivedAt: $0.receivedAt, status: $0.status,
          content: HandoffSummary.content(of: $0.items, title: $0.title))
      })
  }
}

/// The summary's queries on SQLite.
extension Library {
  /// The records received in `interval`: one indexed count.
  public func count(receivedIn interval: DateInterval) async throws -> Int {
    try await withConnection { connection in
      Int(try connection.integer(LibrarySchema.countDay, Self.bounds(interval)) ?? 0)
    }
  }

  /// The newest `limit` records received in `interval`: one indexed range, newest first, and
  /// one query per record for its items.
  public func newest(receivedIn interval: DateInterval, limit: Int) async throws -> [LibraryRecord]
  {
    try await withConnection { connection in
      try Self.readRecords(
        connection, sql: LibrarySchema.newestOfDay,
        Self.bounds(interval) + [.integer(Int64(limit))])
    }
  }

  /// `[start, end)` in the library's microseconds.
  private static func bounds(_ interval: DateInterval) -> [SQLiteValue] {
    [
      .integer(LibraryTime.microseconds(interval.start)),
      .integer(LibraryTime.microseconds(interval.end)),
    ]
  }

  /// SQLite's plan for each of the summary's queries (`EXPLAIN QUERY PLAN`), one line per
  /// step, such as `SEARCH records USING COVERING INDEX records_by_received_at (received_at>?
  /// AND received_at<?)`: what a test checks to show the card never scans the library.
  func summaryQueryPlans() throws -> [String: [String]] {
    try withConnectionOnThisThread { connection in
      var plans: [String: [String]] = [:]
      for (name, sql) in [
        ("count", LibrarySchema.countDay), ("newest", LibrarySchema.newestOfDay),
        ("items", LibrarySchema.itemsOfRecord),
      ] {
        // The plan needs no values, but every parameter is bound: NULL.
        let explain = try connection.statement("EXPLAIN QUERY PLAN " + sql)
        plans[name] = try explain.rows(Array(repeating: .null, count: explain.parameterCount)) {
          row throws(SQLiteError) in try row.decode(String.self, at: 3)
        }
      }
      return plans
    }
  }
}
