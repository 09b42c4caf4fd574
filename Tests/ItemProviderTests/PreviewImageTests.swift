import Foundation
import ItemProvider
import Synchronization
import TestSupport
import Testing

@Suite("Preview images", .onIOExecutor)
struct PreviewImageTests {
  /// Loads the preview, returning what the completion got and how often it was called.
  static func load(
    _ provider: NSItemProvider, options: [AnyHashable: Any]? = [:]
  ) async -> (Data?, NSError?) {
    await withCheckedContinuation { continuation in
      provider.loadPreviewImage(options: options) { item, error in
        continuation.resume(returning: ((item as? NSData) as Data?, error.map { $0 as NSError }))
      }
    }
  }

  @Test("The handler gets the preferred size as an NSValue and its image reaches the consumer")
  func preferredSizeReachesTheHandler() async throws {
    let png = try Corpus.bytes("screenshot.png")
    let provider = NSItemProvider()
    let sizes = Mutex<[CGSize]>([])
    provider.previewImageHandler = { completion, expected, options in
      let size = (options?[NSItemProviderPreferredImageSizeKey] as? NSValue)?.sizeValue
      sizes.withLock { $0.append(size ?? .zero) }
      #expect(expected == nil)
      #expect(options?["note"] as? String == "kept")
      completion?(png as NSData, nil)
    }
    let (fromValue, error) = await Self.load(
      provider,
      options: [
        NSItemProviderPreferredImageSizeKey: NSValue(cgSize: CGSize(width: 120, height: 80)),
        "note": "kept",
      ])
    #expect(error == nil)
    #expect(fromValue == png)
    _ = await Self.load(
      provider,
      options: [NSItemProviderPreferredImageSizeKey: CGSize(width: 40, height: 40), "note": "kept"])
    #expect(
      sizes.withLock { $0 } == [CGSize(width: 120, height: 80), CGSize(width: 40, height: 40)])
  }

  @Test("Without a handler, or when it fails or never answers, the load fails once with -1000")
  func failures() async {
    let none = NSItemProvider()
    let (_, missing) = await Self.load(none)
    #expect(missing?.code == -1000)
    #expect(missing?.localizedDescription == "Cannot load the preview image")
    #expect(missing?.underlying?.localizedDescription.contains("no previewImageHandler") == true)

    let failing = NSItemProvider()
    failing.previewImageHandler = { completion, _, _ in
      completion?(nil, NSError(domain: "com.example.source", code: 2))
    }
    let (_, failed) = await Self.load(failing)
    #expect(failed?.underlying?.domain == "com.example.source")

    let silent = NSItemProvider()
    silent.loadTimeout = 0.05
    silent.previewImageHandler = { _, _, _ in }
    let record = CompletionRecord<Bool>()
    silent.loadPreviewImage(options: nil) { item, error in record.record(item != nil, error) }
    await waitUntil { record.count == 1 }
    try? await Task.sleep(for: .milliseconds(100))
    #expect(record.count == 1)
    #expect(record.error?.code == -1000)
    #expect(!record.ranOnMainThread)
  }
}
