import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
    case file(descriptor: Int32)
    case memory(Data)
  }
  private let storage: Storage

  /// Opens a regular file and reads its prefix.
  init(fileAtPath path: String, prefixLength: Int) throws(SniffError) {
    // O_NONBLOCK: opening a FIFO must not hang; anything but a regular file is refused below.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw SniffError.system("open", path: path, errno: errno) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw SniffError.system("fstat", path: path, errno: code)
    }
    let kind = status.st_mode & S_IFMT
    guard kind == S_IFREG else {
      close(descriptor)
      throw SniffError(path: path, reason: kind == S_IFDIR ? .isDirectory : .notARegularFile)
    }
    self.path = path
    self.size = Int(status.st_size)
    self.storage = .file(descriptor: descriptor)
    self.bytesRead = 0
    do {
      self.prefix = try Self.pread(
        descriptor, path: path, offset: 0, count: min(Int(status.st_size), prefixLength))
    } catch {
      close(descriptor)
      throw error
    }
    self.bytesRead = prefix.count
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
    if case .file(let descriptor) = storage { close(descriptor) }
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
      bytes = try Self.pread(descriptor, path: path, offset: offset, count: count)
    case .memory(let data):
      let start = data.startIndex + offset
      bytes = [UInt8](data[start..<(start + count)])
    }
    bytesRead += bytes.count
    return bytes
  }

  /// Reads exactly what is there, retrying short reads and interruptions.
  private static func pread(
    _ descriptor: Int32, path: String, offset: Int, count: Int
  ) throws(SniffError) -> [UInt8] {
    guard count > 0 else { return [] }
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var done = 0
      while done < count {
        let result = Glibc.pread(
          descriptor, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
        if result > 0 {
          done += result
        } else if result == 0 {
          break  // the file shrank under us: return what there is
        } else if errno != EINTR {
          failure = errno
          break
        }
      }
      initialized = done
    }
    if failure != 0 { throw SniffError.system("pread", path: path, errno: failure) }
    return bytes
  }
}
