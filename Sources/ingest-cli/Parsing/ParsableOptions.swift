/// A command's options, declared and read by the same code, as swift-argument-parser's
/// property wrappers declare and hold them.
///
/// The initializer reads each option once, unconditionally, through the reader it is given:
///
/// ```swift
/// struct Options: ParsableOptions {
///   var text: String?
///   var jobs: Int
///   init(from reader: inout OptionReader) {
///     text = reader.read(Option("--text", value: "TEXT", help: "share a text"))
///     jobs = reader.read(
///       DefaultedOption("--jobs", value: "N", default: 4, help: "rows at once", range: 1...256))
///   }
/// }
/// ```
///
/// A value is typed where it is declared (``ExpressibleByArgument``: whole numbers, ``Seconds``,
/// ``DurationArgument``, an ``ArgumentChoice`` enumeration): the parser refuses a value that is
/// not one, or is outside the declared range, before any command runs, and help shows a
/// ``DefaultedOption``'s default. Options of which at most one may be given are read inside
/// ``OptionReader/exclusive(_:)`` (or named by their declarations in
/// ``OptionReader/excludeEachOther(_:)``), never listed by name.
///
/// Run with a reader that only declares, it lists the options: the command's `CommandSpec`
/// takes them from there, and with them the parser, `--help`, the man page and the
/// completions. Run by `Arguments.read(_:)`, it gives the command their values. An option a
/// command reads is therefore one it declares, and each option it declares it reads.
protocol ParsableOptions: Sendable {
  /// Reads (and so declares) each option, in the order `--help` lists them.
  init(from reader: inout OptionReader)
}

/// The options of a command that takes none of its own (its ancestors' still apply).
struct NoOptions: ParsableOptions {
  init(from reader: inout OptionReader) {}
}

/// What a ``ParsableOptions`` initializer reads its options through: declaring them, or
/// reading their values from a parsed command line.
struct OptionReader {
  /// The parsed command line; nil while the options are only being declared.
  private let arguments: Arguments?
  /// Every option read so far, in order.
  private(set) var declarations: [OptionSpec] = []
  /// The groups of options read through ``exclusive(_:)``, each by primary names.
  private(set) var exclusiveGroups: [[String]] = []

  private init(arguments: Arguments?) {
    self.arguments = arguments
  }

  /// The options `type` declares, in order, and the groups of them of which at most one may
  /// be given.
  static func declarations(of type: any ParsableOptions.Type)
    -> (options: [OptionSpec], exclusiveGroups: [[String]])
  {
    var reader = OptionReader(arguments: nil)
    _ = type.init(from: &reader)
    return (reader.declarations, reader.exclusiveGroups)
  }

  /// `type` with its values from `arguments`, and the options its initializer read, in order
  /// (for `Arguments.read(_:)` to check against the declarations).
  static func read<Options: ParsableOptions>(_ type: Options.Type, from arguments: Arguments)
    -> (options: Options, read: [OptionSpec])
  {
    var reader = OptionReader(arguments: arguments)
    let options = Options(from: &reader)
    return (options, reader.declarations)
  }

  /// Declares `declaration` and reads its value: nothing given while declaring.
  mutating func read<Declaration: OptionDeclaration>(_ declaration: Declaration)
    -> Declaration.Value
  {
    declarations.append(declaration.spec)
    return declaration.value(arguments?.occurrences(of: declaration.spec) ?? [])
  }

  /// Declares and reads the options `body` reads as options of which at most one may be given
  /// (`--group ID` or `--group-dir DIR`): the parser refuses two of them, and usage lines show
  /// them as `[--group ID | --group-dir DIR]`.
  mutating func exclusive<Value>(_ body: (inout OptionReader) -> Value) -> Value {
    let first = declarations.count
    let value = body(&self)
    exclusiveGroups.append(declarations[first...].map(\.name))
    return value
  }

  /// Makes `declarations`, each already read, options of which at most one may be given, for
  /// groups that overlap (`--source` or `--attachment`; `--javascript-results` or
  /// `--attachment`).
  mutating func excludeEachOther(_ declarations: any OptionDeclaration...) {
    exclusiveGroups.append(declarations.map(\.spec.name))
  }

  /// Declares and reads a group of options several commands share (`--group`, `--group-dir`),
  /// as swift-argument-parser's `@OptionGroup` does.
  mutating func read<Group: ParsableOptions>(_ group: Group.Type) -> Group {
    Group(from: &self)
  }
}
