import Foundation
import Synchronization
import SystemCalls

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The `userInfo` key, in an error passed to `cancelRequest(withError:)`, for items and errors
/// an extension reports. (`NSExtensionItemsAndErrorsKey`)
public let NSExtensionItemsAndErrorsKey = "NSExtensionItemsAndErrorsKey"

/// The context an extension runs in: the items the host app handed over, and the two ways to
/// end the request.
///
/// Mirrors Foundation's `NSExtensionContext`. The extension is modelled as another process than
/// the host app that made the items: `inputItems` holds only the representations visible to it
/// (see ``ItemProviderConsumer``). There is no host app here, so the context records
/// how the request ended (`requestOutcome`) for a test to assert, and
/// `waitForRequestToEnd(timeout:)` lets it wait for extension code that ends the request from
/// a completion handler. Only the first ending counts, as on iOS; later calls are counted in
/// `redundantEndingCount` and otherwise ignored.
///
/// Not `Sendable`, as Apple's is not: extension code that hands its context to a `@Sendable`
/// completion handler or a task declares `extension NSExtensionContext: @unchecked Sendable {}`
/// (or wraps it), and that declaration compiles here as it does on iOS. Its methods are safe to
/// call from any thread (the state is behind a lock), as Apple's are in practice.
public final class NSExtensionContext: NSObject {
  /// How an extension request ended.
  public enum RequestOutcome: Sendable, CustomStringConvertible {
    /// `completeRequest(returningItems:completionHandler:)` was called with these items.
    case completed(returningItems: [NSExtensionItem])
    /// `cancelRequest(withError:)` was called with this error.
    case cancelled(any Error)

    /// Whether the request completed (rather than being cancelled).
    public var isCompleted: Bool {
      if case .completed = self { return true }
      return false
    }

    /// The error the request was cancelled with, or nil when it completed.
    public var error: (any Error)? {
      if case .cancelled(let error) = self { return error }
      return nil
    }

    /// How the request ended, with the number of returned items or the error.
    public var description: String {
      switch self {
      case .completed(let items): "completed, returning \(items.count) item(s)"
      case .cancelled(let error): "cancelled: \(error)"
      }
    }
  }

  private let items: [NSExtensionItem]
  private let request = RequestState()

  /// Creates a context with no input items.
  public override convenience init() {
    self.init(inputItems: [])
  }

  /// Creates a context handing `inputItems` to the extension, as a host app does.
  ///
  /// The extension runs in another process than the host: representations hidden from
  /// `receiver` by their visibility (`.ownProcess`, `.team`, `.group`) do not reach it, as on
  /// iOS. Items whose attachments hide nothing are handed over as they are; the others as
  /// copies whose providers hold only what `receiver` sees.
  /// - Parameters:
  ///   - inputItems: The items the host app shares.
  ///   - receiver: How the extension relates to the host app; by default another developer's
  ///     extension, which sees only representations registered `.all`.
  public init(inputItems: [NSExtensionItem], receiver: ItemProviderConsumer = .otherTeam) {
    self.items = inputItems.map { item in
      let providers = item.attachments ?? []
      guard providers.contains(where: { $0.hidesRepresentations(from: receiver) }),
        let copy = item.copy() as? NSExtensionItem
      else { return item }
      copy.attachments = providers.map { $0.copy(visibleTo: receiver) }
      return copy
    }
    super.init()
  }

  /// The items the host app handed over (`NSExtensionItem`s); empty when there are none.
  public var inputItems: [Any] { items }

  /// Ends the request successfully, returning `items` (the `NSExtensionItem`s among them) to
  /// the host app; `completionHandler` is then called on a background queue with `false` (the
  /// request did not expire).
  public func completeRequest(
    returningItems items: [Any]?, completionHandler: (@Sendable (Bool) -> Void)? = nil
  ) {
    let returned = (items ?? []).compactMap { $0 as? NSExtensionItem }
    end(with: .completed(returningItems: returned))
    if let completionHandler {
      IOExecutor.shared.execute { completionHandler(false) }
    }
  }

  /// Ends the request as cancelled, with `error` for the host app.
  public func cancelRequest(withError error: any Error) {
    end(with: .cancelled(error))
  }

  /// How the request ended, or nil while it has not.
  public var requestOutcome: RequestOutcome? {
    request.state.withLock { $0.outcome }
  }

  /// How many times the request was ended again after its first ending.
  public var redundantEndingCount: Int {
    request.state.withLock { $0.redundantEndings }
  }

  /// Waits until the request ends and returns how; nil when `timeout` passes first.
  public func waitForRequestToEnd(timeout: Duration = .seconds(30)) async -> RequestOutcome? {
    await request.wait(timeout: timeout)
  }

  private func end(with outcome: RequestOutcome) {
    request.end(with: outcome)
  }
}

/// How a request ended, and who waits for it: shared with the timers of
/// `waitForRequestToEnd(timeout:)`, so it is a `Sendable` object of its own while the context
/// is not.
private final class RequestState: Sendable {
  struct State: Sendable {
    var outcome: NSExtensionContext.RequestOutcome?
    var redundantEndings = 0
    var waiters: [UUID: CheckedContinuation<NSExtensionContext.RequestOutcome?, Never>] = [:]
  }

  let state = Mutex(State())

  func wait(timeout: Duration) async -> NSExtensionContext.RequestOutcome? {
    let id = UUID()
    return await withCheckedContinuation { continuation in
      let ended = state.withLock { state -> NSExtensionContext.RequestOutcome? in
        if let outcome = state.outcome { return outcome }
        state.waiters[id] = continuation
        return nil
      }
      if let ended {
        continuation.resume(returning: ended)
        return
      }
      IOExecutor.shared.schedule(after: timeout) { [self] in
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.resume(returning: nil)
      }
    }
  }

  func end(with outcome: NSExtensionContext.RequestOutcome) {
    let waiters = state.withLock {
      state -> [CheckedContinuation<NSExtensionContext.RequestOutcome?, Never>] in
      guard state.outcome == nil else {
        state.redundantEndings += 1
        return []
      }
      state.outcome = outcome
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: outcome) }
  }
}
