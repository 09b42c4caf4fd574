import Digests
import Foundation
import ImageCodecs
import Importer
import Ingest
import Testing
import UTI

@testable import ShareServer
@testable import ShareWebApp

/// The web app's pieces, one by one.
@Suite("The web app's pieces")
struct WebAppUnitTests {
  @Test("HMAC-SHA256 gives RFC 4231's test vectors")
  func hmac() throws {
    let short = try HMACSHA256.authenticationCode(
      key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
    #expect(
      SHA256Digest.hex(short)
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    // A key longer than the block is hashed first (test case 6).
    let long = try HMACSHA256.authenticationCode(
      key: [UInt8](repeating: 0xAA, count: 131),
      message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
    #expect(
      SHA256Digest.hex(long)
        == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
  }

  @Test("Escaping leaves no markup and no way out of an attribute")
  func escaping() {
    #expect(
      HTML.escape("<a href=\"x\" onclick='y'>&</a>")
        == "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
    #expect(HTML.escape("交接 ok") == "交接 ok")
  }

  /// An `Accept` header and whether it asks for a page.
  struct AcceptCase: Sendable, CustomTestStringConvertible {
    var accept: String?
    var prefersHTML: Bool
    var testDescription: String { accept ?? "no Accept" }
  }

  @Test(
    "A browser's Accept prefers HTML; curl's and an API client's do not",
    arguments: [
      AcceptCase(
        accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8",
        prefersHTML: true),
      AcceptCase(accept: "*/*", prefersHTML: false),
      AcceptCase(accept: nil, prefersHTML: false),
      AcceptCase(accept: "application/json", prefersHTML: false),
      AcceptCase(accept: "application/json, text/html;q=0.5", prefersHTML: false),
      AcceptCase(accept: "text/*, application/json;q=0.1", prefersHTML: true),
      AcceptCase(accept: ";;,,=q", prefersHTML: false),
    ])
  func accept(_ example: AcceptCase) {
    #expect(RequestPreferences.prefersHTML(accept: example.accept) == example.prefersHTML)
  }

  @Test("The card's language is the viewer's first language that has one")
  func languages() {
    #expect(
      RequestPreferences.summaryLocale(acceptLanguage: "zh-TW,en;q=0.5") == .traditionalChinese)
    #expect(
      RequestPreferences.summaryLocale(acceptLanguage: "fr, en;q=0.8, zh-Hant;q=0.9")
        == .traditionalChinese)
    #expect(RequestPreferences.summaryLocale(acceptLanguage: "zh-CN, fr") == .english)
    #expect(RequestPreferences.summaryLocale(acceptLanguage: nil) == .english)
  }

  @Test("A time zone is an IANA identifier and nothing else")
  func timeZones() {
    #expect(RequestPreferences.timeZone("Asia/Taipei")?.identifier == "Asia/Taipei")
    #expect(RequestPreferences.timeZone("America%2FNew_York")?.identifier == "America/New_York")
    #expect(RequestPreferences.timeZone("Not/AZone") == nil)
    #expect(RequestPreferences.timeZone("../../etc/passwd") == nil)
    #expect(RequestPreferences.timeZone(String(repeating: "A", count: 100)) == nil)
  }

  @Test("Cookies are found by name")
  func cookies() {
    let header = "tz=Asia%2FTaipei; ingest-pairing=abc=; other=1"
    #expect(RequestPreferences.cookie("ingest-pairing", in: header) == "abc=")
    #expect(RequestPreferences.cookie("tz", in: header) == "Asia%2FTaipei")
    #expect(RequestPreferences.cookie("missing", in: header) == nil)
  }

  /// A POST's headers and whether the pairing cookie may authenticate it.
  struct OriginCase: Sendable, CustomTestStringConvertible {
    var origin: String?
    var site: String?
    var secure = false
    var passes: Bool
    var testDescription: String {
      "Origin \(origin ?? "-"), Sec-Fetch-Site \(site ?? "-")\(secure ? ", HTTPS" : "")"
    }
  }

  @Test(
    "A cookie-authenticated POST must come from the server's own pages",
    arguments: [
      OriginCase(origin: "http://host:8787", site: "same-origin", passes: true),
      OriginCase(origin: "null", site: "same-origin", passes: true),
      OriginCase(origin: nil, site: "none", passes: true),
      OriginCase(origin: nil, site: nil, passes: true),
      OriginCase(origin: "https://host:8787", site: "same-origin", secure: true, passes: true),
      OriginCase(origin: "http://host:8787", site: "same-origin", secure: true, passes: false),
      OriginCase(origin: "http://evil.example", site: nil, passes: false),
      OriginCase(origin: "http://host:9999", site: "same-site", passes: false),
      OriginCase(origin: nil, site: "cross-site", passes: false),
      OriginCase(origin: "null", site: "cross-site", passes: false),
    ])
  func sameOrigin(_ example: OriginCase) throws {
    let pairing = try Pairing(tokens: BearerTokens(["token"]), isSecure: example.secure)
    let head = HTTPRequestHead(
      method: "POST", path: "/share", host: "host:8787", origin: example.origin,
      fetchSite: example.site)
    #expect(pairing.isSameOrigin(head) == example.passes)
  }

  @Test("The pairing cookie is an HMAC of the token, accepted back, never another")
  func pairingCookie() throws {
    let pairing = try Pairing(tokens: BearerTokens(["first", "second"]), isSecure: false)
    #expect(pairing.setCookie(forToken: "wrong") == nil)
    let set = try #require(pairing.setCookie(forToken: "second"))
    let value = try #require(set.split(separator: ";").first).split(separator: "=")[1]
    #expect(value.count == 64)
    var head = HTTPRequestHead(method: "GET", path: "/library")
    head.cookie = "ingest-pairing=\(value)"
    #expect(pairing.isPaired(head))
    #expect(pairing.mayView(head))
    // One hex digit changed (to another digit whatever it was).
    head.cookie = "ingest-pairing=\(value.dropLast())\(value.last == "0" ? "1" : "0")"
    #expect(!pairing.isPaired(head))
    let other = try Pairing(tokens: BearerTokens(["first", "second"]), isSecure: false)
    head.cookie = "ingest-pairing=\(value)"
    #expect(!other.isPaired(head), "another server's key makes other cookies")
  }

  @Test("A thumbnail's address is a UUID and a small index, nothing else")
  func thumbnailAddresses() {
    let id = UUID()
    #expect(WebAppRoutes.thumbnailAddress("/thumbnail/\(id.uuidString)/3")?.1 == 3)
    for bad in [
      "/thumbnail/\(id.uuidString)", "/thumbnail/\(id.uuidString)/-1",
      "/thumbnail/\(id.uuidString)/99999", "/thumbnail/\(id.uuidString)/1/2",
      "/thumbnail/x/0", "/thumbnail/\(id.uuidString)/+1", "/thumbnail//0",
    ] {
      #expect(WebAppRoutes.thumbnailAddress(bad) == nil, "\(bad)")
    }
  }

  @Test("A contract that takes any data offers */*; one that takes PDFs only, PDFs")
  func acceptLists() {
    #expect(
      WebAppManifest.acceptedFiles(by: InputContract(acceptedTypes: ["public.data"])) == ["*/*"])
    let pdf = WebAppManifest.acceptedFiles(by: InputContract(acceptedTypes: ["com.adobe.pdf"]))
    #expect(pdf == ["application/pdf", ".pdf"])
    let images = WebAppManifest.acceptedFiles(by: InputContract(acceptedTypes: ["public.image"]))
    #expect(images.contains("image/*") && images.contains(".heic") && !images.contains("video/*"))
  }

  @Test("The accept list holds MIME essences and extensions only, each once")
  func acceptListEssences() {
    let accept = WebAppManifest.acceptedFiles(by: .default)
    #expect(accept.contains("text/plain"))
    #expect(Set(accept).count == accept.count)
    for entry in accept where !entry.hasPrefix(".") {
      #expect(WebAppManifest.essence(of: entry) == entry, "\(entry)")
    }
    #expect(WebAppManifest.essence(of: "Text/Plain; charset=\"utf-8\"") == "text/plain")
    for bad in ["text", "text/", "/plain", "text/pl ain", "a/b/c", "téxt/plain", ""] {
      #expect(WebAppManifest.essence(of: bad) == nil, "\(bad)")
    }
  }

  @Test("Shrinking averages blocks and keeps the aspect ratio")
  func shrinking() {
    // 4x2: a white left half, a black right half.
    let samples: [UInt8] = [255, 255, 0, 0, 255, 255, 0, 0]
    let image = PixelImage(
      width: 4, height: 2, layout: .rgb, samples: samples.flatMap { [$0, $0, $0] })
    let small = ThumbnailScaling.shrink(image, toFit: 2)
    #expect(small.width == 2 && small.height == 1)
    #expect(small.samples == [255, 255, 255, 0, 0, 0])
    let same = ThumbnailScaling.shrink(image, toFit: 10)
    #expect(same.width == 4)
  }

  @Test(
    "Each EXIF orientation is turned upright",
    arguments: ImageOrientation.allCases)
  func orientations(_ orientation: ImageOrientation) {
    // Stored 2x3 with pixel values 0...5, row by row; the expected shown pixels by hand.
    let stored = PixelImage(
      width: 2, height: 3, layout: .rgb, samples: (0..<6).flatMap { [UInt8($0), 0, 0] },
      orientation: orientation)
    let expected: [ImageOrientation: (Int, Int, [UInt8])] = [
      .up: (2, 3, [0, 1, 2, 3, 4, 5]),
      .upMirrored: (2, 3, [1, 0, 3, 2, 5, 4]),
      .down: (2, 3, [5, 4, 3, 2, 1, 0]),
      .downMirrored: (2, 3, [4, 5, 2, 3, 0, 1]),
      .leftMirrored: (3, 2, [0, 2, 4, 1, 3, 5]),
      .right: (3, 2, [4, 2, 0, 5, 3, 1]),
      .rightMirrored: (3, 2, [5, 3, 1, 4, 2, 0]),
      .left: (3, 2, [1, 3, 5, 0, 2, 4]),
    ]
    let upright = ThumbnailScaling.upright(stored)
    let (width, height, values) = expected[orientation] ?? (0, 0, [])
    #expect(upright.width == width && upright.height == height)
    #expect(stride(from: 0, to: upright.samples.count, by: 3).map { upright.samples[$0] } == values)
    #expect(upright.orientation == .up)
  }

  @Test("The icon is drawn at each size the manifest lists, as a PNG")
  func icon() throws {
    let icons = AppIcon()
    for size in AppIcon.sizes {
      let png = try #require(icons.png(size: size))
      let header = try ImageDecoder.header(of: Data(png))
      #expect(header.width == size && header.height == size)
    }
    #expect(icons.png(size: 64) == nil)
  }

  @Test(
    "Thumbnails are made several at a time: holders up to the capacity go on without waiting",
    // Only a deadlock (a gate of one) trips this; under the full suite on 2 cores a one-minute
    // limit was once met by scheduling alone.
    .timeLimit(.minutes(10)))
  func thumbnailsInParallel() async {
    #expect(Thumbnails.concurrentDecodes >= 2)
    let gate = TurnTaking(capacity: 2)
    // Two holders at once: the second take returns while the first still holds (a gate of one
    // would wait here forever, and the time limit fail the test).
    await gate.take()
    await gate.take()
    let third = Task {
      await gate.take()
      return true
    }
    gate.pass()
    #expect(await third.value)
    gate.pass()
    gate.pass()
  }
}
