import SystemCalls

/// Why a set of type declarations could not be read or registered.
///
/// Every case names where the problem is: the file, and the key path inside it, such as
/// `UTExportedTypeDeclarations[2].UTTypeIdentifier`.
public enum UTTypeDeclarationError: Error, Sendable, Equatable, CustomStringConvertible {
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

  /// The message, saying what is wrong, where, and how to fix it.
  public var description: String {
    switch self {
    case .unreadableFile(let error):
      "cannot read type declarations: \(error)"
    case .malformedPropertyList(let source, let reason):
      "\(source) is not a usable property list: \(reason)"
    case .wrongValueType(let keyPath, let expected):
      "\(keyPath): expected \(expected)"
    case .missingIdentifier(let keyPath):
      "\(keyPath): the declaration has no UTTypeIdentifier"
    case .malformedIdentifier(let identifier, let keyPath):
      "\(keyPath): '\(identifier)' is not a valid type identifier "
        + "(use reverse-DNS form such as com.example.note: letters, digits, '-' and '.')"
    case .conformanceCycle(let cycle, let keyPath):
      "\(keyPath): conformance cycle \(cycle.joined(separator: " -> "))"
    case .systemTypeRedeclared(let identifier, let keyPath):
      "\(keyPath): \(identifier) is declared by the system and cannot be exported again "
        + "(import it, or choose an identifier in your own domain)"
    }
  }
}
