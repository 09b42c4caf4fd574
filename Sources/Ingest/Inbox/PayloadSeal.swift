import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Whether a payload can be kept by a second name (a hard link) rather than copied: only when
/// no one but this user can change it after it was verified.
///
/// A hard link keeps the same file: whoever still holds it open for writing (the program that
/// wrote it, or one that opened it before it was checked) could rewrite or truncate it after
/// its SHA-256 was checked, and the library's copy would no longer be the bytes its record
/// describes. So a payload is linked only when all of these hold, checked on the descriptor
/// opened through the door, before it is hashed:
/// - this user owns it, so its mode can be set: 0600 from now on, so no other user can open it
///   for writing by any of its names;
/// - no descriptor anywhere has it open for writing, nor maps it writable (a read lease can be
///   taken: `FileDescriptor.hasNoWriters()`).
///
/// Otherwise (another owner, a writer still holding it, a file system without leases) the
/// reader copies it, hashing what it copies, so the bytes kept are the bytes checked. A
/// program running as this same user (or root) can change any of this user's files, the
/// library's included; no reader can guard against it.
extension FileDescriptor.Untrusted {
  /// Whether the file can be kept by a link (see the extension's discussion); sets its mode to
  /// 0600 first when this user owns it.
  ///
  /// - Throws: `IOError` when its mode cannot be set.
  package func isSealedForKeeping() throws(IOError) -> Bool {
    guard status.userID == UInt32(geteuid()) else { return false }
    if status.permissions != 0o600 { try file.setPermissions(0o600) }
    return file.hasNoWriters()
  }
}
