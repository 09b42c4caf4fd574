/// C source or a C header, told apart by content where libmagic says only "C source"
/// (`text/x-c`) for both.
///
/// A header declares and a source file defines: a header has an include guard (`#ifndef X` then
/// `#define X` as its first directives) or `#pragma once`, or holds declarations only
/// (prototypes ending in `);`, types, macros); a source file has function bodies, a `{` at the
/// top level after a `)`. A header with a guard may still define `static inline` functions;
/// a file with `main(` is a program. Comments, strings and character literals are skipped.
enum CSourceShape {
  static func isHeader(_ text: [UInt8]) -> Bool {
    var shape = Shape()
    shape.scan(text)
    if shape.hasMain { return false }
    if shape.hasIncludeGuard || shape.hasPragmaOnce {
      return shape.definitions == shape.inlineDefinitions
    }
    return shape.definitions == 0 && shape.prototypes > 0
  }

  private struct Shape {
    var definitions = 0
    var inlineDefinitions = 0
    var prototypes = 0
    var hasMain = false
    var hasIncludeGuard = false
    var hasPragmaOnce = false

    mutating func scan(_ text: [UInt8]) {
      var depth = 0
      var index = 0
      var lastSignificant: UInt8 = 0x3B  // as if after a `;`
      var statement: [UInt8] = []  // the top-level text since the last `;`, `{` or `}`
      var atLineStart = true
      var directives: [String] = []
      while index < text.count {
        let byte = text[index]
        if byte == 0x2F, index + 1 < text.count, text[index + 1] == 0x2A {  // /* ... */
          index += 2
          while index + 1 < text.count, !(text[index] == 0x2A && text[index + 1] == 0x2F) {
            index += 1
          }
          index += 2
          continue
        }
        if byte == 0x2F, index + 1 < text.count, text[index + 1] == 0x2F {  // // ...
          while index < text.count, text[index] != 0x0A { index += 1 }
          continue
        }
        if byte == 0x22 || byte == 0x27 {  // a string or character literal
          index += 1
          while index < text.count, text[index] != byte, text[index] != 0x0A {
            if text[index] == 0x5C { index += 1 }
            index += 1
          }
          index += 1
          lastSignificant = byte
          continue
        }
        if atLineStart, byte == 0x23 {  // a preprocessor line, with its continuations
          var end = index
          while end < text.count, text[end] != 0x0A || (end > 0 && text[end - 1] == 0x5C) {
            end += 1
          }
          let line = String(decoding: text[index..<end], as: UTF8.self)
          let words = line.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
          if let first = words.first {
            directives.append(
              words.count > 1 ? "\(first) \(words[1])" : String(first))
            if first == "pragma", words.count > 1, words[1] == "once" { hasPragmaOnce = true }
          }
          index = end
          continue
        }
        if byte == 0x0A {
          atLineStart = true
          index += 1
          continue
        }
        if byte != 0x20, byte != 0x09, byte != 0x0D { atLineStart = false }
        switch byte {
        case 0x7B:  // {
          if depth == 0, lastSignificant == 0x29 {  // `) {`: a function body
            definitions += 1
            let head = String(decoding: statement, as: UTF8.self)
            if head.contains("inline") { inlineDefinitions += 1 }
            let words = head.split(whereSeparator: { " \t\r\n*(".contains($0) })
            if words.contains("main") { hasMain = true }
          }
          depth += 1
          statement = []
        case 0x7D:  // }
          depth = max(0, depth - 1)
          statement = []
        case 0x3B:  // ;
          if depth == 0, lastSignificant == 0x29 { prototypes += 1 }
          statement = []
        default:
          if depth == 0, statement.count < 512 { statement.append(byte) }
        }
        if byte != 0x20, byte != 0x09, byte != 0x0D { lastSignificant = byte }
        index += 1
      }
      // `#ifndef NAME` then `#define NAME` first: an include guard.
      if directives.count >= 2, directives[0].hasPrefix("ifndef "),
        directives[1] == "define " + String(directives[0].dropFirst("ifndef ".count))
      {
        hasIncludeGuard = true
      }
    }
  }
}
