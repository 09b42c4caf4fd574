import Foundation
import TestSupport
import Testing

@testable import ItemProvider

/// The record of security-scoped URLs answers as a device does and stays bounded in a process
/// that hands out files for ever.
@Suite("Security-scoped URLs: answers and a bounded record", .onIOExecutor)
struct SecurityScopesTests {
  static func url(_ index: Int) -> URL {
    URL(fileURLWithPath: "/tmp/scoped/\(index).jpg")
  }

  @Test("a granted URL starts and stops; any other answers false")
  func grantedStartsAndStops() {
    let scopes = SecurityScopes(generationSize: 8)
    scopes.grant(Self.url(1))
    #expect(scopes.startAccessing(Self.url(1)))
    #expect(scopes.startAccessing(Self.url(1)))
    #expect(scopes.outstandingStarts(Self.url(1)) == 2)
    scopes.stopAccessing(Self.url(1))
    scopes.stopAccessing(Self.url(1))
    scopes.stopAccessing(Self.url(1))
    #expect(scopes.outstandingStarts(Self.url(1)) == 0)
    #expect(!scopes.startAccessing(Self.url(2)))
    #expect(scopes.outstandingStarts(Self.url(2)) == nil)
    #expect(!scopes.startAccessing(URL(string: "https://example.com/")!))
  }

  @Test("a hundred thousand grants keep the record within two generations")
  func recordStaysBounded() {
    let scopes = SecurityScopes(generationSize: 64)
    for index in 0..<100_000 { scopes.grant(Self.url(index)) }
    #expect(scopes.count <= 128)
    // The most recent grants still answer as a device does.
    #expect(scopes.startAccessing(Self.url(99_999)))
    #expect(!scopes.startAccessing(Self.url(0)))
  }

  @Test("a URL still being accessed survives later generations")
  func outstandingAccessSurvives() {
    let scopes = SecurityScopes(generationSize: 16)
    scopes.grant(Self.url(-1))
    #expect(scopes.startAccessing(Self.url(-1)))
    for index in 0..<1_000 { scopes.grant(Self.url(index)) }
    #expect(scopes.outstandingStarts(Self.url(-1)) == 1)
    scopes.stopAccessing(Self.url(-1))
    #expect(scopes.outstandingStarts(Self.url(-1)) == 0)
    #expect(scopes.count <= 33)
  }

  @Test(
    "a path with a dot, two dots or an empty component is the same URL as its standard form",
    arguments: ["/tmp/scoped/./1.jpg", "/tmp/scoped/x/../1.jpg", "/tmp//scoped/1.jpg"])
  func standardizedKey(_ path: String) {
    #expect(!SecurityScopes.isStandard(path))
    let scopes = SecurityScopes(generationSize: 8)
    scopes.grant(URL(fileURLWithPath: path))
    #expect(scopes.startAccessing(Self.url(1)))
    #expect(scopes.outstandingStarts(URL(fileURLWithPath: path)) == 1)
  }

  @Test("a path taken as it is is one standardizing leaves alone")
  func standardPathsAsTheyAre() {
    for path in ["/", "/tmp/scoped/1.jpg", "/a b/c%20d.jpg", "/tmp/é/..x/.y"] {
      #expect(SecurityScopes.isStandard(path))
      #expect(URL(fileURLWithPath: path).standardizedFileURL.path == path)
    }
  }
}
