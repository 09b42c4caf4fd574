import Foundation
import Testing

@testable import Shortcuts

@Suite("Upload workflows: take a screenshot, post it to a server")
struct UploadWorkflowBuilderTests {
  static let token = "upload-token-7Qx2"
  static let url = "https://ingest.example.net/share"

  struct Variant: CustomTestStringConvertible, Sendable {
    var input: UploadWorkflowBuilder.Input
    var asksForToken: Bool
    var testDescription: String {
      "\(input.rawValue), \(asksForToken ? "asks for a token" : "no token")"
    }
  }

  static let variants = UploadWorkflowBuilder.Input.allCases.flatMap { input in
    [true, false].map { Variant(input: input, asksForToken: $0) }
  }

  @Test(
    "The file is a binary plist whose request reads back parameter by parameter",
    arguments: variants)
  func fieldByField(_ variant: Variant) throws {
    let server = try ShortcutServer(url: Self.url, asksForToken: variant.asksForToken)
    var builder = UploadWorkflowBuilder(server: server)
    builder.input = variant.input
    builder.title = "Post to ingest"
    let inputUUID = try #require(UUID(uuidString: "e1b2c3d4-0000-4000-8000-00000000000a"))
    let requestUUID = try #require(UUID(uuidString: "e1b2c3d4-0000-4000-8000-00000000000b"))
    let tokenUUID = try #require(UUID(uuidString: "e1b2c3d4-0000-4000-8000-00000000000c"))
    let data = try builder.propertyList(
      inputUUID: inputUUID, requestUUID: requestUUID, tokenUUID: tokenUUID)
    #expect(data.starts(with: Array("bplist00".utf8)))

    var format = PropertyListSerialization.PropertyListFormat.xml
    let root = try #require(
      try PropertyListSerialization.propertyList(from: data, format: &format) as? [String: Any])
    #expect(format == .binary)
    #expect(root["WFWorkflowName"] as? String == "Post to ingest")
    #expect(root["WFWorkflowMinimumClientVersion"] as? Int == 900)
    // As current exports: `Watch`, not the iOS 12 `WatchKit`; a no-input behaviour by name
    // only for a shortcut that takes input.
    #expect(
      root["WFWorkflowTypes"] as? [String]
        == (variant.input == .shortcutInput ? ["ActionExtension"] : ["NCWidget", "Watch"]))
    let noInput = root["WFWorkflowNoInputBehavior"] as? [String: Any]
    if variant.input == .shortcutInput {
      #expect(noInput?["Name"] as? String == "WFWorkflowNoInputBehaviorAskForInput")
      #expect(noInput?["Parameters"] as? [String: String] == ["ItemClass": "WFImageContentItem"])
    } else {
      #expect(root["WFWorkflowNoInputBehavior"] == nil)
    }
    let questions = try #require(root["WFWorkflowImportQuestions"] as? [[String: Any]])
    let tokenActions: [String] = variant.asksForToken ? ["is.workflow.actions.gettext"] : []

    let actions = try #require(root["WFWorkflowActions"] as? [[String: Any]])
    let expectedSource: (identifier: String, outputName: String)? =
      switch variant.input {
      case .screenshot: ("is.workflow.actions.takescreenshot", "Screenshot")
      case .clipboard: ("is.workflow.actions.getclipboard", "Clipboard")
      case .shortcutInput: nil
      }
    #expect(
      actions.compactMap { $0["WFWorkflowActionIdentifier"] as? String }
        == tokenActions + (expectedSource.map { [$0.identifier] } ?? [])
        + ["is.workflow.actions.downloadurl"])
    let request = try #require(actions.last?["WFWorkflowActionParameters"] as? [String: Any])
    #expect(request["UUID"] as? String == "E1B2C3D4-0000-4000-8000-00000000000B")
    #expect(request["WFURL"] as? String == Self.url)
    #expect(request["WFHTTPMethod"] as? String == "POST")
    #expect(request["WFHTTPBodyType"] as? String == "File")
    let body = try #require(request["WFRequestVariable"] as? [String: Any])
    #expect(body["WFSerializationType"] as? String == "WFTextTokenAttachment")
    let attachment = try #require(body["Value"] as? [String: String])
    if let expectedSource {
      #expect(
        attachment == [
          "Type": "ActionOutput", "OutputUUID": "E1B2C3D4-0000-4000-8000-00000000000A",
          "OutputName": expectedSource.outputName,
        ])
      let first = actions[tokenActions.count]["WFWorkflowActionParameters"] as? [String: Any]
      #expect(first?["UUID"] as? String == "E1B2C3D4-0000-4000-8000-00000000000A")
    } else {
      #expect(attachment == ["Type": "ExtensionInput"])
    }

    if variant.asksForToken {
      // The token is typed in at import into the first action, an empty Text action, which
      // the question names by index and parameter key, as shared shortcuts ask for secrets.
      #expect(questions.count == 1)
      let question = try #require(questions.first)
      #expect(question["ActionIndex"] as? Int == 0)
      #expect(question["Category"] as? String == "Parameter")
      #expect(question["ParameterKey"] as? String == "WFTextActionText")
      #expect(question["DefaultValue"] as? String == "")
      #expect((question["Text"] as? String)?.contains("ingest.example.net") == true)
      let text = try #require(actions[0]["WFWorkflowActionParameters"] as? [String: Any])
      #expect(text["UUID"] as? String == "E1B2C3D4-0000-4000-8000-00000000000C")
      #expect(text["WFTextActionText"] as? String == "")
      #expect(text["CustomOutputName"] as? String == "Token")
      #expect(request["ShowHeaders"] as? Bool == true)
      let headers = try #require(request["WFHTTPHeaders"] as? [String: Any])
      #expect(headers["WFSerializationType"] as? String == "WFDictionaryFieldValue")
      let items = try #require(
        (headers["Value"] as? [String: Any])?["WFDictionaryFieldValueItems"] as? [[String: Any]])
      #expect(items.count == 1)
      let item = try #require(items.first)
      #expect(item["WFItemType"] as? Int == 0)
      let key = try #require(item["WFKey"] as? [String: Any])
      #expect(key["WFSerializationType"] as? String == "WFTextTokenString")
      #expect(key["Value"] as? [String: String] == ["string": "Authorization"])
      let value = try #require(item["WFValue"] as? [String: Any])
      #expect(value["WFSerializationType"] as? String == "WFTextTokenString")
      let bearer = try #require(value["Value"] as? [String: Any])
      #expect(bearer["string"] as? String == "Bearer \u{FFFC}")
      #expect(
        bearer["attachmentsByRange"] as? [String: [String: String]] == [
          "{7, 1}": [
            "Type": "ActionOutput", "OutputUUID": "E1B2C3D4-0000-4000-8000-00000000000C",
            "OutputName": "Token",
          ]
        ])
    } else {
      #expect(questions.isEmpty)
      #expect(request["WFHTTPHeaders"] == nil)
      #expect(request["ShowHeaders"] == nil)
    }

    // The package's reader sees the same actions, wiring and request, and no header value.
    let workflow = try Workflow(propertyList: data)
    #expect(
      workflow.actions.map(\.identifier)
        == tokenActions + (expectedSource.map { [$0.identifier] } ?? [])
        + ["is.workflow.actions.downloadurl"])
    let read = try #require(workflow.actions.last?.request)
    #expect(read.method == "POST")
    #expect(read.url == Self.url)
    #expect(read.bodyType == "File")
    #expect(read.headerNames == (variant.asksForToken ? ["Authorization"] : []))
    let connection = try #require(
      workflow.actions.last?.connections.first { $0.parameter == "WFRequestVariable" })
    #expect(connection.sourceActionIndex == (expectedSource == nil ? nil : tokenActions.count))
    #expect(workflow.boundApps.isEmpty)
  }

  @Test("A generated upload workflow, signed by the test writer, reads back through the archive")
  func throughTheArchive() throws {
    let server = try ShortcutServer(url: Self.url)
    let wflow = try UploadWorkflowBuilder(server: server).propertyList()
    let file = try SignedFixtures.contactSigned(workflow: wflow)
    #expect(file.workflowData == wflow)
    #expect(
      file.workflow.actions.map(\.identifier) == [
        "is.workflow.actions.gettext", "is.workflow.actions.takescreenshot",
        "is.workflow.actions.downloadurl",
      ])
    #expect(file.workflow.actions.last?.request?.headerNames == ["Authorization"])
  }

  @Test("The file holds no token: the server type has none to give, the Text action is empty")
  func noTokenInTheFile() throws {
    let server = try ShortcutServer(url: Self.url)
    #expect(server.asksForToken)
    #expect(String(describing: server).contains("bearer token asked for at import"))
    let root = UploadWorkflowBuilder(server: server).workflow()
    let actions = try #require(root["WFWorkflowActions"] as? [[String: Any]])
    let texts = actions.compactMap {
      ($0["WFWorkflowActionParameters"] as? [String: Any])?["WFTextActionText"] as? String
    }
    #expect(texts == [""])
  }

  struct BadURL: CustomTestStringConvertible, Sendable {
    var url: String
    var says: String
    var testDescription: String { url }
  }

  static let badURLs = [
    BadURL(url: "ingest.example.net/share", says: "is not an absolute URL"),
    BadURL(url: "", says: "is not an absolute URL"),
    BadURL(url: "ftp://ingest.example.net/share", says: "has the scheme ftp"),
    BadURL(url: "file:///tmp/share", says: "has the scheme file"),
    BadURL(url: "https:///share", says: "names no host"),
    BadURL(url: "https://me:secret@ingest.example.net/share", says: "user name or password"),
    BadURL(url: "https://ingest.example.net/share#top", says: "fragment"),
    BadURL(url: "https://ingest.example.net/a path", says: "holds a space"),
    BadURL(url: "https://ingest.example.net/\u{1}", says: "control character"),
  ]

  @Test(
    "URLs that are not absolute http or https, or carry secrets, are refused", arguments: badURLs)
  func refusesBadURLs(_ bad: BadURL) {
    let error = #expect(throws: ShortcutError.self) {
      _ = try ShortcutServer(url: bad.url)
    }
    guard case .invalidArgument(let message)? = error else {
      Issue.record("expected invalidArgument, got \(String(describing: error))")
      return
    }
    #expect(message.contains(bad.says), "\(message)")
  }

  struct Warned: CustomTestStringConvertible, Sendable {
    var url: String
    var asksForToken = false
    /// Words each expected warning holds, in order; empty: no warning.
    var says: [String]
    var testDescription: String { url }
  }

  static let warned = [
    Warned(url: Self.url, says: []),
    Warned(url: "https://ingest.example.net/inbox/share", says: []),
    Warned(
      url: "http://192.168.1.20:8787/share", asksForToken: true,
      says: ["and its token, cross"]),
    Warned(url: "http://192.168.1.20:8787/share", says: ["posts crosses the network"]),
    Warned(url: "http://127.0.0.1:8787/share", says: ["the device the shortcut runs on"]),
    Warned(url: "http://localhost:8787/share", says: ["the device the shortcut runs on"]),
    Warned(url: "https://[::1]:8787/share", says: ["the device the shortcut runs on"]),
    Warned(url: "https://ingest.example.net", says: ["path is /:"]),
    Warned(
      url: "http://ingest.example.net:8787/upload",
      says: ["plain http", "path is /upload"]),
  ]

  @Test(
    "Plain http to another host, loopback hosts and other paths are warned of", arguments: warned)
  func warnings(_ expected: Warned) throws {
    let server = try ShortcutServer(url: expected.url, asksForToken: expected.asksForToken)
    let warnings = UploadWorkflowBuilder(server: server).warnings
    #expect(warnings.count == expected.says.count, "\(warnings)")
    for (warning, words) in zip(warnings, expected.says) {
      #expect(warning.contains(words), "\(warning)")
      #expect(!warning.contains(Self.token))
    }
  }

  @Test("Loopback is 127.0.0.0/8, localhost and ::1, not hosts that only look alike")
  func loopback() throws {
    for host in ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "[::1]", "a.localhost"] {
      let server = try ShortcutServer(url: "http://\(host)/share")
      #expect(server.isLoopback, "\(host)")
    }
    for host in ["127.example.net", "10.0.0.1", "1127.0.0.1", "example.net", "[::2]"] {
      let server = try ShortcutServer(url: "http://\(host)/share")
      #expect(!server.isLoopback, "\(host)")
    }
  }

  @Test("The reader reports a request a variable makes, and never a header's value")
  func readsRequestsFromVariables() throws {
    // Shaped as a device exports it (vergenzt/shortcuts, src/Automation Utils/Toggl API.plist):
    // the method and the URL from other actions, two headers.
    func text(_ string: String) -> [String: Any] {
      ["Value": ["string": string], "WFSerializationType": "WFTextTokenString"]
    }
    let output: [String: Any] = [
      "Value": ["Type": "ActionOutput", "OutputUUID": "A", "OutputName": "Method"],
      "WFSerializationType": "WFTextTokenAttachment",
    ]
    let root: [String: Any] = [
      "WFWorkflowActions": [
        [
          "WFWorkflowActionIdentifier": "is.workflow.actions.gettext",
          "WFWorkflowActionParameters": ["UUID": "A", "WFTextActionText": "POST"],
        ],
        [
          "WFWorkflowActionIdentifier": "is.workflow.actions.downloadurl",
          "WFWorkflowActionParameters": [
            "WFHTTPMethod": output,
            "WFURL": [
              "Value": [
                "string": "\u{FFFC}",
                "attachmentsByRange": [
                  "{0, 1}": ["Type": "ActionOutput", "OutputUUID": "A", "OutputName": "URL"]
                ],
              ],
              "WFSerializationType": "WFTextTokenString",
            ],
            "WFHTTPBodyType": "File",
            "WFHTTPHeaders": UploadWorkflowBuilder.dictionary([
              "Authorization": UploadWorkflowBuilder.text("Basic c2VjcmV0"),
              "Content-Type": UploadWorkflowBuilder.text("application/json"),
            ]),
          ],
        ],
        [
          "WFWorkflowActionIdentifier": "is.workflow.actions.downloadurl",
          "WFWorkflowActionParameters": ["WFURL": text("https://example.net/get")],
        ],
      ]
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: root, format: .binary, options: 0)
    let workflow = try Workflow(propertyList: data)
    #expect(workflow.actions[0].request == nil)
    let posted = try #require(workflow.actions[1].request)
    #expect(posted.method == nil)
    #expect(posted.url == nil)
    #expect(posted.bodyType == "File")
    #expect(posted.headerNames == ["Authorization", "Content-Type"])
    #expect(workflow.actions[1].connections.map(\.parameter) == ["WFHTTPMethod", "WFURL"])
    let fetched = try #require(workflow.actions[2].request)
    #expect(
      fetched
        == WorkflowRequest(
          method: "GET", url: "https://example.net/get", bodyType: nil, headerNames: []))
    let json = String(decoding: try JSONEncoder().encode(workflow), as: UTF8.self)
    #expect(!json.contains("c2VjcmV0"))
  }

  @Test("The signing instructions warn that --mode anyone hands a token to iCloud")
  func signingInstructions() {
    let plain = WorkflowBuilder.signingInstructions(input: "a", output: "b")
    let secret = WorkflowBuilder.signingInstructions(input: "a", output: "b", holdsSecret: true)
    #expect(plain.contains("shortcuts sign --mode people-who-know-me -i a -o b"))
    #expect(secret.contains("shortcuts sign --mode people-who-know-me -i a -o b"))
    #expect(!plain.contains("token"))
    #expect(secret.contains("token included"))
  }
}
