import ActivationRules
import Foundation
import InboxReading
import Ingest
import ItemProvider
import SystemCalls

/// Runs a type matrix's rows end to end through the real pipeline: the app's activation rule,
/// its input contract, the loader into a throwaway group directory, the inbox, and an import
/// into a throwaway library; then compares each row with what it expects, field by field.
///
/// ```swift
/// let matrix = try TypeMatrixFile(contentsOf: matrixURL)
/// let runner = MatrixRunner(rule: try ActivationRule(contentsOf: infoPlist), matrix: matrix,
///                           matrixDirectory: matrixURL.deletingLastPathComponent())
/// for result in await runner.run() { #expect(result.passed, "\(result.differences)") }
/// ```
public struct MatrixRunner: Sendable {
  /// The app's activation rule; rows' `activation` is not checked without one.
  public var rule: ActivationRule?
  /// How a dictionary rule's open keys are read.
  public var semantics: ActivationRule.Semantics
  /// The app's input contract.
  public var contract: InputContract
  /// The matrix's rows.
  public var rows: [MatrixRow]
  /// Where inline rows' content files are.
  public var contentDirectory: URL
  /// Where shipped profiles' sample files are (the repository's `corpus/`); rows naming a
  /// profile that shares sample files fail without it.
  public var corpus: URL?
  /// Where committed shares are imported (by default the main app's importer, into a throwaway
  /// SQLite library per row).
  public var library: any MatrixLibrary
  /// How many rows run at once.
  public var maximumConcurrentRows: Int
  /// The inbox each row's share commits to, for the row's group directory (a database's,
  /// say); nil for the row's own directory inbox. Pair it with a `library` that imports from
  /// the same inbox (`LibraryRecords(inbox:library:)`).
  public var inbox: (@Sendable (GroupDirectory) throws -> any InboxStore)?
  /// The share deadline of a row that sets none (a row's own `deadline` always wins). A test
  /// suite that runs its matrix beside hundreds of other tests on a small CI machine may want
  /// more than the product's 30 seconds, so that a busy machine is not read as a stuck load.
  public var defaultDeadline: Duration = .seconds(30)
  /// Contradictions between the rule and the contract the team has accepted, by the reason the
  /// contract turns a shown share down (`fileTooLarge`...; ``sizeLimitReasons`` for a size
  /// limit, which no activation rule can express): a row showing one reports it under
  /// ``RowResult/acknowledgedContradictions`` instead of ``RowResult/contradictions``. `hidden`
  /// acknowledges shares the contract would take but the rule hides.
  public var acknowledgedReasons: Set<String> = []

  /// The reasons a contract turns a share down for its size: limits an activation rule has no
  /// way to say, so a rule that shows the extension for a file the contract then finds too
  /// large is a contradiction a team can only acknowledge (`ingest-cli matrix run
  /// --acknowledge size-limit`).
  public static let sizeLimitReasons: Set<String> = ["fileTooLarge", "shareTooLarge"]

  /// The reasons ``acknowledgedReasons`` may hold: the contract's rejection codes and `hidden`.
  public static let acknowledgeableReasons: Set<String> = [
    "unsupportedType", "tooManyAttachments", "fileTooLarge", "shareTooLarge", "emptyFile",
    "textTooLong", "notText", "urlSchemeNotAccepted", "malformedURL", "noAttachments", "hidden",
  ]

  /// A runner for `matrix`, whose file is in `matrixDirectory`.
  ///
  /// - Parameters:
  ///   - rule: The app's activation rule; rows' `activation` is not checked without one.
  ///   - matrix: The matrix to run.
  ///   - matrixDirectory: The directory holding the matrix file: a relative
  ///     `contentDirectory` is read from there, and without one the content files are there.
  ///   - contract: The app's contract, overriding the matrix's own.
  ///   - corpus: Where shipped profiles' sample files are: by default this package's own
  ///     `corpus/` (`ShareSamples.corpus`, found beside the package's sources, so a
  ///     team's package that depends on this one runs shipped profile rows as written).
  ///   - library: Where committed shares are imported (by default a throwaway SQLite library
  ///     per row).
  ///   - semantics: How a dictionary rule's open keys are read.
  ///   - maximumConcurrentRows: How many rows run at once.
  public init(
    rule: ActivationRule?, matrix: TypeMatrixFile, matrixDirectory: URL,
    contract: InputContract? = nil, corpus: URL? = ShareSamples.corpus,
    library: any MatrixLibrary = LibraryRecords(), semantics: ActivationRule.Semantics = .default,
    maximumConcurrentRows: Int = 4
  ) {
    self.rule = rule
    self.semantics = semantics
    self.contract = contract ?? matrix.contract ?? .default
    self.rows = matrix.rows
    self.contentDirectory =
      matrix.contentDirectory.map {
        $0.hasPrefix("/")
          ? URL(fileURLWithPath: $0) : matrixDirectory.appendingPathComponent($0)
      } ?? matrixDirectory
    self.corpus = corpus
    self.library = library
    self.maximumConcurrentRows = max(1, maximumConcurrentRows)
  }

  /// Runs every row, at most `maximumConcurrentRows` at once; results in row order.
  public func run() async -> [RowResult] {
    await withTaskGroup(of: (Int, RowResult).self) { group in
      var results = [RowResult?](repeating: nil, count: rows.count)
      var next = 0
      while next < min(rows.count, maximumConcurrentRows) {
        let index = next
        group.addTask { (index, await run(rows[index])) }
        next += 1
      }
      while let (index, result) = await group.next() {
        results[index] = result
        if next < rows.count {
          let index = next
          group.addTask { (index, await run(rows[index])) }
          next += 1
        }
      }
      return results.compactMap { $0 }
    }
  }

  /// Runs one row in its own throwaway group directory, on the I/O executor (its files,
  /// group directory and library are made and removed by blocking calls).
  public func run(_ row: MatrixRow) async -> RowResult {
    await withTaskExecutorPreference(IOExecutor.shared) { await runOnExecutor(row) }
  }

  private func runOnExecutor(_ row: MatrixRow) async -> RowResult {
    let clock = ContinuousClock()
    let started = clock.now
    let work: String
    do {
      work = try FileSystem.makeTemporaryDirectory(
        in: FileManager.default.temporaryDirectory.path, prefix: "type-matrix")
    } catch {
      return failedRow(row, "\(error)", duration: clock.now - started)
    }
    defer { try? FileSystem.removeTree(work) }
    do {
      let workURL = URL(fileURLWithPath: work)
      let items = try extensionItems(for: row, work: workURL)
      var actual = RowResult.Actual(taken: [], outcome: .failed, records: [])
      if let rule {
        let decision = rule.evaluate(
          await ActivationInput(extensionItems: items), semantics: semantics)
        actual.activation = decision.isShown ? .shown : .hidden
        actual.activationReason = decision.reason
      }
      let group = try GroupDirectory(path: work + "/group")
      let options = SharePipeline.Options(
        deadline: row.deadline.map { .milliseconds(Int64($0 * 1000)) } ?? defaultDeadline,
        keepsPartialShares: row.keepPartial)
      let pipeline = SharePipeline(
        group: group, inbox: try inbox?(group), contract: contract, options: options)
      let outcome = await pipeline.share(items, source: row.source.appName)
      actual.taken = outcome.attachments.compactMap { attachment in
        attachment.choice.map {
          MatrixExpectation.Taken(
            attachment: "\(attachment.position.item).\(attachment.position.attachment)",
            type: $0.typeIdentifier, readAs: $0.delivery.rawValue)
        }
      }
      (actual.outcome, actual.reason) = Self.classify(outcome)
      actual.message = outcome.error.map { "\($0)" }
      if outcome.isCommitted {
        actual.records = try await library.importShare(
          outcome.shareID, from: group, contract: contract)
      }
      let contradictions = Self.contradictions(actual)
      let acknowledged = Self.isAcknowledged(actual, acknowledgedReasons)
      return RowResult(
        name: row.name, actual: actual, differences: Self.compare(row.expect, actual),
        contradictions: acknowledged ? [] : contradictions, error: nil,
        duration: clock.now - started,
        acknowledgedContradictions: acknowledged ? contradictions : [])
    } catch {
      return failedRow(row, "\(error)", duration: clock.now - started)
    }
  }

  private func failedRow(_ row: MatrixRow, _ error: String, duration: Duration) -> RowResult {
    RowResult(
      name: row.name,
      actual: RowResult.Actual(taken: [], outcome: .failed, records: []), differences: [],
      contradictions: [], error: error, duration: duration)
  }

  /// The row's extension items: the profile or inline items over their files, with scripted
  /// attachments replaced by misbehaving sources.
  func extensionItems(for row: MatrixRow, work: URL) throws -> [NSExtensionItem] {
    var profile: SourceProfile
    let content: URL
    switch row.source {
    case .profile(let name):
      guard let shipped = try SourceProfile.shipped(named: name) else {
        throw MatrixFileError(
          path: "", rowName: row.name, field: "source",
          problem: "no shipped profile named \(name); shipped: "
            + SourceProfile.shippedNameList)
      }
      profile = shipped
      content = corpus ?? work
    case .inline(let app, let items):
      profile = SourceProfile(
        schemaVersion: 1, name: "inline", title: row.name, app: app ?? "inline",
        provenance: "the matrix row \(row.name)", items: items)
      content = contentDirectory
    }
    if let results = row.javaScriptResults {
      do {
        try profile.replaceJavaScriptResults(
          with: results.resolve(contentDirectory: contentDirectory))
      } catch {
        throw MatrixFileError(
          path: "", rowName: row.name, field: "javaScriptResults", problem: "\(error)")
      }
    }
    let items = try profile.makeExtensionItems(corpus: content, workDirectory: work)
    for failure in row.script {
      guard let position = failure.position, position.item <= items.count,
        position.item <= profile.items.count,
        position.attachment <= profile.items[position.item - 1].attachments.count
      else {
        throw MatrixFileError(
          path: "", rowName: row.name, field: "script",
          problem: "the source has no attachment \(failure.attachment)")
      }
      let attachment = profile.items[position.item - 1].attachments[position.attachment - 1]
      var providers = items[position.item - 1].attachments ?? []
      providers[position.attachment - 1] = try ScriptedAttachment.provider(
        attachment, failure: failure, content: content, workDirectory: work)
      items[position.item - 1].attachments = providers
    }
    return items
  }

  /// The outcome and the reason's name.
  static func classify(_ outcome: ShareOutcome) -> (MatrixExpectation.Outcome, String?) {
    guard let error = outcome.error else {
      let partial = outcome.attachments.contains {
        if case .failed = $0.result { return true }
        return false
      }
      return (.accepted, partial ? "partial" : nil)
    }
    switch error {
    case .rejected(let rejection): return (.rejected, rejection.violation.code)
    case .hidden: return (.rejected, "hidden")
    case .attachmentFailed: return (.failed, "loadFailed")
    case .deadlineExceeded: return (.failed, "deadline")
    case .groupUnavailable, .commitFailed: return (.failed, "commitFailed")
    }
  }
}
