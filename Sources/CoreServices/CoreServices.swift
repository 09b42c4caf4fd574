// `import CoreServices` on Linux: UTType (through UniformTypeIdentifiers) and the legacy
// `kUTType…` constants, as pre-iOS 14 share extensions use them (`kUTTypeURL as String`).
// Declared in Package.swift on Linux only; on Apple platforms the SDK's module is used.
#if os(Linux)
  @_exported import UTCoreTypes
  @_exported import UniformTypeIdentifiers
#endif
