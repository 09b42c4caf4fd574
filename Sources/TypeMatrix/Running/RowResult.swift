import Foundation

/// What a row did, beside what it expected.
public struct RowResult: Sendable {
  /// A field whose actual value differs from the expected one.
  public struct Difference: Sendable, Hashable, CustomStringConvertible {
    /// The field, such as `outcome` or `records[0].byteCount`.
    public var field: String
    /// The expected value, as text.
    public var expected: String
    /// The actual value, as text.
    public var actual: String

    /// `outcome: expected accepted, got rejected`.
    public var description: String { "\(field): expected \(expected), got \(actual)" }
  }

  /// What actually happened.
  public struct Actual: Sendable, Hashable {
    /// The rule's verdict, when the matrix has a rule.
    public var activation: MatrixExpectation.Activation?
    /// The rule's reason.
    public var activationReason: String?
    /// The representations taken.
    public var taken: [MatrixExpectation.Taken]
    /// What became of the share.
    public var outcome: MatrixExpectation.Outcome
    /// Why, for a share that was not accepted (or accepted in part).
    public var reason: String?
    /// The full message for the person sharing, when not accepted.
    public var message: String?
    /// What the library holds.
    public var records: [MatrixExpectation.Record]
  }

  /// The row's name.
  public var name: String
  /// What happened.
  public var actual: Actual
  /// Where it differs from the expectation; empty when the row passes.
  public var differences: [Difference]
  /// Contradictions between the app's rule and its contract this row shows, whether or not
  /// the row expected them.
  public var contradictions: [String]
  /// An error that kept the row from running (a missing content file, say).
  public var error: String?
  /// How long the row took.
  public var duration: Duration
  /// Contradictions this row shows that the runner was told the team accepts
  /// (``MatrixRunner/acknowledgedReasons``): reported apart, not as ``contradictions``.
  public var acknowledgedContradictions: [String] = []

  /// Whether the row did what it expected.
  public var passed: Bool { differences.isEmpty && error == nil }
}
