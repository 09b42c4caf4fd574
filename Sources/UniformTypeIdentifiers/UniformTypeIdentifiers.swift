// `import UniformTypeIdentifiers` on Linux: the package's UTI module under Apple's name, so
// iOS code that uses UTType compiles with its import unchanged. Declared in Package.swift on
// Linux only; on Apple platforms the SDK's module of this name is used.
#if os(Linux)
  @_exported import UTI
#endif
