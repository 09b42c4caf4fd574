import Foundation

/// An error from Foundation (a property-list or JSON parser's) written as a message a user can
/// read.
///
/// On Linux `"\(error)"` of an `NSError` is the `Error Domain=NSCocoaErrorDomain Code=3840
/// "…" UserInfo={…}` dump, which names no line and no fix. The parser's own detail, which it
/// keeps under `NSDebugDescription` ("Value missing for key inside <dict> at line 1"), is what
/// helps; Swift errors already describe themselves.
package enum ErrorText {
  /// The parser's detail for an `NSError`, else its localized description; for any other
  /// error, its description.
  package static func message(for error: any Error) -> String {
    guard type(of: error as Any) is NSError.Type else { return "\(error)" }
    let error = error as NSError
    if let detail = error.userInfo["NSDebugDescription"] as? String, !detail.isEmpty {
      return detail
    }
    return error.localizedDescription
  }
}
