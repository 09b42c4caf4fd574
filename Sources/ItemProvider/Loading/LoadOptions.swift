import Foundation
import PropertyLists

/// `loadItem`'s options, carried to the load queue as a binary property list: entries with
/// string keys and property list values (what crosses a process boundary on iOS); others are
/// left out.
struct LoadOptions: Sendable {
  private let propertyList: Data

  init?(_ options: [AnyHashable: Any]?) {
    guard let options else { return nil }
    var kept: [String: Any] = [:]
    for (key, value) in options {
      if let key = key.base as? String,
        PropertyListSerialization.propertyList(value, isValidFor: .binary)
      {
        kept[key] = value
      }
    }
    guard
      let data = try? PropertyListWriter.data(fromPropertyList: kept)
    else { return nil }
    propertyList = data
  }

  /// A fresh copy of the options.
  var dictionary: [AnyHashable: Any] {
    let value = try? PropertyListSerialization.propertyList(from: propertyList, format: nil)
    return (value as? [String: Any]).map {
      Dictionary(uniqueKeysWithValues: $0.map { ($0.key, $0.value) })
    } ?? [:]
  }
}
