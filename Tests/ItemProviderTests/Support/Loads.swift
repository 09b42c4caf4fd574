import Foundation
import ItemProvider
import Synchronization
import TestSupport
import Testing

/// What a completion handler was called with, and how often.
final class CompletionRecord<Value: Sendable>: Sendable {
  private let calls = Mutex<[(Value?, NSError?, Bool)]>([])

  /// Records a call: its value, its error, and whether it ran on the main thread.
  func record(_ value: Value?, _ error: (any Error)?) {
    let bridged = error.map { $0 as NSError }
    let onMain = Thread.isMainThread
    calls.withLock { $0.append((value, bridged, onMain)) }
  }

  var count: Int { calls.withLock { $0.count } }
  var value: Value? { calls.withLock { $0.first?.0 } }
  var error: NSError? { calls.withLock { $0.first?.1 } }
  var ranOnMainThread: Bool { calls.withLock { $0.contains { $0.2 } } }
}

/// Bridges a completion-handler load into `async`.
enum Loads {
  static func data(_ provider: NSItemProvider, _ type: String) async -> (Data?, NSError?) {
    await withCheckedContinuation { continuation in
      _ = provider.loadDataRepresentation(forTypeIdentifier: type) { data, error in
        continuation.resume(returning: (data, error.map { $0 as NSError }))
      }
    }
  }

  /// Whether `path` is gone, waiting up to ten seconds: a loaded file is removed when the
  /// completion handler returns, and a test that resumed from inside the handler may look
  /// before the removal is done.
  static func isGone(_ path: String) async -> Bool {
    await waitUntil(limit: .seconds(10)) { !FileManager.default.fileExists(atPath: path) }
  }

  /// Loads a file representation; `inside` runs inside the completion handler, while the file
  /// exists, and its result is returned with the URL and error.
  static func file<T: Sendable>(
    _ provider: NSItemProvider, _ type: String,
    inside: @escaping @Sendable (URL) throws -> T
  ) async -> (URL?, T?, NSError?) {
    await withCheckedContinuation { continuation in
      _ = provider.loadFileRepresentation(forTypeIdentifier: type) { url, error in
        let result = url.flatMap { try? inside($0) }
        continuation.resume(returning: (url, result, error.map { $0 as NSError }))
      }
    }
  }

  static func inPlace(_ provider: NSItemProvider, _ type: String) async -> (URL?, Bool, NSError?) {
    await withCheckedContinuation { continuation in
      _ = provider.loadInPlaceFileRepresentation(forTypeIdentifier: type) { url, inPlace, error in
        continuation.resume(returning: (url, inPlace, error.map { $0 as NSError }))
      }
    }
  }

  /// Loads an item; `describe` turns it into something Sendable inside the handler.
  static func item<T: Sendable>(
    _ provider: NSItemProvider, _ type: String, expecting expected: AnyClass? = nil,
    describe: @escaping @Sendable ((any NSSecureCoding)?) -> T?
  ) async -> (T?, NSError?) {
    await withCheckedContinuation { continuation in
      provider.loadItem(forTypeIdentifier: type, options: nil, expectedValueClass: expected) {
        item, error in
        continuation.resume(returning: (describe(item), error.map { $0 as NSError }))
      }
    }
  }
}

extension NSError {
  /// The `NSUnderlyingErrorKey` error.
  var underlying: NSError? { userInfo[NSUnderlyingErrorKey] as? NSError }
}

extension NSItemProvider {
  /// Registers the three bytes of a JPEG start as `public.jpeg` data, and the corpus's
  /// `document.pdf` as a `com.adobe.pdf` file (not in place).
  func registerJPEGBytesAndCorpusPDF() {
    registerDataRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) { completion in
      completion(Data([0xFF, 0xD8, 0xFF]), nil)
      return nil
    }
    registerFileRepresentation(
      forTypeIdentifier: "com.adobe.pdf", fileOptions: [], visibility: .all
    ) { completion in
      completion(Corpus.file("document.pdf"), false, nil)
      return nil
    }
  }
}
