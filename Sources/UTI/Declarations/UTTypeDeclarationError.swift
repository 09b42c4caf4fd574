import SystemCalls

/// Why a set of type declarations could not be read or registered.
///
/// Every case names where the problem is: the file, and the key path inside it, such as
/// `UTExportedTypeDeclarations[2].UTTypeIdentifier`.
public enum UTTypeDeclarationError: Error, Sendable, Equatable, NameQuotingDescription {
  /// The property list file could not be read: missing, not a regular file, too large, or a
  /// failed read. The `IOError` names the operation and the path as given.
  case unreadableFile(IOError)
  /// The data is not a property list, or its top level is not a dictionary; `reason` is the
  /// parser's message.
  case malformedPropertyList(source: String, reason: String)
  /// A value has the wrong type.
  case wrongValueType(keyPath: String, expected: String)
  /// A declaration has no `UTTypeIdentifier`.
  case missingIdentifier(keyPath: String)
  /// An identifier is not a reverse-DNS string of letters, digits, hyphens and periods.
  case malformedIdentifier(String, keyPath: String)
  /// Declarations conform to each other in a loop.
  case conformanceCycle([String], keyPath: String)
  /// An application tried to export a type the system already declares.
  case systemTypeRedeclared(String, keyPath: String)
  /// The registry would hold more application declarations than
  /// `UTTypeRegistry.maximumApplicationDeclarations`.
  case tooManyDeclarations(Int, limit: Int)

  /// The description for a terminal: each name quoted (`NameQuoting.terminal`).
  public var description: String { description(quoting: .terminal) }

  /// The failed file operation, when the declarations' file could not be read.
  public var ioError: IOError? {
    if case .unreadableFile(let error) = self { return error }
    return nil
  }

  /// The message, saying what is wrong, where, and how to fix it, each name written by
  /// `quoting`.
  public func description(quoting: NameQuoting) -> String {
    switch self {
    case .unreadableFile(let error):
      "cannot read type declarations: \(error.description(quoting: quoting))"
    case .malformedPropertyList(let source, let reason):
      "\(quoting.quote(source)) is not a usable property list: \(reason)"
    case .wrongValueType(let keyPath, let expected):
      "\(keyPath): expected \(expected)"
    case .missingIdentifier(let keyPath):
      "\(keyPath): the declaration has no UTTypeIdentifier"
    case .malformedIdentifier(let identifier, let keyPath):
      "\(keyPath): \(Self.named(identifier, quoting: quoting)) is not a valid type identifier "
        + "(use reverse-DNS form such as com.example.note: letters, digits, '-' and '.')"
    case .conformanceCycle(let cycle, let keyPath):
      "\(keyPath): conformance cycle \(Self.path(cycle, quoting: quoting))"
    case .systemTypeRedeclared(let identifier, let keyPath):
      "\(keyPath): \(quoting.quote(identifier)) is declared by the system and cannot be"
        + " exported again (import it, or choose an identifier in your own domain)"
    case .tooManyDeclarations(let count, let limit):
      "\(count) application type declarations, more than the \(limit) a registry accepts"
        + " (apps declare tens, at most a few thousand)"
    }
  }

  /// `'identifier'`, or `$'...'` when it holds characters that could act on a terminal.
  static func named(_ identifier: String, quoting: NameQuoting = .terminal) -> String {
    let quoted = quoting.quote(identifier)
    return quoted == identifier ? "'\(identifier)'" : quoted
  }

  /// A cycle for messages: every identifier quoted, the middle of a long one left out.
  static func path(_ identifiers: [String], quoting: NameQuoting = .terminal) -> String {
    let quoted = identifiers.map(quoting.quote)
    guard quoted.count > 8 else { return quoted.joined(separator: " -> ") }
    return (quoted.prefix(4) + ["... \(quoted.count - 7) more ..."] + quoted.suffix(3))
      .joined(separator: " -> ")
  }
}
