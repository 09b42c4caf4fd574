import Foundation
import Ingest
import ItemProvider
import Testing

// The example of a team testing its own extension from its own package, in the article
// `Sources/Ingest/Ingest.docc/UsingFromAnotherPackage.md`: this file's code between the
// markers is the article's block, character for character (`Tests/CLITests/ReadmeTests.swift`
// holds them together).

/// The team's own extension code, as it is on iOS: copies each image inside its load callback.
final class TeamShareViewController {
  let group: String
  init(group: String) { self.group = group }

  func handle(_ context: NSExtensionContext) {
    guard let provider = (context.inputItems.first as? NSExtensionItem)?.attachments?.first,
      let container = FileManager.default.containerURL(
        forSecurityApplicationGroupIdentifier: group)
    else { return context.cancelRequest(withError: CocoaError(.fileNoSuchFile)) }
    provider.loadFileRepresentation(forTypeIdentifier: "public.image") { url, error in
      guard let url else {
        return context.cancelRequest(withError: error ?? CocoaError(.fileReadUnknown))
      }
      let copy = container.appendingPathComponent(url.lastPathComponent)
      do {
        try FileManager.default.copyItem(at: url, to: copy)
        context.completeRequest(returningItems: nil)
      } catch {
        context.cancelRequest(withError: error)
      }
    }
  }
}

// README begin
@Test func photosShareIsCopiedIntoTheGroup() async throws {
  let group = "group.com.example.team-\(UUID().uuidString.prefix(8).lowercased())"
  let container = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
  try AppGroupContainers.shared.register(group, directory: container)
  defer {
    AppGroupContainers.shared.unregister(group)
    try? FileManager.default.removeItem(at: container)
  }
  // A photo shared from Photos, as the shipped profile describes it, over the package's samples.
  let profile = try #require(try SourceProfile.shipped().first { $0.name == "photos-photo" })
  let items = try profile.makeExtensionItems(
    corpus: try #require(ShareSamples.corpus),
    workDirectory: container.appendingPathComponent("work"))
  let context = NSExtensionContext(inputItems: items)
  TeamShareViewController(group: group).handle(context)
  #expect(await context.waitForRequestToEnd()?.isCompleted == true)
  #expect(
    try FileManager.default.contentsOfDirectory(atPath: container.path).contains {
      $0.hasPrefix("IMG")
    })
  // A source that goes away mid-load (deleting its file: give it a copy): the extension must
  // cancel, not hang or crash.
  let photo = container.appendingPathComponent("photo.jpg")
  try FileManager.default.copyItem(
    at: try #require(ShareSamples.corpus).appendingPathComponent("files/photo.jpg"), to: photo)
  let vanishing = ScriptedSource(file: photo, behavior: .vanishMidLoad)
  let item = NSExtensionItem()
  item.attachments = [vanishing.fileProvider(typeIdentifier: "public.jpeg")]
  let failing = NSExtensionContext(inputItems: [item])
  TeamShareViewController(group: group).handle(failing)
  #expect(await failing.waitForRequestToEnd()?.isCompleted == false)
}
// README end
