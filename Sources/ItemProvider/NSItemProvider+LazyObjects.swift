import Foundation

extension NSItemProvider {
  /// Registers an object of `aClass` that `loadHandler` produces only when a consumer loads it,
  /// for each of the class's writable types, in its order.
  ///
  /// Mirrors Apple's `registerObject(ofClass:visibility:loadHandler:)`. Each load calls
  /// `loadHandler` (on the load queue); a binary load (`loadDataRepresentation`,
  /// `loadFileRepresentation`, `loadObject`) then asks the object for its data with
  /// `loadData(withTypeIdentifier:forItemProviderCompletionHandler:)`, and `loadItem` gets the
  /// object's Foundation object where it has one (`NSURL`, `NSString`, an image) and its data
  /// otherwise, as for `registerObject(_:visibility:)`. An object of another class than
  /// `aClass`, no object, or a failure fails the load with -1000. Each type is registered with
  /// `visibility`, or the class's own answer where that is stricter. Types already registered
  /// keep their first registration.
  public func registerObject(
    ofClass aClass: any NSItemProviderWriting.Type,
    visibility: NSItemProviderRepresentationVisibility,
    loadHandler:
      @escaping @Sendable (
        @escaping @Sendable ((any NSItemProviderWriting)?, (any Error)?) -> Void
      ) -> Progress?
  ) {
    for type in aClass.writableTypeIdentifiersForItemProvider {
      let shown = Self.stricter(
        visibility, aClass.itemProviderVisibilityForRepresentation(withTypeIdentifier: type))
      let source = LazyObjectSource(objectClass: aClass, typeIdentifier: type, produce: loadHandler)
      register(
        Representation(typeIdentifier: type, visibility: shown, source: .item(source.deliver)))
    }
  }
}

/// An object registered with `registerObject(ofClass:visibility:loadHandler:)`, delivered through
/// the coercing interface's load handler: the load asks for it only when a consumer loads.
struct LazyObjectSource: Sendable {
  let objectClass: any NSItemProviderWriting.Type
  let typeIdentifier: String
  let produce:
    @Sendable (
      @escaping @Sendable ((any NSItemProviderWriting)?, (any Error)?) -> Void
    ) -> Progress?

  /// Produces the object and answers `completion` with it (coercing loads) or with its data
  /// (binary loads, which expect `NSData`).
  func deliver(
    _ completion: NSItemProvider.CompletionHandler?, _ expected: AnyClass?,
    _ options: [AnyHashable: Any]?
  ) {
    let wantsData = expected.map { $0 is NSData.Type } ?? false
    let typeIdentifier = self.typeIdentifier
    let objectClass = self.objectClass
    _ = produce { object, error in
      guard let object else {
        completion?(nil, error ?? ItemProviderError.emptyAnswer(typeIdentifier: typeIdentifier))
        return
      }
      guard Self.isInstance(object, of: objectClass) else {
        completion?(
          nil,
          ItemProviderError.unexpectedObjectClass(
            String(describing: type(of: object)), expected: String(describing: objectClass),
            typeIdentifier: typeIdentifier))
        return
      }
      if !wantsData, let foundation = ObjectCoercion.object(for: object) {
        completion?(foundation, nil)
        return
      }
      _ = object.loadData(withTypeIdentifier: typeIdentifier) { data, error in
        if let data {
          completion?(data as NSData, nil)
        } else {
          completion?(nil, error ?? ItemProviderError.emptyAnswer(typeIdentifier: typeIdentifier))
        }
      }
    }
  }

  /// Whether `object` is of `objectClass`: the same type, or a subclass of a class.
  static func isInstance(
    _ object: any NSItemProviderWriting, of objectClass: any NSItemProviderWriting.Type
  ) -> Bool {
    if ObjectIdentifier(type(of: object)) == ObjectIdentifier(objectClass) { return true }
    guard let expected = objectClass as? AnyClass, let instance = object as? NSObject else {
      return false
    }
    return instance.isKind(of: expected)
  }
}
