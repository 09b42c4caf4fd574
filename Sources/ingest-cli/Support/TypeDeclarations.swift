import Foundation
import SystemCalls
import UTI

/// Registers an app's type declarations (`--declarations PLIST`) with the command's own
/// registry, as installing the app does on a device. `.shared` is never changed.
enum TypeDeclarations {
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
