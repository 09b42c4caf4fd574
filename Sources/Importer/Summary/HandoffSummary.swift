import Foundation
import Ingest

/// The day's hand-off summary card: the records received that day, newest first, in a fixed
/// template, ready to share back out as text.
///
/// ```
/// Hand-off summary (today's records, 3 in all)
/// • to sort | https://example.com/
/// • to sort | Saturday at the park? The usual place
/// • to sort | IMG_0412.HEIC
/// ```
///
/// At most `recordLimit` records are listed; the rest are left out whole, and a last line
/// says how many (`3 more not listed`). A record is never cut: its content is one line, with
/// every line break (and the spaces around it) folded into one space, whatever its length.
public struct HandoffSummary: Sendable, Hashable {
  /// The most records a card lists: 50.
  public static let recordLimit = 50

  /// One listed record.
  public struct Entry: Sendable, Hashable {
    /// The share.
    public var shareID: UUID
    /// When it was received.
    public var receivedAt: Date
    /// Its status.
    public var status: RecordStatus
    /// What it holds, on one line: its title when it has one, then a URL item's URL, a text
    /// item's text, a file item's suggested name (else its type), each folded to one line,
    /// joined by ` · `.
    public var content: String
  }

  /// The day summarized.
  public var day: CalendarDay
  /// The time zone the day is in.
  public var timeZone: TimeZone
  /// The day's span in that zone: `start ..< end`.
  public var interval: DateInterval
  /// The language of the card.
  public var locale: SummaryLocale
  /// How many records the day has, listed or not.
  public var count: Int
  /// The listed records, newest first, at most `recordLimit`.
  public var entries: [Entry]

  /// How many records are left out.
  public var notListed: Int { count - entries.count }

  /// The card's lines: the heading, one line per listed record, and the count left out when
  /// any are.
  public var lines: [String] {
    var lines = [locale.heading(count: count)]
    for entry in entries {
      lines.append(locale.line(status: entry.status.label(in: locale), content: entry.content))
    }
    if notListed > 0 { lines.append(locale.notListed(notListed)) }
    return lines
  }

  /// The card as text, lines joined by newlines (no newline at the end).
  public var text: String { lines.joined(separator: "\n") }

  /// A record's content line (see `Entry.content`).
  static func content(of items: [LibraryItem], title: String? = nil) -> String {
    let shownTitle = title.map(oneLine).flatMap { $0.isEmpty ? nil : $0 }
    return
      ([shownTitle]
      + items.map { item -> String? in
        let text: String? =
          switch item.kind {
          case .url: item.url
          case .text: item.text
          case .file: item.suggestedName ?? item.typeIdentifier
          }
        guard let text else { return nil }
        let line = oneLine(text)
        return line.isEmpty ? nil : line
      }).compactMap { $0 }.joined(separator: " · ")
  }

  /// `text` on one line: each run of white space holding a line break becomes one space,
  /// other control characters (a tab, an escape) become a space, and the ends are trimmed.
  /// Nothing else changes and nothing is cut.
  static func oneLine(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var pendingSpace = ""
    var sawBreak = false
    for character in text {
      if character.isNewline {
        sawBreak = true
        pendingSpace = ""
      } else if character.isWhitespace {
        if !sawBreak { pendingSpace.append(isControl(character) ? " " : character) }
      } else {
        if sawBreak {
          result.append(" ")
        } else {
          result += pendingSpace
        }
        pendingSpace = ""
        sawBreak = false
        result.append(isControl(character) ? " " : character)
      }
    }
    return result.trimmingCharacters(in: .whitespaces)
  }

  private static func isControl(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
  }
}

extension LibraryRecord {
  /// What the record holds on one line, as the summary card shows it (see
  /// `HandoffSummary.Entry.content`).
  public var contentLine: String { HandoffSummary.content(of: items, title: title) }
}
