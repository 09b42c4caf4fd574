/// The built-in `NSExpression` functions a format string can call, by selector.
///
/// Called as `name(arguments)` for one argument (`sum({1, 2})`, `lowercase(name)`) or by the
/// full selector for several (`modulus:by:(7, 2)`), as Apple's parser reads them. Functions
/// whose result is not a pure function of their arguments (`now()`, `random()`) and
/// `FUNCTION(receiver, 'selector', …)` method calls are not supported.
enum PredicateFunction: String, CaseIterable, Sendable {
  case sum = "sum:"
  case count = "count:"
  case min = "min:"
  case max = "max:"
  case average = "average:"
  case median = "median:"
  case mode = "mode:"
  case stddev = "stddev:"
  case sqrt = "sqrt:"
  case log = "log:"
  case ln = "ln:"
  case exp = "exp:"
  case ceiling = "ceiling:"
  case floor = "floor:"
  case abs = "abs:"
  case trunc = "trunc:"
  case uppercase = "uppercase:"
  case lowercase = "lowercase:"
  case noindex = "noindex:"
  case onesComplement = "onesComplement:"
  case add = "add:to:"
  case subtract = "from:subtract:"
  case multiply = "multiply:by:"
  case divide = "divide:by:"
  case modulus = "modulus:by:"
  case raise = "raise:toPower:"
  case bitwiseAnd = "bitwiseAnd:with:"
  case bitwiseOr = "bitwiseOr:with:"
  case bitwiseXor = "bitwiseXor:with:"
  case leftShift = "leftshift:by:"
  case rightShift = "rightshift:by:"

  /// Functions Apple has that this evaluator refuses, with the reason.
  static let unsupported: [String: String] = [
    "now": "now() depends on the clock, so a rule using it has no fixed answer",
    "random": "random() has no fixed answer",
    "random:": "random:() has no fixed answer",
    "distanceToLocation:fromLocation:": "locations are never part of a share",
    "castObject:toType:": "write CAST(value, 'NSString') instead",
  ]

  /// How many arguments the function takes: one per colon in its selector.
  var arity: Int { rawValue.filter { $0 == ":" }.count }

  /// How it is written in a format string.
  var spelling: String { arity == 1 ? String(rawValue.dropLast()) : rawValue }

  /// Looks a function up by the name written before its parenthesis (`sum` or `sum:`).
  init?(name: String) {
    let selector = name.hasSuffix(":") ? name : name + ":"
    self.init(rawValue: selector)
  }
}
