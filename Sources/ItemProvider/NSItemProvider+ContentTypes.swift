import Foundation
import UTI

extension NSItemProvider {
  /// Creates a provider for a file of a known type (the `UniformTypeIdentifiers` initializer).
  ///
  /// `contentType` nil types the file by its extension, as `init(contentsOf:)` does. The file is
  /// offered as a file representation, in place when `openInPlace`.
  public convenience init(
    contentsOf fileURL: URL,
    contentType: UTType?,
    openInPlace: Bool = false,
    coordinated: Bool = false,
    visibility: NSItemProviderRepresentationVisibility = .all
  ) {
    self.init()
    let type = contentType ?? Self.declaredType(forFileExtension: fileURL.pathExtension)
    registerFileRepresentation(
      forTypeIdentifier: type.identifier, fileOptions: openInPlace ? .openInPlace : [],
      visibility: visibility
    ) { completion in
      completion(fileURL, coordinated, nil)
      return nil
    }
    suggestedName = fileURL.lastPathComponent
  }

  /// The registered types, in fidelity order; identifiers the catalogue does not declare are
  /// left out.
  public var registeredContentTypes: [UTType] {
    representations.compactMap(\.type)
  }

  /// The registered types that can be opened in place.
  public var registeredContentTypesForOpenInPlace: [UTType] {
    representations.filter(\.opensInPlace).compactMap(\.type)
  }

  /// The registered types that conform to `contentType`, in fidelity order.
  public func registeredContentTypes(conformingTo contentType: UTType) -> [UTType] {
    registeredContentTypes.filter { $0.conforms(to: contentType) }
  }

  /// Registers a data representation of `contentType`.
  public func registerDataRepresentation(
    for contentType: UTType,
    visibility: NSItemProviderRepresentationVisibility = .all,
    loadHandler: @escaping @Sendable (@escaping (Data?, (any Error)?) -> Void) -> Progress?
  ) {
    registerDataRepresentation(
      forTypeIdentifier: contentType.identifier, visibility: visibility
    ) { completion in loadHandler(completion) }
  }

  /// Registers a file representation of `contentType`, opened in place when `openInPlace`.
  public func registerFileRepresentation(
    for contentType: UTType,
    visibility: NSItemProviderRepresentationVisibility = .all,
    openInPlace: Bool = false,
    loadHandler: @escaping @Sendable (@escaping (URL?, Bool, (any Error)?) -> Void) -> Progress?
  ) {
    registerFileRepresentation(
      forTypeIdentifier: contentType.identifier, fileOptions: openInPlace ? .openInPlace : [],
      visibility: visibility
    ) { completion in loadHandler(completion) }
  }

  /// Loads the representation of `contentType` as data; see
  /// `loadDataRepresentation(forTypeIdentifier:completionHandler:)`.
  @discardableResult
  public func loadDataRepresentation(
    for contentType: UTType,
    completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress {
    loadDataRepresentation(
      forTypeIdentifier: contentType.identifier, completionHandler: completionHandler)
  }

  /// Loads the representation of `contentType` as a file: in place when `openInPlace` and the
  /// source allows it, otherwise as a temporary copy deleted when the completion handler
  /// returns. The Boolean says whether the URL is the source's file in place.
  @discardableResult
  public func loadFileRepresentation(
    for contentType: UTType,
    openInPlace: Bool = false,
    completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
  ) -> Progress {
    loadCopy(contentType.identifier, inPlace: openInPlace, completionHandler: completionHandler)
  }
}
