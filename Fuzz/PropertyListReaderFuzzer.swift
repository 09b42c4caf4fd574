import Foundation

// libFuzzer harness for the guarded property list reader. Not part of `swift build`:
// `scripts/fuzz.sh plist SECONDS` compiles it with Sources/PropertyLists into one module.

/// Limits as small as the sniffer's, so the fuzzer reaches them often.
private let small = PropertyListLimits(
  maximumByteCount: 64 << 10, maximumDepth: 8, maximumObjectCount: 1_024)

/// Reads the input with the `Info.plist` limits and small ones. Whatever the checks accept
/// goes on to Foundation: a crash, a hang or an allocation past libFuzzer's limits in either is
/// a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyListReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  for limits in [PropertyListLimits.infoPlist, small] {
    let reader = PropertyListReader(limits: limits)
    if let value = try? reader.propertyList(from: data) {
      // Bridge what came back, as the readers do.
      _ = value as? [String: Any]
      _ = value as? [Any]
      _ = value as? String
    }
  }
  return 0
}
