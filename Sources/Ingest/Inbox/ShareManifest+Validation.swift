import Foundation
import SystemCalls

/// What every reader checks of a manifest before using it: a manifest may come from another
/// program, so nothing in it is trusted for what it does not prove.
extension ShareManifest {
  /// Refuses a manifest that is not what this package's readers can safely act on.
  ///
  /// - its `id` is the one its file name (or row) holds;
  /// - every type identifier is one (no spaces, no control characters);
  /// - a file item names one plain file directly in `Incoming/` (a `PayloadName`: checked on
  ///   its UTF-8 bytes, no `/` or NUL byte, not hidden, no control character, at most 255
  ///   bytes), no other item of the share names the same file,
  ///   and it carries its `byteCount` (not negative) and `sha256` (64 hexadecimal digits), which
  ///   the reader checks the file against;
  /// - a text item has its text, a URL item its URL.
  ///
  /// What the share may hold (sizes, text lengths, URL schemes, types) is the input contract's
  /// to say, re-applied by the importer (`InputContract.violation(in:)`).
  ///
  /// - Throws: `ManifestError` naming the field and what is wrong.
  package func validate(path: String, expected id: UUID) throws(ManifestError) {
    guard self.id == id else {
      throw ManifestError(path: path, field: "id", problem: "the id differs from the file's name")
    }
    var payloads: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      func refuse(_ field: String, _ problem: String) -> ManifestError {
        ManifestError(path: path, field: "items[\(index)].\(field)", problem: problem)
      }
      guard Self.isTypeIdentifier(item.typeIdentifier) else {
        throw refuse("typeIdentifier", "not a type identifier")
      }
      switch item.kind {
      case .file:
        guard let name = item.payloadName?.fileName else {
          throw refuse(
            "file",
            "a file item must name a plain file directly in Incoming/ (no control characters)")
        }
        if let first = payloads[name] {
          throw refuse("file", "names the same payload as items[\(first)]")
        }
        payloads[name] = index
        guard let byteCount = item.byteCount, byteCount >= 0 else {
          throw refuse("byteCount", "a file item needs its size in bytes")
        }
        guard let digest = item.sha256, Self.isSHA256(digest) else {
          throw refuse("sha256", "a file item needs its SHA-256 as 64 hexadecimal digits")
        }
      case .text:
        guard item.text != nil else { throw refuse("text", "a text item without text") }
      case .url:
        guard item.url != nil else { throw refuse("url", "a URL item without a URL") }
      }
    }
  }

  /// Whether `relativePath` is `Incoming/<name>` with a plain name, checked on its bytes (see
  /// `PayloadName`).
  static func isPayloadPath(_ relativePath: String) -> Bool {
    PayloadName(relativePath: relativePath) != nil
  }

  /// Whether `text` can be a type identifier: not empty, at most 1024 bytes, and without
  /// spaces or control characters.
  static func isTypeIdentifier(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 1024
      && !text.unicodeScalars.contains {
        TerminalText.needsEscape($0) || $0.properties.isWhitespace
      }
  }

  /// Whether `text` is 64 hexadecimal digits (either case).
  static func isSHA256(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { byte in
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
      }
  }
}
