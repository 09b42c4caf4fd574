import Foundation
import Testing
import UTI

@Suite("UTType basics")
struct UTTypeTests {
  @Test func heicChain() throws {
    let heic = try #require(UTType("public.heic"))
    #expect(
      heic.supertypes.map(\.identifier) == [
        "public.heif-standard", "public.image", "public.data", "public.item", "public.content",
      ])
    #expect(heic.conforms(to: .image))
    #expect(!UTType.url.conforms(to: .content))
  }
}
