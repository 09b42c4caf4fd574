import Foundation

/// A class whose instances can be made from the data an item provider delivers.
///
/// Mirrors Foundation's `NSItemProviderReading`, an Objective-C protocol that classes adopt
/// (hence `NSObjectProtocol`). Use it with `NSItemProvider.canLoadObject(ofClass:)` and
/// `loadObject(ofClass:completionHandler:)`; `NSURL`, `NSString` and `ItemProviderImage` adopt it,
/// and an app's own class can: instances need not be `Sendable` (a load makes a fresh one and
/// hands it to the completion handler alone), as on Apple platforms. `URL` and `String` load
/// through their Foundation classes, as Apple's bridged `loadObject(ofClass: URL.self)` does.
///
/// The protocol refines `SendableMetatype` (the class itself, not its instances, may be used
/// from any thread): a load calls the class's `object(withItemProviderData:typeIdentifier:)` on
/// its own queue. Any class whose conformance is not isolated to an actor satisfies it.
public protocol NSItemProviderReading: NSObjectProtocol, SendableMetatype {
  /// The types the class can be made from, best first.
  static var readableTypeIdentifiersForItemProvider: [String] { get }

  /// Makes an instance from `data` of type `typeIdentifier`; throws when the data does not hold
  /// one.
  static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

/// A type whose values can be offered through an item provider as data.
///
/// Mirrors Foundation's `NSItemProviderWriting`. Register a value with
/// `NSItemProvider(object:)` or `registerObject(_:visibility:)`; `URL`, `String` and
/// `ItemProviderImage` conform.
public protocol NSItemProviderWriting: Sendable {
  /// The types every value of the class can provide, best first.
  static var writableTypeIdentifiersForItemProvider: [String] { get }

  /// The types this value can provide, best first (by default the class's).
  var writableTypeIdentifiersForItemProvider: [String] { get }

  /// Who may see the representation of `typeIdentifier` (by default everyone).
  static func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
    -> NSItemProviderRepresentationVisibility

  /// Who may see this value's representation of `typeIdentifier` (by default the class's
  /// answer).
  func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
    -> NSItemProviderRepresentationVisibility

  /// Delivers the value's bytes as `typeIdentifier` (one of its writable types).
  func loadData(
    withTypeIdentifier typeIdentifier: String,
    forItemProviderCompletionHandler completionHandler:
      @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress?
}

extension NSItemProviderWriting {
  /// The class's writable types.
  public var writableTypeIdentifiersForItemProvider: [String] {
    Self.writableTypeIdentifiersForItemProvider
  }

  /// Everyone may see every representation.
  public static func itemProviderVisibilityForRepresentation(
    withTypeIdentifier typeIdentifier: String
  ) -> NSItemProviderRepresentationVisibility {
    .all
  }

  /// The class's answer.
  public func itemProviderVisibilityForRepresentation(withTypeIdentifier typeIdentifier: String)
    -> NSItemProviderRepresentationVisibility
  {
    Self.itemProviderVisibilityForRepresentation(withTypeIdentifier: typeIdentifier)
  }
}

/// The class name Apple's messages use for a readable type: Swift's bridged value types are
/// named by their Objective-C classes ("Cannot load an object of class NSURL").
func itemProviderClassName(_ type: Any.Type) -> String {
  switch type {
  case is URL.Type: "NSURL"
  case is String.Type: "NSString"
  case is Data.Type: "NSData"
  default: String(describing: type)
  }
}
