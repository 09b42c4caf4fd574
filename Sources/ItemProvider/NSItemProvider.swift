import Foundation
import Synchronization
import SystemCalls
import UTI

/// Conveys data or files from a source app to an extension, in several representations.
///
/// Mirrors Foundation's `NSItemProvider`: the same names, signatures and failures, so ingestion
/// code written for iOS runs here with only its imports changed. A source registers
/// representations in fidelity order (best first); a consumer asks which types are there and
/// loads one. Every load returns a `Progress` that can cancel it, and calls its completion
/// handler exactly once on a background queue: with the result, or with an `NSError` in
/// `NSItemProviderErrorDomain` when the type is not there, the source fails, vanishes or does
/// not answer within `loadTimeout`, or with `NSCocoaErrorDomain` 3072 when cancelled.
///
/// `loadFileRepresentation` hands out a private temporary copy that is deleted when the
/// completion handler returns, as on iOS: code that keeps the URL finds the file gone.
public final class NSItemProvider: NSObject, NSCopying, Sendable {
  /// A block that receives the item the coercing interface loaded, or an error.
  public typealias CompletionHandler = @Sendable ((any NSSecureCoding)?, (any Error)?) -> Void

  /// A block that delivers an item for `registerItem(forTypeIdentifier:loadHandler:)`: it gets
  /// the completion to call, the class the consumer expects (nil from Swift callers) and the
  /// consumer's options.
  public typealias LoadHandler =
    @Sendable (
      NSItemProvider.CompletionHandler?, AnyClass?, [AnyHashable: Any]?
    ) -> Void

  /// How long a load waits for the source's load handler to answer, when not set per provider.
  public static let defaultLoadTimeout: TimeInterval = 60

  struct State: Sendable {
    var representations: [Representation] = []
    var suggestedName: String?
    var loadTimeout: TimeInterval = NSItemProvider.defaultLoadTimeout
    var previewImageHandler: LoadHandler?
  }

  let state: Mutex<State>

  /// Creates an empty item provider; register representations on it afterwards.
  public override init() {
    state = Mutex(State())
    super.init()
  }

  /// Creates a provider holding `item` as `typeIdentifier` (the coercing interface).
  ///
  /// The item is captured as it is now: `Data`/`NSData`, `URL`/`NSURL`, `String`/`NSString`,
  /// property lists and `ItemProviderImage` are supported. Loads hand the consumer a fresh copy,
  /// as the system does when an item crosses to an extension's process; an item of any other
  /// class fails to load with an `ItemProviderError.unsupportedItemClass` underlying error.
  public init(item: (any NSSecureCoding)?, typeIdentifier: String?) {
    state = Mutex(State())
    super.init()
    if let item, let typeIdentifier {
      let stored = StoredItem(item)
      registerItem(forTypeIdentifier: typeIdentifier) { completion, _, _ in
        switch stored.materialize() {
        case .success(let object): completion?(object, nil)
        case .failure(let error): completion?(nil, error)
        }
      }
    }
  }

  /// Creates a provider for a file, typed by its file name extension (`public.data` when the
  /// extension is unknown), with `suggestedName` set to the file's name; nil when `fileURL` is
  /// nil, not a file URL, or names nothing.
  public convenience init?(contentsOf fileURL: URL?) {
    guard let fileURL, fileURL.isFileURL, FileSystem.exists(fileURL.path) else { return nil }
    self.init()
    let type = Self.declaredType(forFileExtension: fileURL.pathExtension).identifier
    registerFileRepresentation(forTypeIdentifier: type, fileOptions: [], visibility: .all) {
      completion in
      completion(fileURL, false, nil)
      return nil
    }
    suggestedName = fileURL.lastPathComponent
  }

  /// The declared type of a file name extension, else `public.data` (Apple: "If the system
  /// can't determine a specific universal type identifier based on the filename extension, it
  /// assigns the `public.data` universal type identifier").
  static func declaredType(forFileExtension fileExtension: String) -> UTType {
    guard let type = UTType(filenameExtension: fileExtension), type.isDeclared else { return .data }
    return type
  }

  /// Returns a new provider with the same representations and suggested name.
  public func copy(with zone: NSZone? = nil) -> Any {
    let snapshot = state.withLock { $0 }
    let copy = NSItemProvider()
    copy.state.withLock { $0 = snapshot }
    return copy
  }

  // MARK: Registration

  /// Registers a representation whose bytes the load handler delivers in memory.
  ///
  /// Register higher-fidelity types first. A type already registered keeps its first
  /// registration; later ones are ignored, as Apple does.
  public func registerDataRepresentation(
    forTypeIdentifier typeIdentifier: String,
    visibility: NSItemProviderRepresentationVisibility,
    loadHandler:
      @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void)
      -> Progress?
  ) {
    register(
      Representation(
        typeIdentifier: typeIdentifier, visibility: visibility, source: .data(loadHandler)))
  }

  /// Registers a representation backed by a file the load handler points at.
  ///
  /// Without `.openInPlace`, consumers get a copy made while the handler's completion runs, so
  /// the source may delete its file once that completion returns.
  public func registerFileRepresentation(
    forTypeIdentifier typeIdentifier: String,
    fileOptions: NSItemProviderFileOptions = [],
    visibility: NSItemProviderRepresentationVisibility,
    loadHandler:
      @escaping @Sendable (@escaping @Sendable (URL?, Bool, (any Error)?) -> Void)
      -> Progress?
  ) {
    register(
      Representation(
        typeIdentifier: typeIdentifier, visibility: visibility, fileOptions: fileOptions,
        source: .file(loadHandler)))
  }

  /// Registers a lazily produced item for the coercing interface (`loadItem`).
  ///
  /// The handler is given the class the consumer expects (nil from Swift callers) and should
  /// answer with an object of that class; the provider applies Apple's coercions (a file URL
  /// read as data, data made into an image) and fails with -1100 otherwise.
  public func registerItem(
    forTypeIdentifier typeIdentifier: String, loadHandler: @escaping LoadHandler
  ) {
    register(
      Representation(typeIdentifier: typeIdentifier, visibility: .all, source: .item(loadHandler)))
  }

  func register(_ representation: Representation) {
    state.withLock { state in
      guard
        !state.representations.contains(where: {
          $0.matchesExactly(representation.typeIdentifier)
        })
      else { return }
      state.representations.append(representation)
    }
  }

  var representations: [Representation] {
    state.withLock { $0.representations }
  }

  // MARK: Queries

  /// The registered type identifiers, in registration (fidelity) order.
  public var registeredTypeIdentifiers: [String] {
    representations.map(\.typeIdentifier)
  }

  /// The registered type identifiers that support `fileOptions`, in registration order; all of
  /// them for empty options.
  public func registeredTypeIdentifiers(fileOptions: NSItemProviderFileOptions) -> [String] {
    representations.filter { fileOptions.isEmpty || $0.opensInPlace }.map(\.typeIdentifier)
  }

  /// Whether a registered representation's type is `typeIdentifier` or conforms to it: a
  /// provider holding `public.jpeg` answers yes to `public.image`.
  public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
    representations.contains { $0.conforms(to: typeIdentifier) }
  }

  /// Whether a representation conforming to `typeIdentifier` supports `fileOptions`.
  public func hasRepresentationConforming(
    toTypeIdentifier typeIdentifier: String, fileOptions: NSItemProviderFileOptions = []
  ) -> Bool {
    representations.contains {
      $0.conforms(to: typeIdentifier) && (fileOptions.isEmpty || $0.opensInPlace)
    }
  }

  /// The visibility a type was registered with, or nil when it is not registered.
  public func visibility(forTypeIdentifier typeIdentifier: String)
    -> NSItemProviderRepresentationVisibility?
  {
    representations.first { $0.matchesExactly(typeIdentifier) }?.visibility
  }

  /// A name the consumer may give the item, such as `IMG_0412.HEIC`.
  public var suggestedName: String? {
    get { state.withLock { $0.suggestedName } }
    set { state.withLock { $0.suggestedName = newValue } }
  }

  /// How long a load waits for the source's load handler before failing with -1000
  /// (`ItemProviderError.loadTimedOut` underneath). Not in Apple's API: on a phone a source that
  /// never answers leaves the extension hanging until the system kills it.
  public var loadTimeout: TimeInterval {
    get { state.withLock { $0.loadTimeout } }
    set { state.withLock { $0.loadTimeout = newValue } }
  }

  /// The registered types and the suggested name, for debugging.
  public override var description: String {
    let name = suggestedName.map { " \"\($0)\"" } ?? ""
    return "<NSItemProvider\(name): \(registeredTypeIdentifiers.joined(separator: ", "))>"
  }
}
