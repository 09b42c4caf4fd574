import SystemCalls

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The arguments as the kernel passed them, before Swift makes strings of them.
///
/// Swift repairs an argument that is not valid UTF-8 (a file name such as `bad\xFF.jpg`) into
/// U+FFFD, so the file it names could never be opened and a message would name another file.
/// Such an argument is refused up front, named as `ls` would print it.
enum RawArguments {
  /// The first argument (counting from 1) that is not valid UTF-8, quoted, if any.
  static func firstInvalid() -> (position: Int, quoted: String)? {
    for position in 1..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[position] else { continue }
      let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map {
        UInt8(bitPattern: $0)
      }
      if String(validating: bytes, as: UTF8.self) == nil {
        return (position, TerminalText.quoted(bytes: bytes))
      }
    }
    return nil
  }

  /// The refusal of an argument that is not valid UTF-8: a file that cannot be named (66,
  /// missing input), or, after an option that takes text (`--text`, `--accept`, not a path),
  /// a value that is not text (64, usage).
  static func invalidArgumentError() -> CLIError? {
    guard let (position, quoted) = firstInvalid() else { return nil }
    if position > 1, let previous = CommandLine.arguments.dropFirst(position - 1).first,
      previous.hasPrefix("--"), takesValue(previous)
    {
      return .usage(
        "the value of \(previous) (argument \(position)), \(quoted), is not valid UTF-8; give"
          + " it as UTF-8 text")
    }
    return .noInput(
      "cannot read \(quoted) (argument \(position)): the name is not valid UTF-8, which"
        + " ingest-cli cannot pass on unchanged; rename it")
  }

  /// Whether some command's option named `name` takes a value that is text, not a path (its
  /// completion is not files or directories).
  static func takesValue(_ name: String) -> Bool {
    func search(_ command: CommandSpec) -> Bool {
      command.options.contains { option in
        guard option.value != nil, option.names.contains(name) else { return false }
        switch option.completion {
        case .file, .directory: return false
        default: return true
        }
      } || command.subcommands.contains(where: search)
    }
    return search(IngestCLI.root)
  }
}
