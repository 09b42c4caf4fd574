import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Writing to standard output and standard error.
enum Output {
  /// Prints a line to standard error.
  static func error(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  /// Prints a value as pretty JSON with sorted keys.
  static func json<T: Encodable>(_ value: T) throws(CLIError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      let data = try encoder.encode(value)
      print(String(decoding: data, as: UTF8.self))
    } catch {
      throw CLIError(status: .ioError, message: "cannot encode the output as JSON: \(error)")
    }
  }
}
