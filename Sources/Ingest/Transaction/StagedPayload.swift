import SystemCalls

/// A payload file of a share in flight: written in `.staging/` under the name it will have in
/// `Incoming/`, kept open until the share commits so its flush can run with the others.
struct StagedPayload: Sendable {
  /// `<UUID>.<ext>`: the same in `.staging/` and `Incoming/`, so a committed share whose last
  /// renames a crash cut off can be completed from its manifest.
  let name: String
  let file: FileDescriptor
}
