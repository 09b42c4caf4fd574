import TestSupport

/// The crash states a model allows at each crash point, and which of them are drawn.
///
/// A crash point `k` is the instant after the first `k` operations returned (0 is before the
/// first, `operations.count` after the last). There the units of those operations that a
/// flush before `k` covers are kept, and the model chooses for the rest: under the POSIX
/// minimum each is lost or kept (a write that made its file longer may also be kept in size
/// only), in any combination; under ext4 `data=ordered` the changes of names and sizes kept
/// are a prefix of those made, and each file keeps a prefix of its writes.
///
/// The states are drawn within bounds: at a crash point that allows at most `perCrashPoint`
/// states, all of them; beyond, a sample of that many (seeded, so a run repeats), which always
/// holds the two extremes (everything kept, nothing kept).
package struct CrashStateSpace: Sendable {
  /// How many states to draw.
  package struct Bounds: Sendable, Hashable {
    /// At most how many states each crash point gives.
    package var perCrashPoint: Int
    /// The sample's seed.
    package var seed: UInt64

    /// Bounds of `perCrashPoint` states a crash point.
    package init(perCrashPoint: Int, seed: UInt64 = 0x00C0_FFEE) {
      self.perCrashPoint = max(2, perCrashPoint)
      self.seed = seed
    }
  }

  /// The states drawn at one crash point.
  package struct Draw: Sendable {
    /// How many states the model allows there.
    package var allowed: Double
    /// Whether every one of them was drawn.
    package var isExhaustive: Bool
    /// One decision per unit issued before the crash point, for each state drawn.
    package var states: [[CrashUnit.Decision]]
  }

  /// The units the model draws from.
  package let units: [CrashUnit]
  /// The model.
  package let model: PersistenceModel

  /// The space of `units` under `model`.
  package init(units: [CrashUnit], model: PersistenceModel) {
    self.units = units
    self.model = model
  }

  /// The states drawn at `crashPoint` within `bounds`.
  package func draw(at crashPoint: Int, within bounds: Bounds) -> Draw {
    let issued = units.prefix { $0.operation < crashPoint }
    let open = issued.filter { unit in (unit.durableAfter.map { $0 >= crashPoint }) ?? true }
    // Each choice is a digit: the decision vector of a state is made from one digit per
    // choice (a unit under the POSIX minimum; a prefix length under ext4).
    let choices: [Choice] =
      model.journalsMetadataInOrder ? prefixChoices(open) : open.map(Choice.unit)
    let radices = choices.map { $0.radix(model) }
    let allowed = radices.reduce(1.0) { $0 * Double($1) }
    var drawn: [[Int]] = []
    if allowed <= Double(bounds.perCrashPoint) {
      var digits = [Int](repeating: 0, count: radices.count)
      repeat { drawn.append(digits) } while Self.increment(&digits, radices)
    } else {
      var seen = Set<[Int]>()
      var generator = SplitMix64(seed: bounds.seed &+ UInt64(crashPoint) &* 0x9E37_79B9)
      // First the two extremes and every state one choice away from them (each open unit
      // alone lost, alone kept), then a random sample.
      let none = radices.map { _ in 0 }
      let all = choices.map { $0.keptDigit }
      var structured = [none, all]
      for position in choices.indices {
        var alone = none
        alone[position] = all[position]
        var allBut = all
        allBut[position] = 0
        structured += [alone, allBut]
      }
      for digits in structured where drawn.count < bounds.perCrashPoint {
        if seen.insert(digits).inserted { drawn.append(digits) }
      }
      var attempts = 0
      while drawn.count < bounds.perCrashPoint && attempts < bounds.perCrashPoint * 4 {
        attempts += 1
        let digits = radices.map { Int(generator.next() % UInt64($0)) }
        if seen.insert(digits).inserted { drawn.append(digits) }
      }
    }
    let states = drawn.map { digits in
      var decisions = issued.map { _ in CrashUnit.Decision.kept }
      for (choice, digit) in zip(choices, digits) {
        choice.decide(digit, model: model, into: &decisions)
      }
      return decisions
    }
    return Draw(
      allowed: allowed, isExhaustive: allowed <= Double(bounds.perCrashPoint), states: states)
  }

  /// Under ext4: one choice for the changes of names and sizes (how many of them are kept, in
  /// order), and one for each file's writes.
  private func prefixChoices(_ open: [CrashUnit]) -> [Choice] {
    var choices = [Choice.prefix(open.filter(\.isMetadata).map(\.index))]
    var writes: [FileSystemImage.FileID: [Int]] = [:]
    for unit in open where !unit.isMetadata {
      if let file = unit.file { writes[file, default: []].append(unit.index) }
    }
    choices += writes.keys.sorted().compactMap { writes[$0].map(Choice.prefix) }
    return choices
  }

  /// Counts `digits` up by one within `radices`; false once it wrapped around.
  private static func increment(_ digits: inout [Int], _ radices: [Int]) -> Bool {
    for position in digits.indices {
      digits[position] += 1
      if digits[position] < radices[position] { return true }
      digits[position] = 0
    }
    return false
  }

  /// One free choice of a state.
  private enum Choice {
    /// A unit on its own: lost, kept, or kept in size only.
    case unit(CrashUnit)
    /// How many of these units (in order) are kept.
    case prefix([Int])

    func radix(_ model: PersistenceModel) -> Int {
      switch self {
      case .unit(let unit): unit.choices(under: model).count
      case .prefix(let indices): indices.count + 1
      }
    }

    /// The digit that keeps everything this choice covers.
    var keptDigit: Int {
      switch self {
      case .unit: 1
      case .prefix(let indices): indices.count
      }
    }

    func decide(_ digit: Int, model: PersistenceModel, into decisions: inout [CrashUnit.Decision]) {
      switch self {
      case .unit(let unit): decisions[unit.index] = unit.choices(under: model)[digit]
      case .prefix(let indices):
        for (position, index) in indices.enumerated() {
          decisions[index] = position < digit ? .kept : .lost
        }
      }
    }
  }
}
