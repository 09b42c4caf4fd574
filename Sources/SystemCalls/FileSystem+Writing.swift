#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension FileSystem {
  /// Writes `bytes` to `path` atomically: into a new temporary file beside it, flushed to the
  /// device, then renamed over `path`, so a reader finds the old file or the new one, never
  /// part of one. A symbolic link at `path` is replaced, not followed.
  ///
  /// - Parameter permissions: The new file's mode, exactly (whatever the umask).
  /// - Throws: `IOError` naming `path` (not the temporary file): `notFound` when the directory
  ///   is missing, `isDirectory` when `path` is one, `noSpace`, `permissionDenied`…
  package static func writeFile(
    atPath path: String, bytes: [UInt8], permissions: mode_t = 0o644
  ) throws(IOError) {
    let temporary =
      "\(parentPath(path))/.\(lastComponent(path)).\(UInt32.random(in: 0...UInt32.max)).tmp"
    do throws(IOError) {
      let file = try FileDescriptor.open(
        temporary, .writeOnly, options: [.create, .exclusive, .noFollow],
        permissions: permissions)
      do throws(IOError) {
        try file.closeAfterTyped { () throws(IOError) in
          try file.writeAll(bytes)
          try file.sync()
        }
        try rename(temporary, to: path, replacing: true)
      } catch {
        try? removeFile(temporary)
        throw error
      }
    } catch {
      throw IOError(
        error.code, operation: error.operation, path: path, fileKind: error.fileKind,
        cause: error.cause)
    }
  }
}
