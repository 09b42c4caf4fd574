import Foundation

/// What a scripted source does when a consumer loads from it.
///
/// These are the ways real sources misbehave, so consumer code can prove it copies inside the
/// callback and survives every failure.
public enum ScriptedBehavior: Sendable {
  /// Answers at once with the content.
  case deliver
  /// Answers with the content after `seconds`, from another thread.
  case delay(TimeInterval)
  /// Answers with `error` instead of content.
  case fail(any Error)
  /// Answers with the content, then deletes its source file as soon as the consumer's callback
  /// has returned: a consumer that kept the URL instead of copying finds nothing.
  case deliverThenDeleteSource
  /// Goes away while the load is in flight: deletes its source file and answers with the error
  /// iOS reports when the source process is gone (`NSCocoaErrorDomain` 4097, "Couldn't
  /// communicate with a helper application."), which the consumer sees underneath a -1000.
  case vanishMidLoad
  /// Never answers; the load ends by the provider's `loadTimeout` or by cancellation.
  case neverAnswer
}

extension ScriptedBehavior {
  /// The error a vanished source answers with.
  public static var connectionInterruptedError: NSError {
    NSError(
      domain: NSCocoaErrorDomain, code: 4097,
      userInfo: [NSLocalizedDescriptionKey: "Couldn't communicate with a helper application."])
  }
}
