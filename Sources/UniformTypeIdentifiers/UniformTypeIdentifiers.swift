// `import UniformTypeIdentifiers` on Linux: the package's UTI module under Apple's name, so
// iOS code that uses UTType compiles with its import unchanged. Declared in Package.swift on
// Linux only; on Apple platforms the SDK's module of this name is used.
//
// Apple's module imports Foundation for its clients (`@_exported import Foundation` in its
// interface), so a file that imports only UniformTypeIdentifiers can use `URL`, `Data` and
// `CFString`; this one does the same (`CFString` is in `CFString.swift`).
#if os(Linux)
  @_exported import Foundation
  @_exported import UTI
#endif
