// `CFString` and `CFArray` for code that calls the C functions of `UTType.h` or keeps the
// `kUTType…` constants in their SDK type.
//
// On Apple platforms Core Foundation's string and array are toll-free bridged to `NSString`
// and `NSArray`: `someString as CFString`, `cfString as String` and `cfArray as? [String]`
// convert without copying. Linux Foundation has no Core Foundation types in its interface, but
// its `NSString` and `NSArray` bridge to `String` and `Array` with the same `as` casts, so
// naming them `CFString` and `CFArray` makes those expressions compile and behave as on iOS,
// `Unmanaged<CFString>` with `takeRetainedValue()` included. What differs: the Core Foundation
// functions (`CFStringGetLength`, `CFArrayGetCount`, …) are not here, and `CFString` is the same
// type as `NSString` rather than a distinct one, so an overload on both would be ambiguous.
// Apple's `UniformTypeIdentifiers` brings these names in through Foundation; this module does
// through this file. Linux only, like the module.
#if os(Linux)
  import Foundation

  /// A Core Foundation string: on Linux, `NSString`, to which Apple bridges it toll-free.
  public typealias CFString = NSString

  /// A Core Foundation array: on Linux, `NSArray`, to which Apple bridges it toll-free.
  public typealias CFArray = NSArray

  /// A Core Foundation dictionary: on Linux, `NSDictionary`, to which Apple bridges it
  /// toll-free (`UTTypeCopyDeclaration(…)?.takeRetainedValue() as? [String: Any]`).
  public typealias CFDictionary = NSDictionary

  /// A Core Foundation URL: on Linux, `NSURL`, to which Apple bridges it toll-free
  /// (`UTTypeCopyDeclaringBundleURL(…)?.takeRetainedValue() as URL?`).
  public typealias CFURL = NSURL
#endif
