import Foundation
import UTI

/// Registers an app's type declarations (`--declarations PLIST`, or a RULE that is an
/// Info.plist) with the shared registry, as installing the app does on a device.
enum TypeDeclarations {
  /// Registers the declarations of each Info.plist in `paths`, in order.
  /// - Returns: the registry's warnings, each prefixed with its file.
  static func register(files paths: [String]) throws(CLIError) -> [String] {
    var warnings: [String] = []
    for path in paths {
      do {
        warnings += try UTTypeRegistry.shared.registerDeclarations(
          fromInfoPlistAt: URL(fileURLWithPath: path)
        ).map { "\(path): \($0)" }
      } catch {
        throw CLIError(error)
      }
    }
    return warnings
  }

  /// Registers the declarations of an Info.plist already read from `path`.
  /// - Returns: the registry's warnings, each prefixed with `path`.
  static func register(infoPlist data: Data, path: String) throws(CLIError) -> [String] {
    do {
      return try UTTypeRegistry.shared.registerDeclarations(fromInfoPlist: data, source: path)
        .map { "\(path): \($0)" }
    } catch {
      throw CLIError(error)
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
