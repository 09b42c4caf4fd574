extension IOError: Equatable {
  /// Whether two errors say the same thing: the same code, operation, path and file kind, and
  /// equal causes (the same `errno`; for other causes, equal values of one type when the type is
  /// `Equatable`, else the same type and description).
  ///
  /// Lets the input errors that carry an `IOError` (a rule file's, a declaration file's) stay
  /// `Equatable`, so tests can name the exact error they expect.
  public static func == (lhs: IOError, rhs: IOError) -> Bool {
    guard lhs.code == rhs.code, lhs.operation == rhs.operation, lhs.path == rhs.path,
      lhs.fileKind == rhs.fileKind
    else { return false }
    switch (lhs.cause, rhs.cause) {
    case (nil, nil): return true
    case (let left?, let right?): return Self.cause(left, equals: right)
    default: return false
    }
  }

  private static func cause(_ left: any Error, equals right: any Error) -> Bool {
    // Asked of the dynamic type: on Linux every error bridges to NSError, which is Equatable,
    // so a cast of the value would always succeed.
    guard let type = type(of: left as Any) as? any Equatable.Type else {
      return type(of: left as Any) == type(of: right as Any) && "\(left)" == "\(right)"
    }
    return equal(left, right, as: type)
  }

  private static func equal<T: Equatable>(_ left: Any, _ right: Any, as _: T.Type) -> Bool {
    guard let left = left as? T, let right = right as? T else { return false }
    return left == right
  }
}
