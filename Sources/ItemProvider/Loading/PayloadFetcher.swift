import Foundation

/// Asks a representation's source for its content and hands the answer on exactly once.
///
/// `fetch` calls the source's load handler; when the source answers and the load can still be
/// claimed, `then` runs on the thread the source answered on, owning the load: it must call the
/// consumer's completion and then `operation.end()`. Answers after a timeout or cancellation,
/// and second answers, are dropped.
enum PayloadFetcher {
  static func fetch(
    _ representation: Representation,
    interface: FetchInterface,
    operation: LoadOperation,
    then: @escaping @Sendable (Result<Payload, NSError>) -> Void
  ) {
    let type = operation.typeIdentifier
    switch representation.source {
    case .data(let handler):
      operation.attach(handler(dataAnswer(operation, then)))

    case .file(let handler):
      let progress = handler { url, _, error in
        guard operation.claim() else { return }
        if let url {
          if url.isFileURL {
            then(.success(.file(url)))
          } else {
            then(
              .failure(
                NSItemProvider.itemUnavailable(
                  type,
                  underlying: ItemProviderError.notAFileURL(
                    url.absoluteString, typeIdentifier: type))))
          }
        } else {
          then(.failure(unavailable(type, error)))
        }
      }
      operation.attach(progress)

    case .item(let handler):
      var expected: AnyClass? = NSData.self
      var options: [AnyHashable: Any]?
      if case .coercing(let expectedClass, let given) = interface {
        expected = expectedClass
        options = given?.dictionary
      }
      handler(
        { item, error in
          guard operation.claim() else { return }
          if let item {
            then(.success(.object(item)))
          } else {
            then(.failure(unavailable(type, error)))
          }
        }, expected, options)

    case .object(let value):
      if case .coercing = interface, let object = ObjectCoercion.object(for: value) {
        guard operation.claim() else { return }
        then(.success(.object(object)))
        return
      }
      operation.attach(
        value.loadData(
          withTypeIdentifier: representation.typeIdentifier,
          forItemProviderCompletionHandler: dataAnswer(operation, then)))
    }
  }

  private static func dataAnswer(
    _ operation: LoadOperation,
    _ then: @escaping @Sendable (Result<Payload, NSError>) -> Void
  ) -> @Sendable (Data?, (any Error)?) -> Void {
    { data, error in
      guard operation.claim() else { return }
      if let data {
        then(.success(.data(data)))
      } else {
        then(.failure(unavailable(operation.typeIdentifier, error)))
      }
    }
  }

  /// The -1000 a failed source answer becomes; the source's own error travels underneath, and
  /// an error already in `NSItemProviderErrorDomain` is passed on as it is.
  static func unavailable(_ typeIdentifier: String, _ error: (any Error)?) -> NSError {
    guard let error else {
      return NSItemProvider.itemUnavailable(
        typeIdentifier, underlying: ItemProviderError.emptyAnswer(typeIdentifier: typeIdentifier))
    }
    let bridged = error as NSError
    if bridged.domain == NSItemProvider.errorDomain { return bridged }
    return NSItemProvider.itemUnavailable(typeIdentifier, underlying: error)
  }

  /// The error a failure while shaping the content becomes: cancellation stays cancellation,
  /// item provider errors stay as they are, anything else is -1000 with it underneath.
  static func failure(_ typeIdentifier: String, _ error: any Error) -> NSError {
    if let cocoa = error as? CocoaError, cocoa.code == .userCancelled {
      return NSItemProvider.cancelled()
    }
    return unavailable(typeIdentifier, error)
  }
}
