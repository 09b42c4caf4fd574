import Foundation

extension NSItemProvider {
  /// Loads the best matching item for a type through the coercing interface.
  ///
  /// Swift callers name no class, so the item comes as the source holds it: `NSData` for a data
  /// representation, a file `NSURL` for a file representation (the source's own file, not a
  /// copy), the registered object for `registerItem`, `init(item:typeIdentifier:)` and
  /// `registerObject`. Fails with -1000 when nothing conforms or the source fails. `options`
  /// reach `registerItem` handlers as a copy holding the entries with string keys and property
  /// list values (what can cross to another process).
  public func loadItem(
    forTypeIdentifier typeIdentifier: String,
    options: [AnyHashable: Any]? = nil,
    completionHandler: NSItemProvider.CompletionHandler? = nil
  ) {
    loadItem(
      forTypeIdentifier: typeIdentifier, options: options, expectedValueClass: nil,
      completionHandler: completionHandler)
  }

  /// Loads an item through the coercing interface as an instance of `expectedValueClass`, as
  /// an Objective-C caller does by typing its completion block's item parameter.
  ///
  /// Apple's coercions apply (a file URL is read for `NSData`; data or a file URL becomes an
  /// `ItemProviderImage`; an image gives `NSData`); an item that is not of the class and has no
  /// coercion fails with -1100, "Cannot load an object of class NSURL" — what a share extension
  /// asking for a URL gets from an in-memory screenshot. Not in Apple's Swift API, where the
  /// completion's type is fixed.
  public func loadItem(
    forTypeIdentifier typeIdentifier: String,
    options: [AnyHashable: Any]? = nil,
    expectedValueClass: AnyClass?,
    completionHandler: NSItemProvider.CompletionHandler? = nil
  ) {
    let representation = representations.best(for: typeIdentifier)
    _ = start(
      typeIdentifier,
      interface: .coercing(
        expectedValueClass: expectedValueClass, options: LoadOptions(options)),
      representation: representation,
      onFailure: { completionHandler?(nil, $0) },
      then: { result, _ in
        let item: any NSSecureCoding
        switch result {
        case .failure(let error):
          completionHandler?(nil, error)
          return
        case .success(.object(let object)): item = object
        case .success(.data(let data)): item = data as NSData
        case .success(.file(let url)): item = url as NSURL
        }
        // A file URL crossing from the source is security-scoped on a device.
        if let url = item as? NSURL, url.isFileURL { SecurityScopes.shared.grant(url as URL) }
        switch ObjectCoercion.coerce(item, to: expectedValueClass, typeIdentifier: typeIdentifier) {
        case .success(let coerced): completionHandler?(coerced, nil)
        case .failure(let error): completionHandler?(nil, error)
        }
      })
  }
}
