import Foundation

/// The protocol an extension's principal class adopts to be handed its request.
///
/// Mirrors Foundation's `NSExtensionRequestHandling`. An action extension without a user
/// interface (and any extension whose `NSExtensionPrincipalClass` is not a view controller)
/// declares a class that adopts it; when a host app starts a request, the system makes an
/// instance of that class and calls `beginRequest(with:)` with the request's context, from which
/// the extension reads `inputItems` and which it must end with
/// `completeRequest(returningItems:completionHandler:)` or `cancelRequest(withError:)`.
///
/// There is no system here to make the instance: a test (or a harness) makes it and calls
/// `beginRequest(with:)` itself, then waits with
/// `NSExtensionContext.waitForRequestToEnd(timeout:)` for the ending the extension chose.
public protocol NSExtensionRequestHandling: NSObjectProtocol {
  /// Starts the extension's work on a request; the extension keeps `context` until it ends the
  /// request.
  ///
  /// - Parameter context: The request's context: the items the host app shared, and the two
  ///   ways to end it.
  func beginRequest(with context: NSExtensionContext)
}
