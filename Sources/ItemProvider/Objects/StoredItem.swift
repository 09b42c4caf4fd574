import Foundation
import PropertyLists

/// An item given to `NSItemProvider(item:typeIdentifier:)`, captured by value.
///
/// On iOS an item reaches an extension by secure coding across a process boundary, so the
/// consumer gets its own copy. Capturing the item by value does the same here and lets the
/// provider stay `Sendable`: each load materializes a fresh object of the original class.
enum StoredItem: Sendable {
  case url(URL)
  case string(String)
  case data(Data)
  /// A property list (dictionary, array, number, date), kept as a binary property list.
  case propertyList(Data)
  case image(ItemProviderImage)
  /// An object of a class that cannot be carried; loading it fails, naming the class.
  case unsupported(String)

  init(_ item: any NSSecureCoding) {
    if let url = item as? NSURL {
      self = .url(url as URL)
    } else if let string = item as? NSString {
      self = .string(string as String)
    } else if let data = item as? NSData {
      self = .data(data as Data)
    } else if let image = item as? ItemProviderImage {
      self = .image(image)
    } else if item is NSDictionary || item is NSArray || item is NSNumber || item is NSDate,
      let bytes = try? PropertyListWriter.data(fromPropertyList: item)
    {
      self = .propertyList(bytes)
    } else {
      self = .unsupported(String(describing: type(of: item)))
    }
  }

  /// A fresh object of the captured item's class.
  func materialize() -> Result<any NSSecureCoding, ItemProviderError> {
    switch self {
    case .url(let url): return .success(url as NSURL)
    case .string(let string): return .success(string as NSString)
    case .data(let data): return .success(data as NSData)
    case .image(let image): return .success(image)
    case .propertyList(let bytes):
      if let object = try? PropertyListSerialization.propertyList(from: bytes, format: nil),
        let coded = Self.secureCodingObject(object)
      {
        return .success(coded)
      }
      return .failure(.unsupportedItemClass("property list"))
    case .unsupported(let name):
      return .failure(.unsupportedItemClass(name))
    }
  }

  /// A property list value as the Foundation object that carries it.
  static func secureCodingObject(_ value: Any) -> (any NSSecureCoding)? {
    if let dictionary = value as? NSDictionary { return dictionary }
    if let array = value as? NSArray { return array }
    if let number = value as? NSNumber { return number }
    if let date = value as? NSDate { return date }
    if let string = value as? NSString { return string }
    if let data = value as? NSData { return data }
    return nil
  }
}
