import Foundation
import Ingest
import ItemProvider
import SystemCalls

/// `ingest-cli groups`: the configured App Group identifiers and their directories, as
/// `xcrun simctl get_app_container <device> <app> groups` lists them on a Mac.
enum GroupsCommand: ParsableCommand {
  static let name = "groups"

  static let spec = CommandSpec(
    name: name,
    abstract: "the configured App Group identifiers and their directories",
    discussion: """
      Groups are configured with INGEST_APP_GROUPS=group.id=/path:group.other=/path2 (as \
      FileManager.containerURL(forSecurityApplicationGroupIdentifier:) resolves them here); \
      the default group directory, used without --group or --group-dir, is listed last. \
      Nothing is created.
      """,
    operands: [
      .optional(
        "ID", help: "print only this group's directory (for cd \"$(ingest-cli groups ID)\")")
    ],
    examples: [
      .init(command: "groups", note: "every configured group, and the default directory"),
      .init(
        command: "groups group.com.example.app",
        note: "one group's directory; an unknown identifier exits 66"),
    ],
    exitStatus: "0 listed; 64 a malformed identifier; 66 an identifier that is not configured."
  )

  struct Group: Encodable {
    /// The App Group identifier; nil for the default directory.
    var identifier: String?
    var path: String
    /// Where it comes from: INGEST_APP_GROUPS, or how the default was found.
    var origin: String
    var isDefault: Bool
  }

  static func run(_ arguments: inout Arguments) async throws -> ExitStatus {
    let json = arguments.wantsJSON
    let configured = AppGroupContainers.shared.configuredDirectories()
    if let identifier = try arguments.positionals().first {
      guard AppGroupContainers.isValidGroupIdentifier(identifier) else {
        throw AppGroupError.malformedIdentifier(identifier).cliError
      }
      guard let path = configured[identifier] else {
        let known =
          configured.isEmpty
          ? "none is configured; set \(AppGroupContainers.environmentVariable)="
            + "\(identifier)=/absolute/path"
          : "configured: " + configured.keys.sorted().joined(separator: ", ")
        throw CLIError(status: .noInput) { "no App Group \($0.quote(identifier)); \(known)" }
      }
      if json {
        try Output.json(
          Group(
            identifier: identifier, path: path,
            origin: AppGroupContainers.environmentVariable, isDefault: false))
      } else {
        print(path)
      }
      return .success
    }
    var groups = configured.keys.sorted().map { identifier in
      Group(
        identifier: identifier, path: configured[identifier] ?? "",
        origin: AppGroupContainers.environmentVariable, isDefault: false)
    }
    if let location = try? GroupLocation.resolve() {
      groups.append(
        Group(
          identifier: nil, path: location.path, origin: location.origin.rawValue, isDefault: true))
    }
    if json {
      try Output.json(groups)
      return .success
    }
    let width = groups.map { ($0.identifier ?? "(default)").count }.max() ?? 0
    for group in groups {
      let name = (group.identifier ?? "(default)")
      let padded = name + String(repeating: " ", count: width - name.count)
      print(
        "\(TerminalText.quoted(padded))  \(TerminalText.quoted(group.path))"
          + (group.isDefault ? "  (\(group.origin))" : ""))
    }
    return .success
  }
}
