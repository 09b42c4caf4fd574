/// Suggestions for a type identifier the registry does not know: the declared one a person most
/// likely meant (`public.imge` → `public.image`).
extension UTTypeRegistry {
  /// The declared identifier nearest to `identifier` (fewest single-letter edits, ignoring
  /// case), when one is near enough to be a misspelling: at most two edits, or a fifth of the
  /// identifier's length for long ones; nil when `identifier` is declared or nothing is near.
  public func suggestion(for identifier: String) -> String? {
    guard type(withIdentifier: identifier)?.isDeclared != true else { return nil }
    let allowed = max(2, identifier.count / 5)
    var best: (identifier: String, distance: Int)?
    for type in declaredTypes where abs(type.identifier.count - identifier.count) <= allowed {
      let distance = EditDistance.between(type.identifier, identifier)
      if distance <= allowed, distance < (best?.distance ?? .max) {
        best = (type.identifier, distance)
      }
    }
    return best?.identifier
  }
}

/// The number of single-character insertions, deletions and substitutions between two strings,
/// ignoring case: how near a misspelling is to what was meant.
package enum EditDistance {
  /// The edit distance between `first` and `second`.
  package static func between(_ first: String, _ second: String) -> Int {
    let a = Array(first.lowercased())
    let b = Array(second.lowercased())
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
