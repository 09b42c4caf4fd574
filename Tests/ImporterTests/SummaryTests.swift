import Foundation
import Ingest
import TestSupport
import Testing

@testable import Importer

@Suite(
  "Hand-off summary: the calendar's day, newest first, 50 at most, never a record cut",
  .onIOExecutor)
struct SummaryTests {
  /// A day, its zone, the records written as another program would (local times with their
  /// offsets), and what the card must say.
  struct DayCase: CustomTestStringConvertible, Sendable {
    var name: String
    var zone: String
    var day: String
    var hours: Double
    /// `receivedAt` of each record and its text; the texts of the day's records, newest first.
    var records: [(receivedAt: String, text: String)]
    var expected: [String]

    var testDescription: String { name }
  }

  static let days: [DayCase] = [
    DayCase(
      name: "New York, spring forward (23 hours)", zone: "America/New_York", day: "2026-03-08",
      hours: 23,
      records: [
        ("2026-03-07T23:59:59-05:00", "the evening before"),
        ("2026-03-08T00:30:00-05:00", "00:30"),
        ("2026-03-08T01:30:00-05:00", "01:30"),
        ("2026-03-08T03:30:00-04:00", "03:30, after the gap"),
        ("2026-03-08T23:30:00-04:00", "23:30"),
        ("2026-03-09T00:00:00-04:00", "the next midnight"),
      ],
      expected: ["23:30", "03:30, after the gap", "01:30", "00:30"]),
    DayCase(
      name: "New York, fall back (25 hours, 01:30 twice)", zone: "America/New_York",
      day: "2026-11-01", hours: 25,
      records: [
        ("2026-10-31T23:59:59-04:00", "the evening before"),
        ("2026-11-01T00:00:00-04:00", "midnight"),
        ("2026-11-01T00:30:00-04:00", "00:30"),
        ("2026-11-01T01:30:00-04:00", "01:30 EDT"),
        ("2026-11-01T01:30:00-05:00", "01:30 EST"),
        ("2026-11-01T23:30:00-05:00", "23:30"),
        ("2026-11-01T23:59:59-05:00", "one second before midnight"),
        ("2026-11-02T00:00:00-05:00", "the next midnight"),
      ],
      expected: [
        "one second before midnight", "23:30", "01:30 EST", "01:30 EDT", "00:30", "midnight",
      ]),
    DayCase(
      name: "Taipei, no daylight saving (24 hours)", zone: "Asia/Taipei", day: "2026-03-08",
      hours: 24,
      records: [
        ("2026-03-07T23:59:59+08:00", "the evening before"),
        ("2026-03-08T00:00:00+08:00", "midnight"),
        ("2026-03-08T00:30:00+08:00", "00:30"),
        ("2026-03-08T01:30:00+08:00", "01:30"),
        ("2026-03-08T23:30:00+08:00", "23:30"),
        ("2026-03-09T00:00:00+08:00", "the next midnight"),
      ],
      expected: ["23:30", "01:30", "00:30", "midnight"]),
  ]

  @Test("The day runs from its first moment to the next day's, by the calendar", arguments: days)
  func dayBounds(_ test: DayCase) async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    for record in test.records {
      try fixture.writeShare(
        receivedAt: record.receivedAt, items: [try ImporterFixture.text(record.text)])
    }
    let library = try fixture.library()
    await #expect(
      try fixture.importer(library).importPending().imported.count == test.records.count)
    let zone = try #require(TimeZone(identifier: test.zone))
    let day = try #require(CalendarDay(test.day))
    #expect(day.interval(in: zone).duration == test.hours * 3600)
    let card = try await library.summary(date: day, timeZone: zone)
    #expect(card.count == test.expected.count)
    #expect(card.entries.map(\.content) == test.expected)
    #expect(
      card.lines
        == ["Hand-off summary (today's records, \(test.expected.count) in all)"]
        + test.expected.map { "• to sort | \($0)" })
    // "Today" is the day `now` falls on in the zone.
    let today = try await library.summary(timeZone: zone, now: day.interval(in: zone).start)
    #expect(today.entries == card.entries)
  }

  @Test("The templates, in English and in the original's Traditional Chinese")
  func templates() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    try fixture.writeShare(
      receivedAt: "2026-03-08T09:00:00+08:00",
      items: [ImporterFixture.url("https://example.com/")])
    try fixture.writeShare(
      receivedAt: "2026-03-08T10:00:00+08:00",
      items: [
        try fixture.fileItem(
          "F.heic", bytes: [1, 2, 3], type: "public.heic", suggestedName: "IMG_0412.HEIC")
      ])
    try fixture.writeShare(
      receivedAt: "2026-03-08T11:00:00+08:00",
      items: [
        ImporterFixture.url("https://example.com/park"), try ImporterFixture.text("Saturday?"),
      ])
    let library = try fixture.library()
    try await fixture.importer(library).importPending()
    let zone = try #require(TimeZone(identifier: "Asia/Taipei"))
    let day = try #require(CalendarDay("2026-03-08"))
    await #expect(
      try library.summary(date: day, timeZone: zone).text == """
        Hand-off summary (today's records, 3 in all)
        • to sort | https://example.com/park · Saturday?
        • to sort | IMG_0412.HEIC
        • to sort | https://example.com/
        """)
    await #expect(
      try library.summary(date: day, timeZone: zone, locale: .traditionalChinese).text == """
        交接摘要（當天的紀錄，共 3 筆）
        • 待整理｜https://example.com/park · Saturday?
        • 待整理｜IMG_0412.HEIC
        • 待整理｜https://example.com/
        """)
    await #expect(
      try library.summary(date: CalendarDay("2026-03-09"), timeZone: zone).text
        == "Hand-off summary (today's records, 0 in all)")
  }

  @Test(
    "Exactly 50 records are all listed; of 51 the oldest is left out whole", arguments: [50, 51])
  func recordLimit(_ count: Int) async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    for minute in 0..<count {
      let time = String(format: "2026-03-08T%02d:%02d:00Z", minute / 60 + 8, minute % 60)
      try fixture.writeShare(
        receivedAt: time, items: [try ImporterFixture.text("record \(minute)")])
    }
    let library = try fixture.library()
    try await fixture.importer(library).importPending()
    let day = try #require(CalendarDay("2026-03-08"))
    let utc = try #require(TimeZone(identifier: "UTC"))
    let card = try await library.summary(date: day, timeZone: utc)
    #expect(card.count == count)
    #expect(card.entries.count == 50)
    #expect(card.entries.first?.content == "record \(count - 1)")
    #expect(card.entries.last?.content == "record \(count - 50)")
    let lines = card.lines
    if count == 50 {
      #expect(lines.count == 51)
      #expect(lines.last == "• to sort | record 0")
    } else {
      #expect(lines.count == 52)
      #expect(lines.last == "\(count - 50) more not listed")
      let chinese = try await library.summary(date: day, timeZone: utc, locale: .traditionalChinese)
      #expect(chinese.lines.first == "交接摘要（當天的紀錄，共 51 筆）")
      #expect(chinese.lines.last == "還有 1 筆未列出")
    }
  }

  @Test("Multi-line texts fold onto one line; a very long text is listed whole")
  func longAndMultiLine() async throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let long = String(repeating: "Lorem ipsum dolor sit amet, 交接摘要. ", count: 3000)
    try fixture.writeShare(
      receivedAt: "2026-03-08T08:00:00Z", items: [try ImporterFixture.text(long)])
    try fixture.writeShare(
      receivedAt: "2026-03-08T09:00:00Z",
      items: [
        try ImporterFixture.text(
          "  First line\nsecond line\r\n\r\n   third\u{2028}fourth\ttabbed\u{1B}[31m  ")
      ])
    let library = try fixture.library()
    // The card is the subject: an importer whose contract takes any length of text.
    try await LibraryImporter(
      library: library, inbox: fixture.inbox, contract: InputContract(maximumTextLength: .max)
    ).importPending()
    let utc = try #require(TimeZone(identifier: "UTC"))
    let card = try await library.summary(date: CalendarDay("2026-03-08"), timeZone: utc)
    #expect(
      card.entries.map(\.content) == [
        "First line second line third fourth tabbed [31m",
        long.trimmingCharacters(in: .whitespaces),
      ])
    try #require(card.lines.count == 3)
    #expect(card.text.split(separator: "\n").count == 3)
    #expect(card.lines[2].count == 2 + "to sort | ".count + long.count - 1)
  }

  @Test("The summary's queries search an index: no scan of the library, no sort")
  func queryPlans() throws {
    let fixture = try ImporterFixture()
    defer { fixture.remove() }
    let plans = try fixture.library().summaryQueryPlans()
    for (name, plan) in plans.sorted(by: { $0.key < $1.key }) {
      print("query plan (\(name)): \(plan.joined(separator: "; "))")
    }
    #expect(
      plans["count"] == [
        """
        SEARCH records USING COVERING INDEX records_by_received_at (received_at>? AND \
        received_at<?)
        """
      ])
    #expect(
      plans["newest"] == [
        "SEARCH records USING INDEX records_by_received_at (received_at>? AND received_at<?)"
      ])
    #expect(plans["items"] == ["SEARCH items USING INDEX sqlite_autoindex_items_1 (record_id=?)"])
  }

  @Test("Days read as YYYY-MM-DD and exist in the calendar")
  func calendarDays() throws {
    #expect(CalendarDay("2026-03-08")?.description == "2026-03-08")
    #expect(CalendarDay("2028-02-29") != nil)
    for bad in ["2026-02-29", "2026-13-01", "2026-3-8", "26-03-08", "2026-03-08T00:00", "", "x"] {
      #expect(CalendarDay(bad) == nil, "\(bad)")
    }
    let taipei = try #require(TimeZone(identifier: "Asia/Taipei"))
    #expect(
      CalendarDay(containing: Date(timeIntervalSince1970: 1_772_899_200), in: taipei)
        == CalendarDay("2026-03-08"))
    // Samoa skipped 2011-12-30 entirely: that day has no records there.
    let samoa = try #require(TimeZone(identifier: "Pacific/Apia"))
    #expect(try #require(CalendarDay("2011-12-30")).interval(in: samoa).duration == 0)
    #expect(try #require(CalendarDay("2011-12-31")).interval(in: samoa).duration == 86_400)
  }

  @Test(
    "Locale identifiers are read by language and script or region",
    arguments: [
      ("en", SummaryLocale.english), ("en-US", .english), ("EN_gb", .english),
      ("zh-Hant", .traditionalChinese), ("zh-TW", .traditionalChinese),
      ("zh-Hant-TW", .traditionalChinese), ("zh_TW.UTF-8", .traditionalChinese),
      ("zh-HK", .traditionalChinese),
    ])
  func localeIdentifiers(_ identifier: String, _ expected: SummaryLocale) {
    #expect(SummaryLocale(identifier: identifier) == expected)
  }

  @Test("Languages without a card are refused", arguments: ["zh-Hans", "zh-CN", "fr", "", "zh"])
  func otherLocales(_ identifier: String) {
    #expect(SummaryLocale(identifier: identifier) == nil)
  }
}
