import Foundation
import PropertyLists

/// What the coercing interface turns objects into, following Apple's table:
///
/// | original | requested | coercion |
/// |---|---|---|
/// | `NSURL` (file) | `NSData` | the file's contents are read |
/// | `NSData` | image | an image is made from the data |
/// | `NSURL` (file) | image | an image is made from the file |
/// | image | `NSData` | the image's encoded bytes |
///
/// Anything else that is not already of the requested class fails with -1100, "Cannot load an
/// object of class NSURL" (as sharing an in-memory screenshot to code expecting a URL does).
enum ObjectCoercion {
  /// The object coerced to `expected` (nil: no expectation, the object as it is).
  static func coerce(
    _ object: any NSSecureCoding, to expected: AnyClass?, typeIdentifier: String
  ) -> Result<any NSSecureCoding, NSError> {
    guard let expected else { return .success(object) }
    if let instance = object as? NSObject, instance.isKind(of: expected) {
      return .success(object)
    }
    do {
      if expected is NSData.Type {
        if let url = object as? NSURL, url.isFileURL, let path = url.path {
          return .success(try FileCopier.readFile(at: path) as NSData)
        }
        if let image = object as? ItemProviderImage { return .success(image.data as NSData) }
      } else if expected is ItemProviderImage.Type {
        var bytes: Data?
        if let data = object as? NSData { bytes = data as Data }
        if let url = object as? NSURL, url.isFileURL, let path = url.path {
          bytes = try FileCopier.readFile(at: path)
        }
        if let bytes, let image = ItemProviderImage(data: bytes) { return .success(image) }
      }
    } catch {
      return .failure(NSItemProvider.itemUnavailable(typeIdentifier, underlying: error))
    }
    return .failure(NSItemProvider.unexpectedValueClass(String(describing: expected)))
  }

  /// The bytes a consumer of the binary interface (`loadDataRepresentation`,
  /// `loadFileRepresentation`) gets for an object: data as it is, a URL as a keyed archive
  /// (binary property list), text as UTF-8, an image as its encoded bytes, a property list as
  /// a binary property list.
  static func data(of object: any NSSecureCoding) throws -> Data {
    if let data = object as? NSData { return data as Data }
    if let url = object as? NSURL {
      return try NSKeyedArchiver.archivedData(withRootObject: url, requiringSecureCoding: true)
    }
    if let string = object as? NSString { return Data((string as String).utf8) }
    if let image = object as? ItemProviderImage { return image.data }
    if object is NSDictionary || object is NSArray || object is NSNumber || object is NSDate {
      return try PropertyListWriter.data(fromPropertyList: object)
    }
    throw NSItemProvider.unavailableCoercion("NSData")
  }

  /// What `loadItem` delivers for a value registered with `registerObject`: the value's own
  /// Foundation object where it has one, else nil (the data is loaded instead).
  static func object(for value: any NSItemProviderWriting) -> (any NSSecureCoding)? {
    if let url = value as? URL { return url as NSURL }
    if let string = value as? String { return string as NSString }
    if let image = value as? ItemProviderImage { return image }
    return nil
  }
}
