import Foundation

/// Streams files and folders without holding them in memory.
///
/// A regular file is copied in the kernel, as `cp` does, with `copy_file_range` in 64 MiB steps
/// (falling back to `sendfile`, then to a 1 MiB read/write loop where the kernel cannot), so a
/// 1 GiB copy costs no more resident memory than a small one. Symbolic links are never followed: a link given as the source is refused,
/// and links inside a folder are left out of the copy.
enum FileCopier {
  /// How the bytes move.
  private enum Method {
    case copyFileRange
    case sendFile
    case readWrite
  }

  /// The largest step handed to the kernel at once; progress and cancellation are checked
  /// between steps.
  static let kernelStep = 64 << 20
  /// The buffer of the read/write fallback.
  static let bufferSize = 1 << 20

  /// Copies the regular file at `source` to a new file at `destination` (mode 0600).
  ///
  /// - Parameter isCancelled: Asked between steps; when it answers true the copy stops and
  ///   throws `CocoaError(.userCancelled)`.
  /// - Returns: The number of bytes copied.
  @discardableResult
  static func copyFile(
    from source: String,
    to destination: String,
    progress: Progress? = nil,
    isCancelled: () -> Bool = { false }
  ) throws -> Int64 {
    let input = try POSIX.openForReading(source)
    defer { POSIX.closeDescriptor(input) }
    let status = try POSIX.status(ofDescriptor: input, path: source)
    guard status.kind == .regularFile else {
      throw ItemProviderError.unsupportedFileKind(path: source)
    }
    let output = try POSIX.createExclusive(destination)
    defer { POSIX.closeDescriptor(output) }
    if let progress { progress.totalUnitCount = max(status.size, 1) }

    var copied: Int64 = 0
    var method = Method.copyFileRange
    var buffer: UnsafeMutableRawPointer?
    defer { buffer?.deallocate() }
    while true {
      if isCancelled() { throw CocoaError(.userCancelled) }
      var step = 0
      switch method {
      case .copyFileRange:
        guard
          let sent = try POSIX.copyFileRange(
            from: input, to: output, count: kernelStep, path: source)
        else {
          // Both calls read and write at the descriptors' offsets, so switching is safe.
          method = .sendFile
          continue
        }
        step = sent
      case .sendFile:
        guard
          let sent = try POSIX.sendFile(from: input, to: output, count: kernelStep, path: source)
        else {
          method = .readWrite
          continue
        }
        step = sent
      case .readWrite:
        let chunk = buffer ?? UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 16)
        buffer = chunk
        step = try POSIX.read(input, into: chunk, count: bufferSize, path: source)
        if step > 0 { try POSIX.writeAll(output, from: chunk, count: step, path: destination) }
      }
      if step == 0 { break }
      copied += Int64(step)
      progress?.completedUnitCount = copied
    }
    return copied
  }

  /// Copies the folder at `source` to a new folder at `destination`: directories 0700, files
  /// 0600, symbolic links left out.
  static func copyTree(
    from source: String,
    to destination: String,
    progress: Progress? = nil,
    isCancelled: () -> Bool = { false }
  ) throws {
    try POSIX.makeDirectory(destination)
    for name in try POSIX.directoryEntries(source) {
      if isCancelled() { throw CocoaError(.userCancelled) }
      let from = "\(source)/\(name)"
      let to = "\(destination)/\(name)"
      switch try POSIX.status(from).kind {
      case .directory: try copyTree(from: from, to: to, isCancelled: isCancelled)
      case .regularFile: try copyFile(from: from, to: to, isCancelled: isCancelled)
      case .symbolicLink, .other: continue
      }
    }
    progress?.completedUnitCount = progress?.totalUnitCount ?? 0
  }

  /// Reads a whole regular file into memory (for data loads, which hand over `Data` anyway).
  static func readFile(at path: String, isCancelled: () -> Bool = { false }) throws -> Data {
    let input = try POSIX.openForReading(path)
    defer { POSIX.closeDescriptor(input) }
    let status = try POSIX.status(ofDescriptor: input, path: path)
    guard status.kind == .regularFile else {
      throw ItemProviderError.unsupportedFileKind(path: path)
    }
    var data = Data(count: Int(status.size))
    var filled = 0
    try data.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) in
      guard let base = bytes.baseAddress else { return }
      while filled < bytes.count {
        if isCancelled() { throw CocoaError(.userCancelled) }
        let count = min(bufferSize * 8, bytes.count - filled)
        let step = try POSIX.read(input, into: base + filled, count: count, path: path)
        if step == 0 { break }
        filled += step
      }
    }
    // A file that shrank while being read gives what was there; one that grew is read to the
    // size it had when opened, as a snapshot.
    if filled < data.count { data.removeSubrange(filled..<data.count) }
    return data
  }

  /// Writes `data` to a new file at `path` (mode 0600).
  static func writeFile(_ data: Data, to path: String) throws {
    let output = try POSIX.createExclusive(path)
    defer { POSIX.closeDescriptor(output) }
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      guard let base = bytes.baseAddress else { return }
      try POSIX.writeAll(output, from: base, count: bytes.count, path: path)
    }
  }
}
