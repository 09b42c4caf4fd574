import Foundation
import SystemCalls

/// Makes the ZIP archive Apple hands out when a folder is loaded as data.
///
/// Apple: "If the source app provides a folder URL, the `NSData` object contains a zip archive
/// with the folder as its top-level entry." The archive stores its entries uncompressed (method 0,
/// which every unzip reads), named `<folder>/…` in UTF-8, directories as their own entries, in
/// sorted order so the same folder always gives the same bytes apart from modification times.
/// Symbolic links inside the folder are left out, never followed. Archives beyond the classic
/// ZIP limits (4 GiB, 65,535 entries) are refused with a clear error rather than written as
/// ZIP64.
enum FolderArchiver {
  /// One file or directory to be archived.
  private struct Entry {
    var name: String
    var isDirectory: Bool
    var mode: UInt32
    var modificationTime: Int
    var contents: Data
  }

  /// Archives the folder at `path` and returns the ZIP bytes.
  static func archive(folderAt path: String, isCancelled: () -> Bool = { false }) throws -> Data {
    let root = (path as NSString).lastPathComponent
    let status = try FileSystem.status(ofPath: path)
    var entries: [Entry] = [
      Entry(
        name: root + "/", isDirectory: true, mode: status.permissions,
        modificationTime: status.modificationSeconds, contents: Data())
    ]
    try collect(path, prefix: root + "/", into: &entries, isCancelled: isCancelled)
    return try write(entries, folder: path)
  }

  private static func collect(
    _ directory: String, prefix: String, into entries: inout [Entry], isCancelled: () -> Bool
  ) throws {
    for entry in try FileSystem.entries(ofPath: directory) {
      if isCancelled() { throw CocoaError(.userCancelled) }
      let name = entry.name
      let path = "\(directory)/\(name)"
      let status = try FileSystem.status(ofPath: path)
      switch status.kind {
      case .directory:
        entries.append(
          Entry(
            name: prefix + name + "/", isDirectory: true, mode: status.permissions,
            modificationTime: status.modificationSeconds, contents: Data()))
        try collect(path, prefix: prefix + name + "/", into: &entries, isCancelled: isCancelled)
      case .regularFile:
        entries.append(
          Entry(
            name: prefix + name, isDirectory: false, mode: status.permissions,
            modificationTime: status.modificationSeconds,
            contents: try FileCopier.readFile(at: path, isCancelled: isCancelled)))
      default:
        continue
      }
    }
  }

  private static func write(_ entries: [Entry], folder: String) throws -> Data {
    guard entries.count < 0xFFFF else {
      throw ItemProviderError.archiveTooLarge(
        path: folder, reason: "\(entries.count) entries; ZIP without ZIP64 holds 65,534")
    }
    var archive = Data()
    var central = Data()
    for entry in entries {
      let offset = archive.count
      let name = Data(entry.name.utf8)
      let crc = CRC32.checksum(entry.contents)
      let (time, date) = dosTimeAndDate(entry.modificationTime)
      let size = entry.contents.count
      guard offset + size + 30 + name.count < Int(UInt32.max) else {
        throw ItemProviderError.archiveTooLarge(
          path: folder, reason: "over 4 GiB; ZIP without ZIP64 cannot address it")
      }
      // Local file header.
      archive.appendLittleEndian(UInt32(0x0403_4B50))
      archive.appendLittleEndian(UInt16(20))  // version needed: 2.0
      archive.appendLittleEndian(UInt16(0x0800))  // flags: names are UTF-8
      archive.appendLittleEndian(UInt16(0))  // method: stored
      archive.appendLittleEndian(time)
      archive.appendLittleEndian(date)
      archive.appendLittleEndian(crc)
      archive.appendLittleEndian(UInt32(size))
      archive.appendLittleEndian(UInt32(size))
      archive.appendLittleEndian(UInt16(name.count))
      archive.appendLittleEndian(UInt16(0))  // extra field length
      archive.append(name)
      archive.append(entry.contents)

      // Central directory record.
      let fileType: UInt32 = entry.isDirectory ? 0o040000 : 0o100000
      central.appendLittleEndian(UInt32(0x0201_4B50))
      central.appendLittleEndian(UInt16(0x0314))  // made by: UNIX, version 2.0
      central.appendLittleEndian(UInt16(20))
      central.appendLittleEndian(UInt16(0x0800))
      central.appendLittleEndian(UInt16(0))
      central.appendLittleEndian(time)
      central.appendLittleEndian(date)
      central.appendLittleEndian(crc)
      central.appendLittleEndian(UInt32(size))
      central.appendLittleEndian(UInt32(size))
      central.appendLittleEndian(UInt16(name.count))
      central.appendLittleEndian(UInt16(0))  // extra
      central.appendLittleEndian(UInt16(0))  // comment
      central.appendLittleEndian(UInt16(0))  // disk number
      central.appendLittleEndian(UInt16(0))  // internal attributes
      let dosDirectory: UInt32 = entry.isDirectory ? 0x10 : 0
      central.appendLittleEndian(((fileType | entry.mode) << 16) | dosDirectory)
      central.appendLittleEndian(UInt32(offset))
      central.append(name)
    }
    let centralOffset = archive.count
    guard centralOffset + central.count < Int(UInt32.max) else {
      throw ItemProviderError.archiveTooLarge(
        path: folder, reason: "over 4 GiB; ZIP without ZIP64 cannot address it")
    }
    archive.append(central)
    // End of central directory record.
    archive.appendLittleEndian(UInt32(0x0605_4B50))
    archive.appendLittleEndian(UInt16(0))
    archive.appendLittleEndian(UInt16(0))
    archive.appendLittleEndian(UInt16(entries.count))
    archive.appendLittleEndian(UInt16(entries.count))
    archive.appendLittleEndian(UInt32(central.count))
    archive.appendLittleEndian(UInt32(centralOffset))
    archive.appendLittleEndian(UInt16(0))  // comment length
    return archive
  }

  /// MS-DOS time and date fields (UTC) for a POSIX time; DOS dates start in 1980.
  private static func dosTimeAndDate(_ seconds: Int) -> (UInt16, UInt16) {
    var clock = time_t(max(seconds, 315_532_800))
    var parts = tm()
    gmtime_r(&clock, &parts)
    let time = UInt16(parts.tm_hour) << 11 | UInt16(parts.tm_min) << 5 | UInt16(parts.tm_sec / 2)
    let year = UInt16(max(parts.tm_year + 1900 - 1980, 0))
    let date = year << 9 | UInt16(parts.tm_mon + 1) << 5 | UInt16(parts.tm_mday)
    return (time, date)
  }
}

extension Data {
  fileprivate mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }
}

/// The CRC-32 of ZIP (ISO 3309, reflected polynomial 0xEDB88320).
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
    return value
  }

  static func checksum(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    table.withUnsafeBufferPointer { table in
      data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
      }
    }
    return crc ^ 0xFFFF_FFFF
  }
}
