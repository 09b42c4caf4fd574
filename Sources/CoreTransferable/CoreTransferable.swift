// `import CoreTransferable` on Linux: Apple's Transferable, the representations apps write
// (DataRepresentation, FileRepresentation with SentTransferredFile and ReceivedTransferredFile,
// ProxyRepresentation, CodableRepresentation), the standard conformances (Data, String, URL,
// AttributedString) and NSItemProvider's loadTransferable(type:completionHandler:) and
// register(_:), over ItemProvider. SwiftUI-era extension code that imports SwiftUI for these
// imports CoreTransferable here (SwiftUI re-exports it on Apple platforms).
//
// Declared in Package.swift on Linux only; on Apple platforms the SDK's module is used.
#if os(Linux)
  @_exported import Foundation
  @_exported import UniformTypeIdentifiers
#endif
