// PORTABILITY PROOF — the app's own declaration that its extension context may cross threads,
// as share extensions built in the Swift 6 language mode write it:
//
//   extension NSExtensionContext: @unchecked Sendable {}
//
// Apple's NSExtensionContext is not Sendable, so extension code that ends its request from a
// load's `@Sendable` completion handler (every file of this folder) declares it. It is app
// code, not this package's (the package never writes `@unchecked Sendable`): ItemProvider's
// NSExtensionContext is not Sendable either, so this declaration compiles here without the
// "conformance already stated" warning that would stop a build with warnings as errors.

import Foundation

#if os(Linux)
  import ItemProvider
#endif

extension NSExtensionContext: @unchecked Sendable {}
