/// Tables as text: comma-separated values (RFC 4180; also with semicolons, as spreadsheets in
/// comma-decimal locales write `.csv` files) and tab-separated values (IANA's
/// `text/tab-separated-values`).
///
/// A table is decided by the shape of several records, never by one line: at least three
/// records (four when each has only two fields split by commas or semicolons), every one with the
/// same number of fields, two or more, parsed with RFC 4180's quoting (a quoted field may hold
/// delimiters, doubled
/// quotes and line breaks; a quote inside an unquoted field is not CSV). Shapes that text of
/// other kinds takes are refused: prose whose lines each hold one comma (its fields run to
/// several words), code whose lines end in a semicolon (a last column that is always empty, or
/// that always ends a statement, as SQL inserts do), and indented text (a first column that is
/// mostly empty). A record cut by the end of the
/// sample is left out. `#` comment lines, a title line followed by an empty line, and empty
/// rows between blocks of a table of three or more columns are allowed around the records.
enum DelimitedTextClassifier {
  static let minimumRecords = 3

  static func detect(_ text: [UInt8], from start: Int, isWhole: Bool) -> Detection? {
    let start = tableStart(text, from: start)
    if let records = records(text, from: start, delimiter: 0x09, isWhole: isWhole),
      isTable(records, delimiter: 0x09)
    {
      return Detection(
        "public.tab-separated-values-text", mimeType: "text/tab-separated-values",
        note: note(records, "tab"))
    }
    for (delimiter, name) in [(UInt8(0x2C), "comma"), (0x3B, "semicolon")] {
      if let records = records(text, from: start, delimiter: delimiter, isWhole: isWhole),
        isTable(records, delimiter: delimiter)
      {
        return Detection(
          "public.comma-separated-values-text", mimeType: "text/csv", note: note(records, name))
      }
    }
    return nil
  }

  private static func note(_ records: [[Field]], _ name: String) -> String {
    "\(records.count) records of \(records.first?.count ?? 0) \(name)-separated fields"
  }

  /// Where the table starts: after leading `#` comment lines (as R, pandas and many exporters
  /// write a file's notes), and after a title line followed by an empty line (`Sales 2024`,
  /// then a blank line, then the table), so that what precedes the records is not read as
  /// one. Comment lines among the records are skipped while parsing.
  static func tableStart(_ text: [UInt8], from start: Int) -> Int {
    var index = start
    var lines = 0
    var skippedTitle = false
    while index < text.count, lines < 64 {
      var end = index
      while end < text.count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
      var next = end
      if next < text.count, text[next] == 0x0D { next += 1 }
      if next < text.count, text[next] == 0x0A { next += 1 }
      let isBlank = text[index..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
      if text[index] == 0x23 || (isBlank && index != start) {
        // A comment, or the empty line after a title.
      } else if !skippedTitle, lines == 0, next < text.count, isBlankLine(text, at: next),
        end - index <= 120,
        !text[index..<end].contains(where: { $0 == 0x2C || $0 == 0x09 || $0 == 0x3B })
      {
        skippedTitle = true
      } else {
        return index
      }
      index = next
      lines += 1
    }
    return index < text.count ? index : start
  }

  /// Whether the line at `index` holds only blanks.
  private static func isBlankLine(_ text: [UInt8], at index: Int) -> Bool {
    var at = index
    while at < text.count, text[at] == 0x20 || text[at] == 0x09 { at += 1 }
    return at >= text.count || text[at] == 0x0A || text[at] == 0x0D
  }

  struct Field {
    var isQuoted: Bool
    var isEmpty: Bool
    /// Spaces inside an unquoted field, a measure of how much it reads like a sentence.
    var spaces: Int
    /// Whether an unquoted field ends a statement (`;` or `);`), as lines of code do.
    var endsStatement = false
  }

  /// The records of the text, trailing empty lines dropped; nil when a field breaks the
  /// quoting rules, the first line holds no delimiter, or the records differ in width (or an
  /// empty line separates them), which ends the parse early.
  static func records(_ text: [UInt8], from start: Int, delimiter: UInt8, isWhole: Bool)
    -> [[Field]]?
  {
    // Cheap refusal first: the first line must hold the delimiter.
    var lineEnd = start
    while lineEnd < text.count, text[lineEnd] != 0x0A, text[lineEnd] != delimiter { lineEnd += 1 }
    guard lineEnd < text.count, text[lineEnd] == delimiter else { return nil }
    var records: [[Field]] = []
    var record: [Field] = []
    var emptyLines = 0
    var index = start
    let quote: UInt8 = 0x22
    func isEnd(_ at: Int) -> Bool { at >= text.count || text[at] == 0x0A || text[at] == 0x0D }
    while index < text.count {
      if record.isEmpty, text[index] == 0x23 {
        // A `#` comment line among the records.
        while !isEnd(index) { index += 1 }
        if index < text.count, text[index] == 0x0D { index += 1 }
        if index < text.count, text[index] == 0x0A { index += 1 }
        continue
      }
      if text[index] == quote {
        var at = index + 1
        var closed = false
        while at < text.count {
          if text[at] == quote {
            if at + 1 < text.count, text[at + 1] == quote {
              at += 2
              continue
            }
            closed = true
            break
          }
          at += 1
        }
        guard closed else {
          // The sample ends inside a quoted field: that record is left out.
          if isWhole { return nil }
          record = []
          break
        }
        at += 1
        guard isEnd(at) || text[at] == delimiter else { return nil }
        record.append(Field(isQuoted: true, isEmpty: at - index == 2, spaces: 0))
        index = at
      } else {
        var at = index
        var spaces = 0
        while !isEnd(at), text[at] != delimiter {
          if text[at] == quote { return nil }
          if text[at] == 0x20 { spaces += 1 }
          at += 1
        }
        var last = at - 1
        while last > index, text[last] == 0x20 || text[last] == 0x09 { last -= 1 }
        record.append(
          Field(
            isQuoted: false, isEmpty: at == index, spaces: spaces,
            endsStatement: at > index && text[last] == 0x3B))
        index = at
      }
      if index < text.count, text[index] == delimiter {
        index += 1
        // A delimiter ending the line: the empty last field is parsed at the line break, on the
        // next pass; one ending the sample is added here, so a record never gains a field.
        if index >= text.count {
          record.append(Field(isQuoted: false, isEmpty: true, spaces: 0))
        }
        continue
      }
      // End of the record.
      let isLast = index >= text.count
      if index < text.count, text[index] == 0x0D { index += 1 }
      if index < text.count, text[index] == 0x0A { index += 1 }
      if !isLast || isWhole {
        if record.count == 1, record[0].isEmpty, !record[0].isQuoted {
          emptyLines += 1
        } else {
          // A record of another width: not one table. Empty lines may separate blocks of
          // records (a spreadsheet's empty rows), if no more than one in three lines is empty
          // and the table is at least three columns wide (two comma-separated fields split by
          // blank lines are what paragraphs of prose look like).
          guard records.first.map({ $0.count == record.count }) ?? true else { return nil }
          if emptyLines > 0 {
            guard record.count >= 3, emptyLines * 3 <= records.count + 1 else { return nil }
            emptyLines = 0
          }
          records.append(record)
        }
      }
      record = []
      guard records.count < 2000 else { break }
    }
    guard let first = records.first, first.count >= 2 else { return nil }
    return records
  }

  /// Whether the records have a table's shape (see the type's discussion).
  static func isTable(_ records: [[Field]], delimiter: UInt8) -> Bool {
    guard let columns = records.first?.count, columns >= 2,
      records.allSatisfy({ $0.count == columns })
    else { return false }
    // Two comma- or semicolon-separated fields are what prose looks like: one record more.
    let needed = columns == 2 && delimiter != 0x09 ? minimumRecords + 1 : minimumRecords
    guard records.count >= needed else { return false }
    func emptyCount(_ column: Int) -> Int { records.filter { $0[column].isEmpty }.count }
    // Code whose statements end in the delimiter; or a trailing delimiter on every line.
    if emptyCount(columns - 1) == records.count, delimiter != 0x2C || columns == 2 {
      return false
    }
    // Statements (SQL inserts, calls): every record ends in a semicolon.
    if records.allSatisfy({ $0[columns - 1].endsStatement }) { return false }
    // Indented text: the first field mostly empty.
    if emptyCount(0) * 2 > records.count { return false }
    if delimiter != 0x09, columns == 2 {
      // Prose: fields of four words or more in a third of the records.
      let wordy = records.filter { $0.contains { !$0.isQuoted && $0.spaces >= 3 } }.count
      if wordy * 3 >= records.count { return false }
    }
    return true
  }
}
