// swift-format-ignore-file: AvoidRetroactiveConformances
// (The conformances below are retroactive on purpose; the comment after the import says why.)

import Foundation

// Share extensions written for iOS cast what `loadItem` delivers, an `NSSecureCoding?`, straight
// to Swift value types: `if let url = item as? URL`. On Apple platforms these types bridge to
// their Foundation classes, so the compiler accepts the cast. Linux has no Objective-C bridging,
// so the compiler warns that the cast "always fails", although the runtime performs it (an
// `NSURL` casts to `URL`), and a build with warnings as errors stops there. Declaring the value
// types secure-coding here (encoding through their Foundation classes) makes those casts valid
// to the compiler too, so such code compiles unchanged. Only on platforms without Objective-C,
// where Foundation declares no such conformance.

#if !canImport(ObjectiveC)
  extension URL: @retroactive NSSecureCoding {
    /// Secure coding is supported, as `NSURL`'s.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the URL as `NSURL` does.
    public func encode(with coder: NSCoder) { (self as NSURL).encode(with: coder) }

    /// Decodes a URL encoded as `NSURL` encodes one.
    public init?(coder: NSCoder) {
      guard let url = NSURL(coder: coder) else { return nil }
      self = url as URL
    }
  }

  extension String: @retroactive NSSecureCoding {
    /// Secure coding is supported, as `NSString`'s.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the string as `NSString` does.
    public func encode(with coder: NSCoder) { NSString(string: self).encode(with: coder) }

    /// Decodes a string encoded as `NSString` encodes one.
    public init?(coder: NSCoder) {
      guard let string = NSString(coder: coder) else { return nil }
      self = string as String
    }
  }

  extension Data: @retroactive NSSecureCoding {
    /// Secure coding is supported, as `NSData`'s.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the bytes as `NSData` does.
    public func encode(with coder: NSCoder) { NSData(data: self).encode(with: coder) }

    /// Decodes bytes encoded as `NSData` encodes them.
    public init?(coder: NSCoder) {
      guard let data = NSData(coder: coder) else { return nil }
      self = data as Data
    }
  }

  extension Dictionary: @retroactive NSCoding, @retroactive NSSecureCoding
  where Key == String, Value == Any {
    /// Secure coding is supported, as `NSDictionary`'s.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the dictionary as `NSDictionary` does.
    public func encode(with coder: NSCoder) { NSDictionary(dictionary: self).encode(with: coder) }

    /// Decodes a dictionary encoded as `NSDictionary` encodes one.
    public init?(coder: NSCoder) {
      guard let dictionary = NSDictionary(coder: coder) as? [String: Any] else { return nil }
      self = dictionary
    }
  }

  extension Array: @retroactive NSCoding, @retroactive NSSecureCoding where Element == Any {
    /// Secure coding is supported, as `NSArray`'s.
    public static var supportsSecureCoding: Bool { true }

    /// Encodes the array as `NSArray` does.
    public func encode(with coder: NSCoder) { NSArray(array: self).encode(with: coder) }

    /// Decodes an array encoded as `NSArray` encodes one.
    public init?(coder: NSCoder) {
      guard let array = NSArray(coder: coder) as? [Any] else { return nil }
      self = array
    }
  }
#endif
