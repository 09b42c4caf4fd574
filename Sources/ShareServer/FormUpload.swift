import Foundation
import Ingest
import Synchronization
import SystemCalls

/// A `multipart/form-data` body as a Web Share Target sends it (`title`, `text`, `url` and
/// files), taken part by part as libmicrohttpd's post processor parses it: each file part
/// streamed into an `Upload` of its own, the text fields kept up to a small limit.
///
/// A part's file name and its field name never name a file: every file part is an
/// `upload-<UUID>` in `.staging/`; the file name is kept as the file's suggested name
/// (`DisplayName`), display-only. Limits, each answered 413: the whole body (when it passes
/// the limit while arriving, the connection is closed instead, as for a plain upload),
/// `maximumParts` parts, and `maximumFieldSize` bytes of a text field (the rest of such a body
/// is read and dropped, so that it can be answered).
package final class FormUpload: Sendable {
  /// The fields a Web Share Target form has, and what became of them.
  package struct Fields: Sendable {
    package var title: String?
    package var text: String?
    package var url: String?

    /// The fields given (none by default).
    package init(title: String? = nil, text: String? = nil, url: String? = nil) {
      self.title = title
      self.text = text
      self.url = url
    }
  }

  /// A file part: its upload, the MIME type and the file name it declared.
  package struct File: Sendable {
    package var upload: Upload
    package var declaredType: String?
    package var name: String?
  }

  private struct State: Sendable {
    var files: [File] = []
    /// The part being received: its field name and whether it is a file.
    var current: (key: String, isFile: Bool, bytes: Int64)?
    var fieldBytes: [String: [UInt8]] = [:]
    var parts = 0
    var total: Int64 = 0
    /// The bytes of the body as sent (boundaries and part headers included).
    var bodyBytes: Int64 = 0
    var refusal: HTTPResponse?
    /// File parts read past without a file (`keepsFiles` false).
    var droppedFiles = 0
  }

  static let maximumParts = 32
  static let maximumFieldSize = 64 * 1024

  private let group: GroupDirectory
  private let limit: Int64
  /// The text fields kept (others are read past and dropped).
  private let keptFields: Set<String>
  /// Whether file parts are received into files (else read past and counted).
  private let keepsFiles: Bool
  private let state = Mutex(State())

  package init(
    in group: GroupDirectory, limit: Int64,
    keptFields: Set<String> = ["title", "text", "url", IdempotencyKey.formField],
    keepsFiles: Bool = true
  ) {
    self.group = group
    self.limit = limit
    self.keptFields = keptFields
    self.keepsFiles = keepsFiles
  }

  /// How many file parts were read past without a file (`keepsFiles` false).
  package var droppedFiles: Int { state.withLock { $0.droppedFiles } }

  /// Whether a part is a file: it has a file name, or (a name the post processor could not
  /// read: one holding a NUL, a CR or a LF ends the header early) it declares a content type
  /// and is not one of the text fields. The name itself is never used.
  static func isFile(key: String, hasFileName: Bool, contentType: String?) -> Bool {
    hasFileName
      || (contentType != nil && !["title", "text", "url", IdempotencyKey.formField].contains(key))
  }

  /// Why the body was refused, once it was.
  var refusal: HTTPResponse? { state.withLock { $0.refusal } }

  /// Counts `count` bytes of the body as sent; false when they pass the limit (the form is
  /// refused with 413 then, and the files received so far are removed).
  func countBody(_ count: Int) -> Bool {
    let within = state.withLock { state -> Bool in
      state.bodyBytes += Int64(count)
      guard state.bodyBytes > limit else { return true }
      state.refusal = .error(
        413, "the body is larger than this server takes (at most \(ByteCount(limit)))")
      return false
    }
    if !within { discard() }
    return within
  }

  /// Takes `bytes` of the part named `key` at `offset` (0 starts a part); false once the body
  /// is refused (the files received so far are removed).
  func receive(
    key: String, isFile: Bool, fileName: String? = nil, contentType: String?, offset: UInt64,
    bytes: UnsafeRawBufferPointer
  ) -> Bool {
    let result = state.withLock { state -> Bool in
      if state.refusal != nil { return false }
      state.total += Int64(bytes.count)
      if state.total > limit {
        state.refusal = .error(
          413, "the body is larger than this server takes (at most \(ByteCount(limit)))")
        return false
      }
      let startsPart =
        offset == 0
        && (state.current.map { $0.key != key || $0.isFile != isFile || $0.bytes > 0 } ?? true)
      if startsPart {
        guard !key.isEmpty else {
          // RFC 7578: every part names its field; a nameless one is not a form.
          state.refusal = .error(400, "a part of the form has no name")
          return false
        }
        state.parts += 1
        if state.parts > Self.maximumParts {
          state.refusal = .error(413, "the form has more than \(Self.maximumParts) parts")
          return false
        }
        state.current = (key, isFile, 0)
        if isFile, keepsFiles {
          state.files.append(
            File(
              upload: Upload(in: group, limit: limit), declaredType: contentType,
              name: fileName.flatMap { DisplayName($0) }?.text))
        }
      }
      state.current?.bytes += Int64(bytes.count)
      if isFile {
        guard keepsFiles else {
          // Counted at its first byte: a file input left empty sends an empty part.
          if !bytes.isEmpty, state.current?.bytes == Int64(bytes.count) {
            state.droppedFiles += 1
          }
          return true
        }
        if let refusal = state.files.last?.upload.append(bytes) {
          state.refusal = refusal
          return false
        }
      } else if keptFields.contains(key) {
        var field = state.fieldBytes[key] ?? []
        field.append(contentsOf: bytes)
        if field.count > Self.maximumFieldSize {
          state.refusal = .error(
            413, "the form's \(key) is longer than \(Self.maximumFieldSize) bytes")
          return false
        }
        state.fieldBytes[key] = field
      }
      // Other fields are read past and dropped.
      return true
    }
    if !result { discard() }
    return result
  }

  /// The file parts, in order, with the MIME type and file name each declared.
  package var files: [File] { state.withLock { $0.files } }

  /// The text fields (invalid UTF-8 repaired).
  package var fields: Fields {
    state.withLock { state in
      func field(_ key: String) -> String? {
        state.fieldBytes[key].map { String(decoding: $0, as: UTF8.self) }.flatMap {
          $0.isEmpty ? nil : $0
        }
      }
      return Fields(title: field("title"), text: field("text"), url: field("url"))
    }
  }

  /// The kept text field `key` (invalid UTF-8 repaired); nil when the form has none.
  package func field(_ key: String) -> String? {
    state.withLock { $0.fieldBytes[key] }.map { String(decoding: $0, as: UTF8.self) }
  }

  /// Refuses the form with `response` (the files received so far are removed).
  func refuse(_ response: HTTPResponse) {
    state.withLock { $0.refusal = $0.refusal ?? response }
    discard()
  }

  /// Removes every file part received. Safe to call twice.
  package func discard() {
    for file in files { file.upload.discard() }
  }
}
