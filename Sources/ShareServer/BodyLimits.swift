import Ingest

/// The largest bodies `POST /share` takes: a file as the body, and a Web Share Target form.
///
/// One set of limits: unless `--max-body` says less, they are what the contract can take, so
/// that a body it would refuse is refused at its head (413, before a byte is read and with no
/// `100 Continue`) rather than received whole, minutes of a phone's upload, and refused then.
struct BodyLimits: Sendable {
  /// The largest file as the body: the contract's largest file (and share).
  var file: Int64
  /// The largest form: the contract's largest share (its files together, each at most its
  /// largest file) and the form's overhead.
  var form: Int64
  /// Whether `--max-body` (rather than the contract) set a limit.
  var isSetByOption: Bool

  /// The limits of `contract`, lowered to `maximumBodySize` when that is given and smaller.
  init(contract: InputContract, maximumBodySize: Int64?) {
    let largestFile = max(0, min(contract.maximumFileSize, contract.maximumShareSize))
    let (files, overflow) = largestFile.multipliedReportingOverflow(
      by: Int64(max(1, contract.maximumAttachmentCount)))
    let largestForm = min(overflow ? .max : files, contract.maximumShareSize)
    let form =
      largestForm > Int64.max - ShareServer.formOverhead
      ? Int64.max : largestForm + ShareServer.formOverhead
    file = min(largestFile, maximumBodySize ?? .max)
    self.form = min(form, maximumBodySize ?? .max)
    isSetByOption = maximumBodySize.map { $0 < largestFile || $0 < form } ?? false
  }

  /// The 413 for a body of `length` bytes over `limit`: both sizes in one unit.
  func refusal(length: Int64, limit: Int64, isForm: Bool) -> HTTPResponse {
    let source =
      isSetByOption
      ? "--max-body"
      : isForm ? "the contract's largest share and the form" : "the contract's largest file"
    let (shown, most) = ByteCount.inOneUnit(length, limit)
    return .error(413, "the body holds \(shown); this server takes at most \(most) (\(source))")
  }
}
