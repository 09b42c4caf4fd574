import Foundation

extension NSItemProvider {
  /// Creates a provider offering `object` in each of its writable types.
  public convenience init(object: any NSItemProviderWriting) {
    self.init()
    registerObject(object, visibility: .all)
  }

  /// Registers `object` for each of its writable types, in its order; types already registered
  /// keep their first registration.
  ///
  /// Each type is registered with `visibility`, or with the object's own
  /// `itemProviderVisibilityForRepresentation(withTypeIdentifier:)` where that is stricter.
  public func registerObject(
    _ object: any NSItemProviderWriting, visibility: NSItemProviderRepresentationVisibility
  ) {
    for type in object.writableTypeIdentifiersForItemProvider {
      let shown = Self.stricter(
        visibility, object.itemProviderVisibilityForRepresentation(withTypeIdentifier: type))
      register(Representation(typeIdentifier: type, visibility: shown, source: .object(object)))
    }
  }

  /// Whether a registered representation conforms to one of the types `aClass` can read.
  public func canLoadObject(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
    representation(readableBy: aClass) != nil
  }

  /// Whether a value of a bridged type (`URL`, `String`) can be loaded: whether its Foundation
  /// class (`NSURL`, `NSString`) can.
  public func canLoadObject<T: _ObjectiveCBridgeable & Sendable>(ofClass aClass: T.Type) -> Bool
  where T._ObjectiveCType: NSItemProviderReading {
    canLoadObject(ofClass: T._ObjectiveCType.self)
  }

  /// Loads an instance of `aClass` from the first registered representation (in fidelity
  /// order) it can read.
  ///
  /// The completion gets the object as `(any NSItemProviderReading)?`, as Apple's does, so code
  /// casts it (`object as? UIImage`). Fails with -1200, "Could not coerce an item to class
  /// NSURL", when no representation is readable by the class, and with -1100 when the data does
  /// not make an instance of it.
  @discardableResult
  public func loadObject(
    ofClass aClass: any NSItemProviderReading.Type,
    completionHandler: @escaping @Sendable ((any NSItemProviderReading)?, (any Error)?) -> Void
  ) -> Progress {
    let className = itemProviderClassName(aClass)
    guard let representation = representation(readableBy: aClass) else {
      let operation = LoadOperation(
        typeIdentifier: aClass.readableTypeIdentifiersForItemProvider.first ?? "public.item",
        onFailure: { completionHandler(nil, $0) })
      operation.fail(Self.unavailableCoercion(className))
      return operation.progress
    }
    let type = representation.typeIdentifier
    return start(
      type, interface: .binary, representation: representation,
      onFailure: { completionHandler(nil, $0) },
      then: { result, operation in
        let data: Data
        do {
          data = try Self.data(from: result.get(), operation: operation)
        } catch {
          completionHandler(nil, PayloadFetcher.failure(type, error))
          return
        }
        let object: any NSItemProviderReading
        do {
          object = try aClass.object(withItemProviderData: data, typeIdentifier: type)
        } catch {
          completionHandler(nil, Self.unexpectedValueClass(className))
          return
        }
        // A file URL crossing from the source is security-scoped on a device.
        if let url = object as? NSURL, url.isFileURL { SecurityScopes.shared.grant(url as URL) }
        completionHandler(object, nil)
      })
  }

  /// Loads a value of a bridged type (`URL`, `String`) through its Foundation class (`NSURL`,
  /// `NSString`), as Apple's Swift overlay does: the completion gets the value itself.
  @discardableResult
  public func loadObject<T: _ObjectiveCBridgeable & Sendable>(
    ofClass aClass: T.Type,
    completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void
  ) -> Progress where T._ObjectiveCType: NSItemProviderReading {
    loadObject(ofClass: T._ObjectiveCType.self) { object, error in
      completionHandler(
        (object as? T._ObjectiveCType).map(T._unconditionallyBridgeFromObjectiveC), error)
    }
  }

  private func representation(readableBy aClass: any NSItemProviderReading.Type)
    -> Representation?
  {
    let readable = aClass.readableTypeIdentifiersForItemProvider
    return representations.first { representation in
      readable.contains { representation.conforms(to: $0) }
    }
  }
}
