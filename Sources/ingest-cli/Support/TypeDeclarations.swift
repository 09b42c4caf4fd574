import Foundation
import SystemCalls
import UTI

/// Registers an app's type declarations (`--declarations PLIST`) with the command's own
/// registry, as installing the app does on a device. `.shared` is never changed.
enum TypeDeclarations {
  /// `--declarations PLIST`, which every command that names or finds types takes (`uti`,
  /// `types`, `share`, `rule`, `matrix run` and `matrix init`): one declaration, one help.
  static let option = RepeatedOption(
    "--declarations", value: "PLIST",
    help: "an Info.plist whose UTExportedTypeDeclarations and UTImportedTypeDeclarations are"
      + " registered first, as installing the app does on a device ('-' reads standard"
      + " input); a rule given as an Info.plist has its own registered too",
    completion: .file)

  /// A registry of the command's own holding the declarations of each Info.plist in `paths`
  /// over the system catalogue (`.shared` is never changed); what the registry tolerated is
  /// printed as warnings on standard error.
  static func registry(files paths: [String]) throws(CLIError) -> UTTypeRegistry {
    let registry = UTTypeRegistry()
    for warning in try register(files: paths, in: registry) {
      Output.error("warning: \(warning)")
    }
    return registry
  }

  /// Registers the declarations of each Info.plist in `paths`, in order, in `registry`.
  /// - Returns: the registry's warnings, each prefixed with its file.
  static func register(files paths: [String], in registry: UTTypeRegistry) throws(CLIError)
    -> [String]
  {
    var warnings: [String] = []
    for path in paths {
      do {
        if path == "-" {
          let bytes = try InputPath.read(path, limit: Int64(UTTypeRegistry.maximumInfoPlistSize))
          warnings += try registry.registerDeclarations(
            fromInfoPlist: Data(bytes), source: InputPath.standardInputName
          ).map { "\(InputPath.standardInputName): \($0)" }
          continue
        }
        warnings += try registry.registerDeclarations(
          fromInfoPlistAt: URL(fileURLWithPath: path)
        ).map { "\(TerminalText.quoted(path)): \($0)" }
      } catch let error as CLIError {
        throw error
      } catch {
        throw CLIError(describing: error)
      }
    }
    return warnings
  }
}
