import Foundation

/// How a load wants a representation's content.
enum FetchInterface: Sendable {
  /// `loadDataRepresentation`, `loadFileRepresentation`: objects are turned into their data.
  case binary
  /// `loadItem`: objects stay objects; the expected class and options go to `registerItem`
  /// handlers.
  case coercing(expectedValueClass: AnyClass?, options: LoadOptions?)
}
