import Foundation
import ItemProvider
import TestSupport
import Testing

@Suite("App Group containers", .onIOExecutor)
struct AppGroupTests {
  @Test("The environment variable maps groups to directories, created 0700")
  func environment() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let groups = AppGroupContainers()
    let first = directory.url.appendingPathComponent("groups/app").path
    let second = directory.url.appendingPathComponent("other").path
    let environment = [
      "INGEST_APP_GROUPS": "group.com.example.app=\(first):group.com.example.other=\(second)"
    ]
    let url = try groups.containerURL(
      forGroupIdentifier: "group.com.example.app", environment: environment)
    #expect(url.path == first)
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
    #expect(try permissions(of: first) == 0o700)
    #expect(try permissions(of: (first as NSString).deletingLastPathComponent) == 0o700)
    let other = try groups.containerURL(
      forGroupIdentifier: "group.com.example.other", environment: environment)
    #expect(other.path == second)
    // Asking again finds the directory that is now there.
    #expect(
      try groups.containerURL(forGroupIdentifier: "group.com.example.app", environment: environment)
        == url)
  }

  @Test("The registry wins over the environment")
  func registryFirst() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let groups = AppGroupContainers()
    let registered = directory.url.appendingPathComponent("registered")
    try groups.register("group.com.example.app", directory: registered)
    let environment = ["INGEST_APP_GROUPS": "group.com.example.app=\(directory.path)/env"]
    let url = try groups.containerURL(
      forGroupIdentifier: "group.com.example.app", environment: environment)
    #expect(url.path == registered.path)
    groups.unregister("group.com.example.app")
    let fallback = try groups.containerURL(
      forGroupIdentifier: "group.com.example.app", environment: environment)
    #expect(fallback.path == "\(directory.path)/env")
  }

  struct RefusalCase: CustomTestStringConvertible, Sendable {
    var identifier: String
    var environment: String
    var testDescription: String { "\(identifier) with \(environment)" }
  }

  @Test(
    "Malformed or unknown groups have no container",
    arguments: [
      RefusalCase(identifier: "com.example.app", environment: "com.example.app=/tmp/x"),
      RefusalCase(identifier: "group.", environment: "group.=/tmp/x"),
      RefusalCase(identifier: "group..example", environment: "group..example=/tmp/x"),
      RefusalCase(identifier: "group.example/../x", environment: ""),
      RefusalCase(
        identifier: "group.com.example.unknown", environment: "group.com.example.app=/tmp/x"),
      RefusalCase(
        identifier: "group.com.example.app", environment: "group.com.example.app=relative/path"),
      RefusalCase(
        identifier: "group.com.example.app", environment: "group.com.example.app=/tmp/../etc"),
      RefusalCase(identifier: "group.com.example.app", environment: "group.com.example.app"),
    ])
  func noContainer(_ test: RefusalCase) {
    let groups = AppGroupContainers()
    #expect(throws: AppGroupError.self) {
      try groups.containerURL(
        forGroupIdentifier: test.identifier, environment: ["INGEST_APP_GROUPS": test.environment])
    }
  }

  @Test("A symbolic link in place of the container is not followed")
  func linkNotFollowed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = directory.url.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
    let link = directory.url.appendingPathComponent("group")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let groups = AppGroupContainers()
    try groups.register("group.com.example.app", directory: link)
    #expect(throws: AppGroupError.self) {
      try groups.containerURL(forGroupIdentifier: "group.com.example.app")
    }
  }

  @Test("A file in place of the container is refused")
  func fileRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.file("group", contents: Data())
    let groups = AppGroupContainers()
    try groups.register("group.com.example.app", directory: file)
    #expect(throws: AppGroupError.self) {
      try groups.containerURL(forGroupIdentifier: "group.com.example.app")
    }
  }

  @Test("FileManager answers nil for unknown groups and uses the shared registry")
  func fileManager() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(
      FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "not-a-group")
        == nil)
    let identifier = "group.com.example.tests-\(UUID().uuidString.prefix(8))"
    #expect(
      FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier) == nil)
    try AppGroupContainers.shared.register(
      identifier, directory: directory.url.appendingPathComponent("c"))
    defer { AppGroupContainers.shared.unregister(identifier) }
    let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier)
    #expect(url?.path == directory.url.appendingPathComponent("c").path)
  }
}
