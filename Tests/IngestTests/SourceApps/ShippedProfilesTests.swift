import Foundation
import Ingest
import TestSupport
import Testing

@Suite("Shipped profiles: compiled in, the same as corpus/sources", .onIOExecutor)
struct ShippedProfilesTests {
  @Test("Every profile in corpus/sources is compiled in unchanged (run scripts/embed-profiles.py)")
  func embeddedMatchesCorpus() throws {
    let directory = ProjectPaths.corpus.appendingPathComponent("sources")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(SourceProfile.shippedNames == files.map { String($0.dropLast(5)) }.sorted())
    #expect(SourceProfile.shippedNameList == SourceProfile.shippedNames.joined(separator: ", "))
    for file in files {
      let name = String(file.dropLast(5))
      let onDisk = try SourceProfile.load(from: directory.appendingPathComponent(file))
      #expect(try SourceProfile.shipped(named: name) == onDisk, "\(name)")
    }
    #expect(try SourceProfile.shipped(named: "no-such-app") == nil)
  }
}
