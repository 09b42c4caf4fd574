import Foundation
import ItemProvider
import Synchronization
import SystemCalls

extension AttachmentLoader {
  /// The most bytes read for a text: enough for `maximumTextLength` characters of any script
  /// (a character is rarely more than a few bytes; this allows 64 per character), so a text
  /// past it is too long without being read whole.
  var textByteLimit: Int64 { Int64(max(64 << 10, contract.maximumTextLength * 64)) }
  /// The most bytes read for a URL.
  static let urlByteLimit: Int64 = 64 << 10

  /// A text or URL, read the way the source registered it.
  func loadContent(_ provider: NSItemProvider, _ choice: RepresentationChoice) async
    -> Result<LoadedAttachment, StageFailure>
  {
    let type = choice.typeIdentifier
    let limit = choice.kind == .url ? Self.urlByteLimit : textByteLimit
    let loaded: Result<ContentValue, StageFailure>
    switch choice.delivery {
    case .object:
      loaded = await loadObject(provider, type, limit: limit, kind: choice.kind)
    case .data:
      loaded = await loadData(provider, type).map { ContentValue.bytes([UInt8]($0)) }
        .mapError { StageFailure(stage: .loading, error: $0) }
    case .file:
      loaded = await loadFileBytes(provider, type, limit: limit, kind: choice.kind)
    }
    return loaded.flatMap { value in
      Result { () throws(StageFailure) in
        do {
          return try choice.kind == .url ? .url(url(from: value)) : .text(text(from: value))
        } catch {
          throw StageFailure(stage: .reading, error: error)
        }
      }
    }
  }

  /// What a content load delivered, before it is checked.
  enum ContentValue: Sendable {
    case string(String)
    case bytes([UInt8])
  }

  private func loadObject(
    _ provider: NSItemProvider, _ type: String, limit: Int64, kind: ShareManifest.Item.Kind
  ) async -> Result<ContentValue, StageFailure> {
    // `loadItem` returns no `Progress` to cancel, so the share's cancellation (the deadline,
    // another attachment failing) ends the wait itself; a late answer is dropped.
    await withCheckedContinuation { continuation in
      let answer = OneAnswer(continuation)
      cancellation.onCancel {
        answer.resume(.failure(StageFailure(stage: .loading, error: CancellationError())))
      }
      provider.loadItem(forTypeIdentifier: type, options: nil) { item, error in
        guard let item else {
          answer.resume(
            .failure(StageFailure(stage: .loading, error: error ?? CancellationError())))
          return
        }
        answer.resume(Self.contentValue(of: item, limit: limit, kind: kind))
      }
    }
  }

  /// The string an item holds: a string, attributed text, a URL, or data. For a text, a file
  /// URL is read; for a URL, it is the URL.
  static func contentValue(
    of item: any NSSecureCoding, limit: Int64, kind: ShareManifest.Item.Kind
  ) -> Result<ContentValue, StageFailure> {
    let object: Any = item
    if let string = object as? String { return .success(.string(string)) }
    if let string = object as? NSString { return .success(.string(string.description)) }
    if let attributed = object as? NSAttributedString {
      return .success(.string(attributed.string))
    }
    let url = (object as? URL) ?? (object as? NSURL)?.absoluteURL
    if let absolute = url?.absoluteURL {
      guard absolute.isFileURL, kind == .text else {
        return .success(.string(absolute.absoluteString))
      }
      do {
        return .success(.bytes(try FileSystem.readFile(atPath: absolute.path, limit: limit)))
      } catch {
        return .failure(StageFailure(stage: .reading, error: error))
      }
    }
    if let data = object as? Data { return .success(.bytes([UInt8](data))) }
    if let data = object as? NSData { return .success(.bytes([UInt8](data as Data))) }
    return .failure(
      StageFailure(stage: .reading, error: ContractViolation.notText))
  }

  /// A file representation's bytes, read inside the completion handler.
  private func loadFileBytes(
    _ provider: NSItemProvider, _ type: String, limit: Int64, kind: ShareManifest.Item.Kind
  ) async -> Result<ContentValue, StageFailure> {
    await withCheckedContinuation { continuation in
      let load = provider.loadFileRepresentation(forTypeIdentifier: type) { url, error in
        guard let url else {
          continuation.resume(
            returning: .failure(StageFailure(stage: .loading, error: error ?? CancellationError())))
          return
        }
        do {
          let bytes = try FileSystem.readFile(
            atPath: url.path, limit: limit, followSymbolicLinks: false)
          continuation.resume(returning: .success(.bytes(bytes)))
        } catch {
          // A text past the byte limit is too long, whatever its characters; a "URL" that
          // large is not one.
          var failure: any Error = error
          if (error as? IOError)?.code == .tooLarge {
            failure =
              kind == .url
              ? ContractViolation.malformedURL
              : ContractViolation.textTooLong(
                characters: nil, maximum: contract.maximumTextLength)
          }
          continuation.resume(returning: .failure(StageFailure(stage: .reading, error: failure)))
        }
      }
      cancellation.track(load)
    }
  }

  /// The text, checked against the contract (rejected when too long, never truncated).
  func text(from value: ContentValue) throws(ContractViolation) -> String {
    let text: String
    switch value {
    case .string(let string): text = string
    case .bytes(let bytes):
      guard Int64(bytes.count) <= textByteLimit else {
        throw .textTooLong(characters: nil, maximum: contract.maximumTextLength)
      }
      guard let decoded = TextDecoding.decode(bytes) else { throw .notText }
      text = decoded
    }
    try contract.check(text: text)
    return text
  }

  /// The absolute URL, checked against the contract's schemes.
  func url(from value: ContentValue) throws(ContractViolation) -> String {
    let raw: String
    switch value {
    case .string(let string): raw = string
    case .bytes(let bytes):
      guard let decoded = TextDecoding.decode(bytes) else { throw .malformedURL }
      raw = decoded
    }
    return try contract.check(url: raw.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

/// Text from bytes: UTF-8 (a byte order mark is dropped) or UTF-16 with a byte order mark.
enum TextDecoding {
  static func decode(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      return String(validating: bytes.dropFirst(3), as: UTF8.self)
    }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let bigEndian = bytes[0] == 0xFE
      let body = bytes.dropFirst(2)
      guard body.count % 2 == 0 else { return nil }
      var units: [UInt16] = []
      units.reserveCapacity(body.count / 2)
      var index = body.startIndex
      while index < body.endIndex {
        let first = UInt16(body[index])
        let second = UInt16(body[index + 1])
        units.append(bigEndian ? first << 8 | second : second << 8 | first)
        index += 2
      }
      return String(validating: units, as: UTF16.self)
    }
    return String(validating: bytes, as: UTF8.self)
  }
}

/// A continuation resumed by whichever of two callers answers first; the other is ignored.
final class OneAnswer<Value: Sendable>: Sendable {
  private let continuation: Mutex<CheckedContinuation<Value, Never>?>

  init(_ continuation: CheckedContinuation<Value, Never>) {
    self.continuation = Mutex(continuation)
  }

  func resume(_ value: Value) {
    let waiting = continuation.withLock { stored in
      defer { stored = nil }
      return stored
    }
    waiting?.resume(returning: value)
  }
}
