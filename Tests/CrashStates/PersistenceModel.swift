/// What a power loss may keep of the operations a program made: the rules crash states are
/// drawn from.
///
/// A recording (`OperationRecorder`) says what the program asked, in order; a model says which
/// of those operations are certainly on the disk at each instant (they were covered by a
/// flush that returned) and how the others may have reached it (each on its own, or in
/// order). A crash state is a crash point (the operations that had returned) and a choice,
/// within the model, of the uncovered operations that reached the disk.
///
/// What is written down here is what the exploration checks; nothing else is assumed. The
/// file's attributes (mode, times) are not modelled: no reader of this package relies on them
/// after a crash (the sweeper runs with every writer dead, the inbox's order is a nicety).
package enum PersistenceModel: String, Sendable, CaseIterable, CustomStringConvertible {
  /// The POSIX minimum: nothing is durable until the right flush returned, and anything not
  /// yet durable may or may not be on the disk, independently of everything else.
  ///
  /// - A file's data and size are durable once an `fsync` or `fdatasync` of that file
  ///   returned that began after they were written.
  /// - A name (a file created, a link made, a name removed, a directory made or removed) is
  ///   durable once an `fsync` of the directory holding it returned that began after it was
  ///   made; nothing else makes it durable (not a flush of the file, not a flush of another
  ///   directory).
  /// - A rename within one directory is one operation: kept whole or lost whole. A rename from
  ///   one directory into another is two: the new name (durable with the destination's flush)
  ///   and the removal of the old (durable with the source's), each kept or lost on its own, so
  ///   a crash can leave both names or neither (a file system without a journal writes the two
  ///   directories' blocks in whatever order it likes).
  /// - A write not yet durable may be lost, kept, or, when it made the file longer, kept in
  ///   size only: the file has its new length and the new bytes read as zeros (the inode
  ///   reached the disk before the data).
  /// - Operations not yet durable are kept or lost in any combination (no order among them is
  ///   promised), and what is kept is applied in the order the program made it.
  case posixMinimum = "POSIX minimum"

  /// Linux ext4 mounted `data=ordered` (its default), stricter than the POSIX minimum:
  ///
  /// - Every change of names and sizes (create, mkdir, link, rename, unlink, rmdir, truncate)
  ///   goes through one journal in the order it was made: what a crash keeps of them is a
  ///   prefix of that order. Any `fsync` or `fdatasync` commits the journal: every such change
  ///   made before it began is durable once it returns, whatever file it flushed.
  /// - A rename is one journal operation: both names change together.
  /// - A file's data is written before the journal records the size that exposes it, so a
  ///   crash never shows a file longer than its data (no zeros); with delayed allocation the
  ///   data reaches the disk in its own time, so what a crash keeps of a file's writes is a
  ///   prefix of them, chosen for each file on its own; the file's own flush makes them
  ///   durable.
  ///
  /// Ext4's extra flushes on replacing renames and truncates (`auto_da_alloc`) are not
  /// modelled: leaving them out keeps more states, never fewer.
  case ext4Ordered = "ext4 data=ordered"

  package var description: String { rawValue }

  /// Whether a rename from one directory into another may keep one of its two names without
  /// the other.
  var splitsRenamesAcrossDirectories: Bool { self == .posixMinimum }

  /// Whether a write that made a file longer may be kept in size only.
  var keepsSizesWithoutData: Bool { self == .posixMinimum }

  /// Whether names and sizes are kept in the order they were made (a journal).
  var journalsMetadataInOrder: Bool { self == .ext4Ordered }
}
