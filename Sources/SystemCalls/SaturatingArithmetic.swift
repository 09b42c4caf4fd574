/// Arithmetic on numbers read from files others write (byte counts, attempt counts, limits),
/// which must never trap: Swift's `+`, `-` and `*` stop the process on overflow, and a number a
/// file holds can be anything its reader's range check let through.
extension FixedWidthInteger {
  /// `self + other`, or the type's bound in the direction it overflowed.
  public func saturatingAdding(_ other: Self) -> Self {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }

  /// `self - other`, or the type's bound in the direction it overflowed.
  public func saturatingSubtracting(_ other: Self) -> Self {
    let (difference, overflow) = subtractingReportingOverflow(other)
    guard overflow else { return difference }
    return other > 0 ? .min : .max
  }

  /// `self * other`, or the type's bound in the direction it overflowed.
  public func saturatingMultiplying(_ other: Self) -> Self {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    guard overflow else { return product }
    return (self < 0) == (other < 0) ? .max : .min
  }
}

extension Sequence where Element: FixedWidthInteger {
  /// The sum of the elements, held at the type's bound instead of trapping past it.
  public func saturatingSum() -> Element {
    reduce(0) { $0.saturatingAdding($1) }
  }
}
