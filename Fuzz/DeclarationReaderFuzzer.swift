import Foundation
import UTI

// libFuzzer harness for the type declaration reader: the guarded property list reader, the
// declaration validator and the type graph. Not part of `swift build`:
// `scripts/fuzz.sh declarations SECONDS` compiles it against Sources/{SystemCalls,
// PropertyLists,UTI}.

/// Registers the input's declarations in a fresh registry, then asks what a caller would:
/// each declared type's supertypes, its conformance to the others and to `public.data`, and
/// its tags.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeclarationReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let registry = UTTypeRegistry()
  guard
    (try? registry.registerDeclarations(fromInfoPlist: Data(bytes: start, count: count)))
      != nil
  else { return 0 }
  let declared = registry.applicationDeclarations.prefix(64).compactMap {
    registry.type(withIdentifier: $0.identifier)
  }
  for type in declared {
    _ = type.supertypes.count
    _ = type.conforms(to: .data)
    for other in declared.prefix(8) { _ = type.conforms(to: other) }
    for tag in type.tags[.filenameExtension] ?? [] {
      _ = registry.preferredType(tag: tag, tagClass: .filenameExtension)
    }
  }
  return 0
}
