import Foundation
import ItemProvider
import TestSupport
import Testing

@Suite("Representation visibility across the extension boundary", .onIOExecutor)
struct VisibilityTests {
  /// A provider with one representation of each visibility.
  static func provider() -> NSItemProvider {
    let provider = NSItemProvider()
    let cases: [(String, NSItemProviderRepresentationVisibility)] = [
      ("public.jpeg", .all), ("com.example.team", .team), ("com.example.group", .group),
      ("com.example.own", .ownProcess),
    ]
    for (type, visibility) in cases {
      provider.registerDataRepresentation(forTypeIdentifier: type, visibility: visibility) {
        completion in
        completion(Data(type.utf8), nil)
        return nil
      }
    }
    return provider
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var receiver: ItemProviderConsumer
    var visible: [String]
    var testDescription: String { name }
  }

  @Test(
    "An extension sees what its relation to the host allows",
    arguments: [
      Case(name: "another team's extension", receiver: .otherTeam, visible: ["public.jpeg"]),
      Case(
        name: "the same team, no shared group", receiver: .sameTeam(),
        visible: ["public.jpeg", "com.example.team"]),
      Case(
        name: "the same team and App Group", receiver: .sameTeam(isSameAppGroup: true),
        visible: ["public.jpeg", "com.example.team", "com.example.group"]),
      Case(
        name: "the source process", receiver: .sourceProcess,
        visible: ["public.jpeg", "com.example.team", "com.example.group", "com.example.own"]),
    ])
  func extensionSeesOnlyVisibleRepresentations(_ example: Case) async throws {
    let original = Self.provider()
    let item = NSExtensionItem()
    item.attachments = [original]
    let context = NSExtensionContext(inputItems: [item], receiver: example.receiver)
    let received = try #require(
      (context.inputItems.first as? NSExtensionItem)?.attachments?.first)
    #expect(received.registeredTypeIdentifiers == example.visible)
    if !example.visible.contains("com.example.own") {
      #expect(!received.hasItemConformingToTypeIdentifier("com.example.own"))
      let (_, error) = await Loads.data(received, "com.example.own")
      #expect(error?.code == -1000)
    }
    // The host's own provider is untouched: in its process every representation loads.
    #expect(original.registeredTypeIdentifiers.count == 4)
    let (own, _) = await Loads.data(original, "com.example.own")
    #expect(own == Data("com.example.own".utf8))
  }

  @Test("By default an extension is another team's; items hiding nothing are handed over as is")
  func defaultsAndIdentity() throws {
    let open = NSExtensionItem()
    open.attachments = [NSItemProvider(item: "text" as NSString, typeIdentifier: "public.text")]
    let hiding = NSExtensionItem()
    hiding.attributedContentText = NSAttributedString(string: "Title")
    hiding.attachments = [Self.provider()]
    let context = NSExtensionContext(inputItems: [open, hiding])
    let items = context.inputItems.compactMap { $0 as? NSExtensionItem }
    #expect(items.first === open)
    #expect(items.last !== hiding)
    #expect(items.last?.attributedContentText?.string == "Title")
    #expect(items.last?.attachments?.first?.registeredTypeIdentifiers == ["public.jpeg"])
  }

  @Test("copy(visibleTo:) keeps the name, timeout and preview handler")
  func copyKeepsTheRest() {
    let provider = Self.provider()
    provider.suggestedName = "IMG_1.JPG"
    provider.loadTimeout = 5
    provider.previewImageHandler = { completion, _, _ in completion?(NSData(), nil) }
    let copy = provider.copy(visibleTo: .otherTeam)
    #expect(copy.suggestedName == "IMG_1.JPG")
    #expect(copy.loadTimeout == 5)
    #expect(copy.previewImageHandler != nil)
    #expect(copy.visibility(forTypeIdentifier: "com.example.own") == nil)
  }
}
