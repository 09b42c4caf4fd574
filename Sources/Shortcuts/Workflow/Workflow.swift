import Foundation
import PropertyLists

/// An app a workflow action is bound to (a `WFApp` dictionary or a `WFAppIdentifier` string).
public struct BoundApp: Sendable, Codable, Equatable {
  /// The parameter that holds the binding, such as `WFApp`.
  public var parameter: String
  /// The app's bundle identifier.
  public var bundleIdentifier: String
  /// The app's display name, when given.
  public var name: String?
  /// The developer's team identifier, when given.
  public var teamIdentifier: String?
}

/// Where an action parameter takes its value from: another action's output or a magic variable.
public struct WorkflowConnection: Sendable, Codable, Equatable {
  /// The parameter key, such as `WFInput`.
  public var parameter: String
  /// The attachment type: `ActionOutput`, `ExtensionInput`, `Clipboard`, `Variable`, ...
  public var kind: String
  /// For `ActionOutput`: the UUID of the source action.
  public var outputUUID: String?
  /// For `ActionOutput`: the index of the source action in the workflow, when found.
  public var sourceActionIndex: Int?
  /// The output or variable name shown in the editor.
  public var outputName: String?
}

/// One action of a workflow, with its wiring and app bindings.
public struct WorkflowAction: Sendable, Codable, Equatable {
  /// The action identifier, such as `is.workflow.actions.share`.
  public var identifier: String
  /// The action's `UUID` parameter, which other actions refer to.
  public var uuid: String?
  /// A custom output name, when set.
  public var customOutputName: String?
  /// Parameters taking values from other actions or magic variables.
  public var connections: [WorkflowConnection]
  /// Apps this action is bound to.
  public var boundApps: [BoundApp]
  /// What the action sends, for Get Contents of URL (`is.workflow.actions.downloadurl`):
  /// method, URL, body type and header names, never a header's value.
  public var request: WorkflowRequest?
}

/// A WFWorkflow property list read back: its metadata and actions in order.
public struct Workflow: Sendable, Codable {
  /// `WFWorkflowName`, when present (the file name usually names a shortcut).
  public var name: String?
  /// `WFWorkflowClientVersion`.
  public var clientVersion: String?
  /// `WFWorkflowMinimumClientVersion`.
  public var minimumClientVersion: Int?
  /// `WFWorkflowTypes`, such as `ActionExtension` for the share sheet.
  public var types: [String]
  /// `WFWorkflowInputContentItemClasses`.
  public var inputContentItemClasses: [String]
  /// The actions in order.
  public var actions: [WorkflowAction]

  /// Every app any action is bound to, in action order.
  public var boundApps: [BoundApp] { actions.flatMap(\.boundApps) }

  /// The deepest nesting of parameter values examined.
  static let maximumDepth = 64

  /// What a workflow or auth data property list may hold: 16 MiB, 128 levels, 200,000 objects
  /// counting every reference.
  ///
  /// A 913-action shortcut is 100 KB and about 30,000 objects; parameters nest about a dozen
  /// levels. 16 MiB leaves room for text and images embedded in actions while keeping the
  /// file, its copy and what Foundation builds from it within tens of megabytes; the object
  /// limit keeps what Foundation builds near 20 MB.
  public static let propertyListLimits = PropertyListLimits(
    maximumByteCount: 16 << 20, maximumDepth: 128, maximumObjectCount: 200_000)

  /// Reads a workflow from binary or XML property list bytes.
  /// - Throws: `ShortcutError.invalidWorkflow` when the data is not a WFWorkflow.
  public init(propertyList data: Data) throws(ShortcutError) {
    let object: Any
    do {
      object = try PropertyListReader(limits: Self.propertyListLimits).propertyList(from: data)
    } catch {
      throw .invalidWorkflow("\(error)")
    }
    guard let root = object as? [String: Any] else {
      throw .invalidWorkflow("the top level is not a dictionary")
    }
    guard let rawActions = root["WFWorkflowActions"] as? [Any] else {
      throw .invalidWorkflow("WFWorkflowActions is missing or not an array")
    }
    name = root["WFWorkflowName"] as? String
    clientVersion =
      (root["WFWorkflowClientVersion"] as? String)
      ?? (root["WFWorkflowClientVersion"] as? Int).map(String.init)
    minimumClientVersion = root["WFWorkflowMinimumClientVersion"] as? Int
    types = root["WFWorkflowTypes"] as? [String] ?? []
    inputContentItemClasses = root["WFWorkflowInputContentItemClasses"] as? [String] ?? []
    var actions: [WorkflowAction] = []
    for (index, raw) in rawActions.enumerated() {
      guard let action = raw as? [String: Any],
        let identifier = action["WFWorkflowActionIdentifier"] as? String
      else { throw .invalidWorkflow("action \(index) has no WFWorkflowActionIdentifier") }
      let parameters = action["WFWorkflowActionParameters"] as? [String: Any] ?? [:]
      var connections: [WorkflowConnection] = []
      var apps: [BoundApp] = []
      for key in parameters.keys.sorted() {
        guard let value = parameters[key] else { continue }
        Self.collect(value, parameter: key, depth: 0, connections: &connections, apps: &apps)
      }
      actions.append(
        WorkflowAction(
          identifier: identifier, uuid: parameters["UUID"] as? String,
          customOutputName: parameters["CustomOutputName"] as? String,
          connections: connections, boundApps: apps,
          request: WorkflowRequest(identifier: identifier, parameters: parameters)))
    }
    let indexByUUID = Dictionary(
      actions.enumerated().compactMap { index, action in action.uuid.map { ($0, index) } },
      uniquingKeysWith: { first, _ in first })
    for index in actions.indices {
      for connection in actions[index].connections.indices {
        if let uuid = actions[index].connections[connection].outputUUID {
          actions[index].connections[connection].sourceActionIndex = indexByUUID[uuid]
        }
      }
    }
    self.actions = actions
  }

  /// Finds attachments (`WFTextTokenAttachment`, and those inside `WFTextTokenString`) and app
  /// bindings anywhere inside a parameter value.
  static func collect(
    _ value: Any, parameter: String, depth: Int,
    connections: inout [WorkflowConnection], apps: inout [BoundApp]
  ) {
    guard depth < maximumDepth else { return }
    if parameter == "WFAppIdentifier", depth == 0, let identifier = value as? String {
      apps.append(BoundApp(parameter: parameter, bundleIdentifier: identifier))
      return
    }
    if let array = value as? [Any] {
      for item in array {
        collect(
          item, parameter: parameter, depth: depth + 1, connections: &connections, apps: &apps)
      }
      return
    }
    guard let dictionary = value as? [String: Any] else { return }
    if let bundle = dictionary["BundleIdentifier"] as? String,
      depth == 0 || parameter.hasSuffix("App")
    {
      apps.append(
        BoundApp(
          parameter: parameter, bundleIdentifier: bundle, name: dictionary["Name"] as? String,
          teamIdentifier: dictionary["TeamIdentifier"] as? String))
      return
    }
    if let type = dictionary["Type"] as? String,
      dictionary["OutputUUID"] != nil || dictionary["VariableName"] != nil
        || ["ExtensionInput", "Clipboard", "CurrentDate", "Ask", "DeviceDetails"].contains(type)
    {
      connections.append(
        WorkflowConnection(
          parameter: parameter, kind: type, outputUUID: dictionary["OutputUUID"] as? String,
          outputName: (dictionary["OutputName"] as? String)
            ?? (dictionary["VariableName"] as? String)))
      return
    }
    for key in dictionary.keys.sorted() {
      guard let nested = dictionary[key] else { continue }
      collect(
        nested, parameter: parameter, depth: depth + 1, connections: &connections, apps: &apps)
    }
  }
}
