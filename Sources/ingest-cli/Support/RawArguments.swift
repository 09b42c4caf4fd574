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

  /// The refusal of an argument that is not valid UTF-8: missing input (66), as a file that
  /// cannot be read.
  static func invalidArgumentError() -> CLIError? {
    guard let (position, quoted) = firstInvalid() else { return nil }
    return .noInput(
      "cannot read \(quoted) (argument \(position)): the name is not valid UTF-8, which"
        + " ingest-cli cannot pass on unchanged; rename it")
  }
}
