/// One typed field: a three-letter key such as `TYP`, `PAT`, `DAT`, `MOD`, and its value.
public struct AppleArchiveField: Sendable, Equatable {
  /// The three-letter key.
  public var key: String
  /// The value.
  public var value: AppleArchiveFieldValue
}
