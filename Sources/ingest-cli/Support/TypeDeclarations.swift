import Foundation
import UTI

/// Registers an app's type declarations (`--declarations PLIST`, or a RULE that is an
/// Info.plist) with the shared registry, as installing the app does on a device.
enum TypeDeclarations {
  /// Registers the declarations of each Info.plist in `paths`, in order.
  /// - Returns: the registry's warnings, each prefixed with its file.
  static func register(files paths: [String]) throws -> [String] {
    var warnings: [String] = []
    for path in paths {
      guard FileManager.default.isReadableFile(atPath: path),
        let data = FileManager.default.contents(atPath: path)
      else {
        throw CLIError.noInput("cannot read declarations: \(path) is missing or unreadable")
      }
      warnings += try register(infoPlist: data, path: path)
    }
    return warnings
  }

  /// Registers the declarations of an Info.plist already read from `path`.
  /// - Returns: the registry's warnings, each prefixed with `path`.
  static func register(infoPlist data: Data, path: String) throws -> [String] {
    do {
      return try UTTypeRegistry.shared.registerDeclarations(fromInfoPlist: data, source: path)
        .map { "\(path): \($0)" }
    } catch {
      throw CLIError.data("\(error)")
    }
  }

  /// Whether `data` is a property list whose top level declares types.
  static func declaresTypes(_ data: Data) -> Bool {
    guard
      let root = try? PropertyListSerialization.propertyList(from: data, format: nil)
        as? [String: Any]
    else { return false }
    return root["UTExportedTypeDeclarations"] != nil || root["UTImportedTypeDeclarations"] != nil
  }
}
