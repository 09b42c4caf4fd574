#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// What `fstat` or `lstat` says of a file.
package struct FileStatus: Sendable, Equatable {
  /// What the path names (a final symbolic link is not followed by `lstat`).
  package var kind: FileKind
  /// The size in bytes (0 for many files in `/proc`: read them to the end).
  package var size: Int64
  /// The permission bits (`st_mode & 07777`).
  package var permissions: UInt32
  /// The owner.
  package var userID: UInt32
  /// The device and inode, which identify the file while it exists.
  package var device: UInt64
  package var inode: UInt64
  /// The number of hard links.
  package var linkCount: UInt64
  /// The modification time, in seconds and nanoseconds since 1970.
  package var modificationSeconds: Int
  package var modificationNanoseconds: Int
  /// The status-change time (`st_ctim`), which the kernel sets on every change of the file's
  /// contents, names or attributes and no program can set, in seconds since 1970.
  package var statusChangeTime: Double

  package init(_ info: stat) {
    kind = FileKind(mode: info.st_mode)
    size = Int64(info.st_size)
    permissions = UInt32(info.st_mode & 0o7777)
    userID = UInt32(info.st_uid)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    linkCount = UInt64(info.st_nlink)
    modificationSeconds = Int(info.st_mtim.tv_sec)
    modificationNanoseconds = Int(info.st_mtim.tv_nsec)
    statusChangeTime = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
  }

  /// The modification time as seconds since 1970, with its fraction.
  package var modificationTime: Double {
    Double(modificationSeconds) + Double(modificationNanoseconds) / 1e9
  }
}
