import Foundation

/// The one reader of property lists a user gave: checks their structure against limits chosen
/// for their use, then parses them with Foundation.
///
/// swift-corelibs-foundation's `PropertyListSerialization` trusts its input: a binary property
/// list holding a set crashes the process while the value is bridged, one whose arrays refer to
/// one another many times is expanded into billions of objects, and a deep one recurses without
/// bound. So nothing reaches it unchecked. A binary property list (`bplist00`) has its trailer,
/// offset table, every object's marker and length and every reference checked, and is walked
/// once to bound its depth and the number of objects it expands to (every reference counted);
/// an XML one has its markup scanned, bounding depth and elements. Each refusal names the byte
/// offset and the rule broken. Only XML and `bplist00` are read (not the OpenStep text format,
/// which no `Info.plist` or shortcut uses).
public struct PropertyListReader: Sendable {
  /// The two formats read.
  public enum Format: String, Sendable, Hashable {
    /// `bplist00`.
    case binary
    /// XML, in UTF-8 (or another ASCII superset its declaration names).
    case xml
  }

  /// The limits this reader enforces.
  public var limits: PropertyListLimits

  /// A reader enforcing `limits`.
  public init(limits: PropertyListLimits) {
    self.limits = limits
  }

  /// The format the bytes claim by their start: `bplist`, or `<` after an optional UTF-8 byte
  /// order mark and white space (or a UTF-16 byte order mark); nil for anything else.
  public static func format(of data: Data) -> Format? {
    if data.starts(with: Array("bplist".utf8)) { return .binary }
    if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) { return .xml }
    var bytes = data[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return text.first == UInt8(ascii: "<") ? .xml : nil
  }

  /// Checks the structure of `data` against the limits without parsing it.
  /// - Returns: The format.
  /// - Throws: `PropertyListError` naming the offset and the rule broken.
  @discardableResult
  public func check(_ data: Data) throws(PropertyListError) -> Format {
    guard !data.isEmpty else { throw PropertyListError(.empty) }
    guard data.count <= limits.maximumByteCount else {
      throw PropertyListError(.tooLarge(byteCount: data.count, limit: limits.maximumByteCount))
    }
    guard let format = Self.format(of: data) else {
      throw PropertyListError(.unknownFormat, at: 0)
    }
    let limits = self.limits
    let result = data.withUnsafeBytes { buffer -> Result<Void, PropertyListError> in
      let bytes = ByteView(base: buffer)
      do throws(PropertyListError) {
        switch format {
        case .binary: try BinaryPropertyListScanner.check(bytes, limits: limits)
        case .xml: try XMLPropertyListScanner.check(bytes, limits: limits)
        }
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
    return format
  }

  /// The value of a property list, checked, then parsed by Foundation.
  ///
  /// The value is what `PropertyListSerialization.propertyList(from:format:)` returns:
  /// dictionaries, arrays, strings, numbers, Booleans, dates and data.
  /// - Throws: `PropertyListError` naming the offset and the rule broken, or carrying
  ///   Foundation's message when its parser refuses what the checks let through.
  public func propertyList(from data: Data) throws(PropertyListError) -> Any {
    let format = try check(data)
    do {
      return try PropertyListSerialization.propertyList(from: data, format: nil)
    } catch {
      throw PropertyListError(.rejectedByParser(Self.message(for: error, format: format)))
    }
  }

  /// Foundation's detail, which it keeps under `NSDebugDescription` ("Value missing for key
  /// inside <dict> at line 1"), rather than the `Error Domain=NSCocoaErrorDomain Code=3840` dump.
  /// For binary input the detail is about the text format Foundation falls back to ("Unexpected
  /// character b at line 1"), which would mislead, so it is left out.
  static func message(for error: any Error, format: Format) -> String {
    guard format == .xml else { return "Foundation's binary property list parser refused it" }
    let error = error as NSError
    if let detail = error.userInfo["NSDebugDescription"] as? String, !detail.isEmpty {
      return detail
    }
    return error.localizedDescription
  }
}
