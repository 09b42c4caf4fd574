import Foundation
import Synchronization
import SystemCalls

extension NSItemProvider {
  /// The block that makes the item's preview image, set by the source.
  ///
  /// Mirrors Apple's property: the handler answers its completion with an `NSURL` naming an
  /// image file or `NSData` holding one (an `ItemProviderImage` stands in for `UIImage`). It
  /// gets no expected class (nil, as for Swift callers) and the consumer's options, among them
  /// `NSItemProviderPreferredImageSizeKey` as an `NSValue` holding a `CGSize`.
  public var previewImageHandler: LoadHandler? {
    get { state.withLock { $0.previewImageHandler } }
    set { state.withLock { $0.previewImageHandler = newValue } }
  }

  /// Loads the item's preview image through `previewImageHandler`.
  ///
  /// The completion is called exactly once on a background queue, as for every load: with what
  /// the handler delivered, or with an `NSError` in `NSItemProviderErrorDomain` (-1000) when
  /// there is no handler, the handler fails, or it does not answer within `loadTimeout`.
  /// `options` reach the handler as a copy of its string-keyed property-list entries plus
  /// `NSItemProviderPreferredImageSizeKey` (an `NSValue` of a `CGSize`, in points, or a
  /// `CGSize`), which is passed on as an `NSValue`.
  public func loadPreviewImage(
    options: [AnyHashable: Any]? = [:], completionHandler: CompletionHandler?
  ) {
    let preferredSize = Self.preferredImageSize(in: options)
    let carried = LoadOptions(options)
    let operation = LoadOperation(
      typeIdentifier: Self.previewLabel, onFailure: { completionHandler?(nil, $0) })
    operation.begin(timeout: loadTimeout)
    guard let handler = previewImageHandler else {
      operation.fail(Self.previewUnavailable(underlying: ItemProviderError.noPreviewImageHandler))
      return
    }
    IOExecutor.shared.execute {
      var given = carried?.dictionary ?? [:]
      given.removeValue(forKey: NSItemProviderPreferredImageSizeKey)
      if let preferredSize {
        given[NSItemProviderPreferredImageSizeKey] = NSValue(size: preferredSize)
      }
      handler(
        { item, error in
          guard operation.claim() else { return }
          if let item {
            completionHandler?(item, nil)
          } else {
            completionHandler?(
              nil,
              Self.previewUnavailable(
                underlying: error
                  ?? ItemProviderError.emptyAnswer(typeIdentifier: Self.previewLabel)))
          }
          operation.end()
        }, nil, given)
      operation.armTimeoutIfWaiting()
    }
  }

  /// What a preview load is called in messages.
  static let previewLabel = "preview image"

  /// The preferred size in `options`: an `NSValue` holding a `CGSize`, or a `CGSize`.
  static func preferredImageSize(in options: [AnyHashable: Any]?) -> CGSize? {
    guard let value = options?[NSItemProviderPreferredImageSizeKey] else { return nil }
    if let size = value as? CGSize { return size }
    if let boxed = value as? NSValue { return boxed.sizeValue }
    return nil
  }
}
