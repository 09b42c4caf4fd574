import Foundation
import PropertyLists
import SystemCalls

/// A `.shortcut` file read and taken apart: signed (Apple Encrypted Archive around an Apple
/// Archive holding `Shortcut.wflow`) or unsigned (the workflow property list itself).
///
/// Reading never writes anything and never uses a name from inside the file.
public struct ShortcutFile: Sendable {
  /// What the file is.
  public enum Format: String, Sendable, Codable {
    /// An `AEA1` signed archive.
    case signed
    /// An unsigned binary property list (`bplist00`).
    case binaryPropertyList
    /// An unsigned XML property list.
    case xmlPropertyList
  }

  /// The file's format.
  public let format: Format
  /// The signed container, for signed files.
  public let archive: AEAArchive?
  /// Who signed it and how, for signed files.
  public let signer: ShortcutSigner?
  /// The workflow property list bytes (`Shortcut.wflow` for signed files).
  public let workflowData: Data
  /// The workflow, parsed.
  public let workflow: Workflow

  /// The name of the workflow file inside a signed shortcut's archive.
  public static let workflowPath = "Shortcut.wflow"
  /// Largest file read: 16 MiB, the limit of the workflow property list itself
  /// (`Workflow.propertyListLimits`). A shortcut is kilobytes (a 913-action one is 100 KB); the
  /// decoded payload of a signed one has its own limit in `AEALimits`.
  public static let maximumFileSize = Workflow.propertyListLimits.maximumByteCount

  /// Reads a shortcut file.
  ///
  /// The file must be a regular file (a symbolic link to one is followed) of at most
  /// ``maximumFileSize`` bytes.
  /// - Throws: `ShortcutError`: `.io` when the file is missing, not a regular file, too large or
  ///   unreadable, the other cases when its content is not a readable shortcut.
  public init(contentsOf url: URL, limits: AEALimits = .default) throws(ShortcutError) {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readFile(atPath: url.path, limit: Int64(Self.maximumFileSize))
    } catch {
      throw .io(error)
    }
    try self.init(data: Data(bytes), limits: limits)
  }

  /// Reads a shortcut from its bytes.
  /// - Throws: `ShortcutError` saying what is wrong.
  public init(data: Data, limits: AEALimits = .default) throws(ShortcutError) {
    let prefix = [UInt8](data.prefix(8))
    if prefix.starts(with: Array("AEA1".utf8)) {
      let archive: AEAArchive
      do {
        archive = try AEAArchive(data, limits: limits)
      } catch {
        throw .archive(error)
      }
      let signer = try ShortcutSigner(authData: archive.authData)
      let payload: [UInt8]
      do {
        payload = try archive.payload()
      } catch {
        throw .archive(error)
      }
      let entries: [AppleArchiveEntry]
      do {
        entries = try AppleArchive.entries(in: payload)
      } catch {
        throw .appleArchive(error)
      }
      guard
        let wflow = entries.first(where: {
          $0.type == .regularFile && $0.path == Self.workflowPath
        })?.data
      else {
        throw .missingWorkflow(entries: entries.compactMap(\.path).map { $0.isEmpty ? "/" : $0 })
      }
      format = .signed
      self.archive = archive
      self.signer = signer
      workflowData = wflow
      workflow = try Workflow(propertyList: wflow)
      return
    }
    if let dump = HexDump.decodedPrefix(of: data) {
      throw .hexDump(decodesTo: HexDump.describe(dump))
    }
    if prefix.starts(with: Array("bplist00".utf8)) {
      format = .binaryPropertyList
    } else if Self.looksLikeXML(data) {
      format = .xmlPropertyList
    } else {
      throw .unrecognizedFormat(firstBytes: prefix)
    }
    archive = nil
    signer = nil
    workflowData = data
    workflow = try Workflow(propertyList: data)
  }

  static func looksLikeXML(_ data: Data) -> Bool {
    let head = String(decoding: data.prefix(256), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return head.hasPrefix("<?xml") || head.hasPrefix("<plist") || head.hasPrefix("<!DOCTYPE plist")
  }

  /// Loads libcrypto, which reading and verifying a signed shortcut need, now: a program can
  /// then say that the library is missing rather than that a checksum or a signature fails.
  /// - Throws: `SharedLibraryError` naming the library and its package.
  package static func loadLibcrypto() throws(SharedLibraryError) {
    try LibCrypto.requireLibrary()
  }

  /// Checks the signature, HMAC chain and certificates of a signed shortcut; nil for unsigned
  /// files, which carry nothing to verify.
  public func verify(anchors: ShortcutTrustAnchors = .apple, now: Date = Date())
    -> ShortcutVerification?
  {
    guard let archive, let signer else { return nil }
    return ShortcutVerification(archive: archive, signer: signer, anchors: anchors, now: now)
  }
}

/// Recognises `xxd` hexadecimal dumps ("00000000: 4145 4131 ...  AEA1...").
enum HexDump {
  /// The bytes the first lines of an xxd dump stand for, or nil when `data` is not one.
  static func decodedPrefix(of data: Data) -> [UInt8]? {
    let text = String(decoding: data.prefix(512), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).prefix(3)
    guard !lines.isEmpty else { return nil }
    var bytes: [UInt8] = []
    for (index, line) in lines.enumerated() {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].count == 8, parts[0].allSatisfy(\.isHexDigit),
        Int(parts[0], radix: 16) == index * 16
      else {
        // The last of the three lines may be cut off by the 512-byte window.
        if index > 0 && index == lines.count - 1 { break }
        return nil
      }
      // The hex part ends at the two-space gap before the ASCII column.
      let hexPart = parts[1].components(separatedBy: "  ").first ?? ""
      let digits = hexPart.filter { !$0.isWhitespace }
      guard digits.count % 2 == 0, digits.allSatisfy(\.isHexDigit) else { return nil }
      var cursor = digits.startIndex
      while cursor < digits.endIndex {
        let next = digits.index(cursor, offsetBy: 2)
        if let byte = UInt8(digits[cursor..<next], radix: 16) { bytes.append(byte) }
        cursor = next
      }
    }
    return bytes.isEmpty ? nil : bytes
  }

  static func describe(_ bytes: [UInt8]) -> String {
    if bytes.starts(with: Array("AEA1".utf8)) { return "a signed shortcut starting with AEA1" }
    if bytes.starts(with: Array("bplist00".utf8)) { return "a binary property list" }
    return Hex.string(bytes.prefix(8))
  }
}
