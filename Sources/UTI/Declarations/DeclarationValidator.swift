import SystemCalls

/// A declaration with where it came from, for error messages.
struct LocatedDeclaration {
  var declaration: UTTypeDeclaration
  var keyPath: String
}

/// Checks application declarations and merges them with those already registered.
///
/// Rules: identifiers must be well formed; a system type cannot be exported again (importing
/// it is ignored with a warning, as the system's declaration wins); within the application an
/// exported declaration beats an imported one; unknown parents are kept with a warning;
/// conformance cycles are errors.
struct DeclarationValidator {
  let system: TypeGraph
  let existing: [UTTypeDeclaration]
  private(set) var warnings: [UTTypeDeclarationWarning] = []

  init(system: TypeGraph, existing: [UTTypeDeclaration]) {
    self.system = system
    self.existing = existing
  }

  /// Returns the merged application declarations, or throws for the first error found.
  /// - Parameter limit: The most application declarations the result may hold.
  mutating func merge(
    _ incoming: [LocatedDeclaration], limit: Int
  ) throws(UTTypeDeclarationError) -> [UTTypeDeclaration] {
    guard existing.count + incoming.count <= limit else {
      throw .tooManyDeclarations(existing.count + incoming.count, limit: limit)
    }
    var merged = existing.map { LocatedDeclaration(declaration: $0, keyPath: $0.identifier) }
    var positions: [String: Int] = [:]
    for (position, located) in merged.enumerated() {
      positions[located.declaration.identifier.lowercased()] = position
    }
    for located in incoming {
      let declaration = located.declaration
      let identifier = declaration.identifier
      guard Self.isValidIdentifier(identifier) else {
        throw .malformedIdentifier(identifier, keyPath: located.keyPath + ".UTTypeIdentifier")
      }
      for (offset, parent) in declaration.conformsTo.enumerated()
      where !Self.isValidIdentifier(parent) {
        throw .malformedIdentifier(
          parent, keyPath: located.keyPath + ".UTTypeConformsTo[\(offset)]")
      }
      let key = identifier.lowercased()
      if system.index(of: identifier) != nil {
        if declaration.kind == .exported {
          throw .systemTypeRedeclared(identifier, keyPath: located.keyPath)
        }
        warn(
          located,
          "\(TerminalText.quoted(identifier)) is a system type; the system declaration is used")
        continue
      }
      if let position = positions[key] {
        let current = merged[position].declaration
        if current.kind == .imported && declaration.kind == .exported {
          warn(
            merged[position],
            "imported \(TerminalText.quoted(identifier)) is replaced by the exported declaration")
          merged[position] = located
        } else if current.kind == .exported && declaration.kind == .imported {
          warn(
            located,
            "imported \(TerminalText.quoted(identifier)) is ignored: the exported declaration wins")
        } else {
          warn(
            located,
            "\(TerminalText.quoted(identifier)) is already declared; this declaration is ignored")
        }
        continue
      }
      positions[key] = merged.count
      merged.append(located)
    }
    try checkParents(merged, positions: positions)
    return merged.map(\.declaration)
  }

  private mutating func checkParents(
    _ merged: [LocatedDeclaration],
    positions: [String: Int]
  ) throws(UTTypeDeclarationError) {
    for located in merged {
      for parent in located.declaration.conformsTo
      where positions[parent.lowercased()] == nil && system.index(of: parent) == nil {
        warn(
          located,
          "parent \(TerminalText.quoted(parent)) is not declared; the conformance is ignored")
      }
    }
    // Depth-first search for a cycle among application declarations (system types never point
    // back at application types), with an explicit stack: the declarations choose the depth.
    var state = [UInt8](repeating: 0, count: merged.count)  // 0 new, 1 on the path, 2 done
    var path: [(node: Int, nextParent: Int)] = []
    for root in merged.indices where state[root] == 0 {
      state[root] = 1
      path.append((root, 0))
      while let (node, nextParent) = path.last {
        let parents = merged[node].declaration.conformsTo
        guard nextParent < parents.count else {
          state[node] = 2
          path.removeLast()
          continue
        }
        path[path.count - 1].nextParent += 1
        guard let next = positions[parents[nextParent].lowercased()] else { continue }
        if state[next] == 1 {
          let start = path.firstIndex { $0.node == next } ?? 0
          let cycle = path[start...].map(\.node) + [next]
          throw .conformanceCycle(
            cycle.map { merged[$0].declaration.identifier },
            keyPath: merged[cycle[0]].keyPath + ".UTTypeConformsTo"
          )
        }
        if state[next] == 0 {
          state[next] = 1
          path.append((next, 0))
        }
      }
    }
  }

  private mutating func warn(_ located: LocatedDeclaration, _ message: String) {
    warnings.append(UTTypeDeclarationWarning(keyPath: located.keyPath, message: message))
  }

  /// Reverse-DNS form: at least two non-empty labels of ASCII letters, digits and hyphens (or
  /// non-ASCII characters), not in the reserved `dyn` domain.
  static func isValidIdentifier(_ identifier: String) -> Bool {
    let labels = identifier.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return false }
    guard labels[0].lowercased() != "dyn" else { return false }
    return identifier.unicodeScalars.allSatisfy { scalar in
      scalar.value > 0x7F
        || (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
        || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "."
    }
  }
}
