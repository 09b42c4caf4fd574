import Foundation

extension Thread {
  /// Starts a thread of the pipeline's own, named `name` (as `top` and debuggers show it),
  /// running `body`; `stackSize` in bytes, or the system's default when nil.
  static func start(
    named name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void
  ) {
    let thread = Thread(block: body)
    thread.name = name
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }
}
