import Synchronization

/// The byte limits of one share, charged as its files are copied (possibly at once): a file
/// stops as soon as it passes the per-file limit, and every file stops once together they pass
/// the per-share limit.
final class ShareBudget: Sendable {
  let maximumFileSize: Int64
  let maximumShareSize: Int64
  private let used = Atomic<Int64>(0)

  init(contract: InputContract) {
    maximumFileSize = contract.maximumFileSize
    maximumShareSize = contract.maximumShareSize
  }

  /// A budget of one file of at most `maximumFileSize` bytes.
  init(maximumFileSize: Int64) {
    self.maximumFileSize = maximumFileSize
    maximumShareSize = .max
  }

  /// Charges `count` more bytes of a file that now holds `fileTotal`.
  ///
  /// - Throws: `ContractViolation.fileTooLarge` or `.shareTooLarge`.
  func charge(_ count: Int, fileTotal: Int64) throws(ContractViolation) {
    guard fileTotal <= maximumFileSize else {
      throw .fileTooLarge(byteCount: fileTotal, maximum: maximumFileSize)
    }
    let total = used.add(Int64(count), ordering: .relaxed).newValue
    guard total <= maximumShareSize else {
      throw .shareTooLarge(byteCount: total, maximum: maximumShareSize)
    }
  }

  /// The bytes charged so far.
  var total: Int64 { used.load(ordering: .relaxed) }
}
