#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Whether any process has a file open for writing: the question a reader asks before it keeps
/// a file another program made, so that no earlier writer can change it after it was verified.
extension FileDescriptor {
  /// `F_SETLEASE`, which Glibc's Swift module does not export (it needs `_GNU_SOURCE`); the
  /// same number on every Linux architecture (`F_LINUX_SPECIFIC_BASE`).
  private static let setLease: Int32 = 1024
  /// `F_SETSIG`: the signal a lease break sends (10 on every Linux architecture).
  private static let setSignal: Int32 = 10

  /// Whether no descriptor anywhere on the system has this file open for writing (nor maps it
  /// writable and shared), proven by taking a read lease on it and releasing it at once: Linux
  /// grants a read lease only when the file's count of writers is zero (`fcntl(2)`,
  /// `F_SETLEASE`). False when a writer holds it, and also when no lease can be taken (a file
  /// system without leases, leases disabled, a file another user owns): then it cannot be
  /// proven. The descriptor must be open read-only.
  ///
  /// The answer holds for the instant of the call: a later writer must open the file by a
  /// name, which a caller rules out first (a file it owns, mode 0600, so no other user can).
  package func hasNoWriters() -> Bool {
    // A writer that opens the file in the instant the lease is held breaks it, and the kernel
    // signals the holder: SIGIO by default, whose default action ends the process. SIGURG,
    // ignored by default and used by nothing here, is asked for instead.
    guard case .success = syscall(.fcntl, path, { fcntl(rawValue, Self.setSignal, SIGURG) })
    else { return false }
    switch syscall(.fcntl, path, { fcntl(rawValue, Self.setLease, Int32(F_RDLCK)) }) {
    case .success:
      _ = syscall(.fcntl, path, { fcntl(rawValue, Self.setLease, Int32(F_UNLCK)) })
      return true
    case .failure:
      return false
    }
  }
}
