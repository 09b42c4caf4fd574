import Foundation
import SystemCalls

/// Streams files and folders for the loads, without holding them in memory.
///
/// A regular file is copied in the kernel, as `cp` does, with `copy_file_range` in 64 MiB steps
/// (falling back to `sendfile`, then to a 1 MiB read/write loop where the kernel cannot), so a
/// 1 GiB copy costs no more resident memory than a small one. Symbolic links are never
/// followed: a link given as the source is refused, and links inside a folder are left out of
/// the copy. Every call goes through `SystemCalls`, so tests can inject failures into it.
enum FileCopier {
  /// The largest step handed to the kernel at once; progress and cancellation are checked
  /// between steps.
  static let kernelStep = 64 << 20
  /// The buffer of the read/write fallback.
  static let bufferSize = 1 << 20

  /// Opens `path` for reading, refusing a symbolic link and anything but a regular file (a
  /// FIFO is opened without blocking, then refused).
  static func openRegularFile(_ path: String) throws -> (FileDescriptor, FileStatus) {
    let input = try FileDescriptor.open(path, .readOnly, options: [.noFollow, .nonBlocking])
    do {
      let status = try input.status()
      guard status.kind == .regularFile else {
        throw ItemProviderError.unsupportedFileKind(path: path)
      }
      return (input, status)
    } catch {
      try? input.close()
      throw error
    }
  }

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
    let (input, status) = try openRegularFile(source)
    return try input.closeAfter {
      let output = try FileDescriptor.open(
        destination, .writeOnly, options: [.create, .exclusive, .noFollow])
      return try output.closeAfter {
        if let progress { progress.totalUnitCount = max(status.size, 1) }
        return try copyContents(
          from: input, to: output, progress: progress, isCancelled: isCancelled)
      }
    }
  }

  /// Moves every byte from `input` to `output` at their offsets (`copyContents`, in
  /// `kernelStep` steps), checking for cancellation and reporting progress between steps.
  private static func copyContents(
    from input: FileDescriptor, to output: FileDescriptor, progress: Progress?,
    isCancelled: () -> Bool
  ) throws -> Int64 {
    try output.copyContents(from: input, kernelStep: kernelStep, bufferSize: bufferSize) {
      copied in
      progress?.completedUnitCount = copied
      if isCancelled() { throw CocoaError(.userCancelled) }
    }
  }

  /// Copies the folder at `source` to a new folder at `destination`: directories 0700, files
  /// 0600, symbolic links and special files left out.
  static func copyTree(
    from source: String,
    to destination: String,
    progress: Progress? = nil,
    isCancelled: () -> Bool = { false }
  ) throws {
    try FileSystem.makeDirectory(destination)
    for entry in try FileSystem.entries(ofPath: source) {
      if isCancelled() { throw CocoaError(.userCancelled) }
      let from = "\(source)/\(entry.name)"
      let to = "\(destination)/\(entry.name)"
      switch try FileSystem.status(ofPath: from).kind {
      case .directory: try copyTree(from: from, to: to, isCancelled: isCancelled)
      case .regularFile: try copyFile(from: from, to: to, isCancelled: isCancelled)
      default: continue
      }
    }
    progress?.completedUnitCount = progress?.totalUnitCount ?? 0
  }

  /// Reads a whole regular file into memory (for data loads, which hand over `Data` anyway).
  ///
  /// Reads to the end of the file, not to the size `fstat` gave: files in `/proc` report 0.
  static func readFile(at path: String, isCancelled: () -> Bool = { false }) throws -> Data {
    let (input, status) = try openRegularFile(path)
    return try input.closeAfter {
      var data = Data(count: max(Int(status.size), 0))
      var filled = 0
      while filled < data.count {
        if isCancelled() { throw CocoaError(.userCancelled) }
        let step = try data.withUnsafeMutableBytes { bytes in
          try input.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
        }
        if step == 0 { break }  // the file shrank while being read: what was there
        filled += step
      }
      data.count = filled
      // Past the size fstat gave (0 for files in /proc, or a file still growing): read on to
      // the end in pieces.
      var piece = [UInt8](repeating: 0, count: 64 << 10)
      while true {
        if isCancelled() { throw CocoaError(.userCancelled) }
        let step = try piece.withUnsafeMutableBytes { try input.read(into: $0) }
        if step == 0 { break }
        data.append(contentsOf: piece[..<step])
      }
      return data
    }
  }

  /// Writes `data` to a new file at `path` (mode 0600).
  static func writeFile(_ data: Data, to path: String) throws {
    let output = try FileDescriptor.open(
      path, .writeOnly, options: [.create, .exclusive, .noFollow])
    try output.closeAfter {
      try data.withUnsafeBytes { bytes in try output.writeAll(bytes) }
    }
  }
}
