/// An option declared with the kind of value a command reads from it.
///
/// A declaration is read only through an ``OptionReader``, inside a command's
/// ``ParsableOptions`` initializer, and that one call also declares it: the same code lists the
/// option for the parser, `--help`, the man page and the completions, and hands the command its
/// value. There is no way to ask for an option by name.
protocol OptionDeclaration: Sendable {
  /// What the command reads: `Bool` for a flag, `String?` for an option given at most once.
  associatedtype Value

  /// The option's names, value placeholder, help and completion.
  var spec: OptionSpec { get set }

  /// The value, from the option's occurrences in command-line order (none while declaring).
  func value(_ occurrences: [Arguments.Occurrence]) -> Value
}

extension OptionDeclaration {
  /// The same option, kept out of usage lines (help still lists it).
  func hiddenFromUsage() -> Self {
    var declaration = self
    declaration.spec.isHiddenFromUsage = true
    return declaration
  }

  /// The same option, which does the program's own work (`--generate-man`): a command line
  /// with it is not checked for a command, required options or operands.
  func skippingValidation() -> Self {
    var declaration = self
    declaration.spec.skipsValidation = true
    return declaration
  }
}

/// A flag (`--json`): whether it was given.
struct Flag: OptionDeclaration {
  var spec: OptionSpec

  /// A flag called `names`, the primary (long) one first.
  init(_ names: String..., help: String) {
    spec = OptionSpec(names: names, value: nil, help: help)
  }

  func value(_ occurrences: [Arguments.Occurrence]) -> Bool { !occurrences.isEmpty }
}

/// An option with a value, given at most once (`--text TEXT`, `--jobs N`): its value, parsed
/// as `Value` by the parser, or nil when it is not given.
///
/// The declaration is the one place the option's type, range and help are written: the parser
/// refuses a value that is not a `Value` within `range` (a usage error that echoes it quoted),
/// and help shows the range's bounds in the error only, as the help text says them.
struct Option<Value: ExpressibleByArgument>: OptionDeclaration {
  var spec: OptionSpec

  /// An option called `names`, the primary (long) one first, whose value `value` names
  /// (`N`), of type `Value` within `range` (any value of the type when nil).
  init(
    _ names: String..., value: String, help: String, range: ArgumentRange<Value>? = nil,
    completion: Completion = .none
  ) {
    spec = OptionSpec(
      names: names, value: value, help: help, completion: completion,
      parse: OptionSpec.parser(Value.self, range: range))
  }

  /// An option of numbers (or seconds) from `range`'s lower to its upper bound.
  init(
    _ names: String..., value: String, help: String, range: ClosedRange<Value>,
    completion: Completion = .none
  ) where Value: Comparable {
    spec = OptionSpec(
      names: names, value: value, help: help, completion: completion,
      parse: OptionSpec.parser(Value.self, range: ArgumentRange(range)))
  }

  /// The value given, parsed; nil when the option is not given (or, for arguments the parser
  /// has not checked, not a `Value`).
  func value(_ occurrences: [Arguments.Occurrence]) -> Value? {
    occurrences.first?.value.flatMap(Value.init(argument:))
  }
}

extension Option where Value: ArgumentChoice {
  /// An option taking one of `Value`'s words, which a shell completes.
  init(_ names: String..., value: String, help: String) {
    spec = OptionSpec(
      names: names, value: value, help: help,
      completion: .values(Value.allCases.map(\.rawValue)),
      parse: OptionSpec.parser(Value.self, range: nil))
  }
}

extension Option where Value == String {
  /// An option whose value is text, taken as it is.
  init(_ names: String..., value: String, help: String, completion: Completion = .none) {
    spec = OptionSpec(names: names, value: value, help: help, completion: completion)
  }
}

/// An option with a value and a default (`--port N`, default 8787): its value, parsed as
/// `Value`, or the default. Help shows the default, from the declaration, after the help text:
/// `(default: 8787)`.
struct DefaultedOption<Value: ExpressibleByArgument>: OptionDeclaration {
  var spec: OptionSpec
  /// The value when the option is not given.
  let defaultValue: Value

  /// An option called `names` of type `Value` within `range`, `defaultValue` when not given.
  init(
    _ names: String..., value: String, default defaultValue: Value, help: String,
    range: ArgumentRange<Value>? = nil, completion: Completion = .none
  ) {
    self.defaultValue = defaultValue
    spec = OptionSpec(
      names: names, value: value, help: help + " (default: \(defaultValue.argumentText))",
      completion: completion, parse: OptionSpec.parser(Value.self, range: range))
  }

  /// An option of numbers (or seconds) from `range`'s lower to its upper bound.
  init(
    _ names: String..., value: String, default defaultValue: Value, help: String,
    range: ClosedRange<Value>, completion: Completion = .none
  ) where Value: Comparable {
    precondition(range.contains(defaultValue), "\(names[0])'s default is outside its range")
    self.defaultValue = defaultValue
    spec = OptionSpec(
      names: names, value: value, help: help + " (default: \(defaultValue.argumentText))",
      completion: completion, parse: OptionSpec.parser(Value.self, range: ArgumentRange(range)))
  }

  /// The value given, parsed, or the default.
  func value(_ occurrences: [Arguments.Occurrence]) -> Value {
    occurrences.first?.value.flatMap(Value.init(argument:)) ?? defaultValue
  }
}

/// An option the command cannot run without (`--team TEAMID`): its value.
///
/// The parser refuses a command line without it, so a command never runs without the value;
/// while options are only being declared it reads as the empty string.
struct RequiredOption: OptionDeclaration {
  var spec: OptionSpec

  /// A required option called `names`, the primary (long) one first.
  init(_ names: String..., value: String, help: String, completion: Completion = .none) {
    spec = OptionSpec(
      names: names, value: value, help: help, isRequired: true, completion: completion)
  }

  func value(_ occurrences: [Arguments.Occurrence]) -> String { occurrences.first?.value ?? "" }
}

/// An option that may be given more than once (`--declarations PLIST`): every value, in order.
struct RepeatedOption: OptionDeclaration {
  var spec: OptionSpec

  /// A repeatable option called `names`, the primary (long) one first.
  init(_ names: String..., value: String, help: String, completion: Completion = .none) {
    spec = OptionSpec(
      names: names, value: value, help: help, isRepeatable: true, completion: completion)
  }

  func value(_ occurrences: [Arguments.Occurrence]) -> [String] {
    occurrences.compactMap(\.value)
  }
}

/// A repeatable option whose values keep their places among the operands and other options
/// (`uti --ext heic public.jpeg --mime image/png` answers in that order).
struct PositionedOption: OptionDeclaration {
  var spec: OptionSpec

  /// A repeatable option called `names`, the primary (long) one first.
  init(_ names: String..., value: String, help: String, completion: Completion = .none) {
    spec = OptionSpec(
      names: names, value: value, help: help, isRepeatable: true, completion: completion)
  }

  func value(_ occurrences: [Arguments.Occurrence]) -> [Arguments.Occurrence] { occurrences }
}
