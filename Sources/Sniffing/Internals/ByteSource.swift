import Foundation
import SystemCalls

/// The bytes of one file or buffer, read only in bounded pieces.
///
/// A file is opened once, its prefix read eagerly (everything most checks need), and any other
/// piece (the end of a ZIP, a box header deep in a movie) read on request with `pread`. The
/// source counts what it read, so tests can hold the sniffer to its promise of never reading
/// a whole file.
final class ByteSource {
  /// The file or name the bytes belong to, for errors.
  let path: String
  /// The total size in bytes.
  let size: Int
  /// The first `min(size, prefixLength)` bytes.
  let prefix: [UInt8]
  /// How many bytes have been read so far, prefix included.
  private(set) var bytesRead: Int

  private enum Storage {
    case file(FileDescriptor)
    case memory(Data)
  }
  private let storage: Storage

  /// Opens a regular file and reads its prefix.
  ///
  /// A symbolic link is refused, never followed (`O_NOFOLLOW`): a command line resolves the
  /// links a user names before sniffing. Anything but a regular file is refused as
  /// `notRegularFile`; a FIFO is opened without blocking, so naming one never hangs.
  init(fileAtPath path: String, prefixLength: Int) throws(SniffError) {
    let descriptor: FileDescriptor
    let status: FileStatus
    do throws(IOError) {
      descriptor = try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .noFollow])
      do throws(IOError) {
        status = try descriptor.status()
        guard status.kind == .regularFile else {
          throw IOError(.notRegularFile, operation: .read, path: path, fileKind: status.kind)
        }
      } catch {
        try? descriptor.close()
        throw error
      }
    } catch {
      throw SniffError(error)
    }
    self.path = path
    self.storage = .file(descriptor)
    self.bytesRead = 0
    do {
      if status.size == 0 {
        // Files the kernel sizes at 0 (`/proc/cpuinfo`) may still hold bytes: read what is
        // there, up to the prefix, and take that as the file.
        self.prefix = try Self.readPrefix(descriptor, path: path, count: prefixLength)
        self.size = prefix.count
      } else {
        self.size = Int(status.size)
        self.prefix = try Self.pread(descriptor, offset: 0, count: min(size, prefixLength))
      }
    } catch {
      try? descriptor.close()
      throw error
    }
    self.bytesRead = prefix.count
  }

  /// Reads from the start until end of file or `count` bytes.
  private static func readPrefix(_ descriptor: FileDescriptor, path: String, count: Int)
    throws(SniffError) -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    do throws(IOError) {
      while filled < count {
        let step = try descriptor.read(into: &bytes, from: filled)
        if step == 0 { break }
        filled += step
      }
    } catch {
      throw SniffError(error)
    }
    return Array(bytes[..<filled])
  }

  /// Wraps bytes already in memory.
  init(data: Data, name: String, prefixLength: Int) {
    self.path = name
    self.size = data.count
    self.storage = .memory(data)
    self.prefix = [UInt8](data.prefix(prefixLength))
    self.bytesRead = prefix.count
  }

  deinit {
    if case .file(let descriptor) = storage { try? descriptor.close() }
  }

  /// Whether the prefix holds the whole file.
  var prefixIsWhole: Bool { prefix.count == size }

  /// Reads up to `count` bytes at `offset`; fewer at the end of the file, none past it.
  func read(at offset: Int, count: Int) throws(SniffError) -> [UInt8] {
    guard offset >= 0, count > 0, offset < size else { return [] }
    let count = min(count, size - offset)
    if offset + count <= prefix.count {
      return Array(prefix[offset..<(offset + count)])
    }
    let bytes: [UInt8]
    switch storage {
    case .file(let descriptor):
      bytes = try Self.pread(descriptor, offset: offset, count: count)
    case .memory(let data):
      let start = data.startIndex + offset
      bytes = [UInt8](data[start..<(start + count)])
    }
    bytesRead += bytes.count
    return bytes
  }

  /// Reads what is there, up to `count` bytes (fewer only if the file shrank under us).
  private static func pread(_ descriptor: FileDescriptor, offset: Int, count: Int)
    throws(SniffError) -> [UInt8]
  {
    guard count > 0 else { return [] }
    var failure: IOError?
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      do throws(IOError) {
        initialized = try descriptor.readFully(
          fromAbsoluteOffset: Int64(offset), into: UnsafeMutableRawBufferPointer(buffer))
      } catch {
        failure = error
        initialized = 0
      }
    }
    if let failure { throw SniffError(failure) }
    return bytes
  }
}
