import Foundation
import Ingest
import UTI

/// The web app manifest (`GET /manifest.webmanifest`): what a browser needs to install the
/// server's pages as an app, and the `share_target` that puts the app in the system's share
/// sheet, generated from the input contract the server was started with.
///
/// The share target posts what `POST /share` takes: `multipart/form-data` with `title`,
/// `text`, `url` and `files`, whose `accept` lists what the contract accepts
/// (`acceptedFiles(by:)`).
enum WebAppManifest {
  /// The colour of the app's bar and icon.
  static let themeColor = "#1d5c8f"

  /// The manifest's JSON for `contract`.
  static func json(for contract: InputContract) -> [UInt8] {
    var params: [String: Any] = ["title": "title", "text": "text", "url": "url"]
    let accept = acceptedFiles(by: contract)
    if !accept.isEmpty {
      params["files"] = [["name": "files", "accept": accept]]
    }
    let manifest: [String: Any] = [
      "id": "/",
      "name": "Share Ingest",
      "short_name": "Ingest",
      "description": "Shares into the inbox, through the server's activation rule and contract",
      "start_url": "/library",
      "scope": "/",
      "display": "standalone",
      "background_color": "#ffffff",
      "theme_color": themeColor,
      "icons": AppIcon.sizes.flatMap { size in
        ["any", "maskable"].map { purpose in
          [
            "src": "/icon-\(size).png", "sizes": "\(size)x\(size)", "type": "image/png",
            "purpose": purpose,
          ]
        }
      },
      "share_target": [
        "action": "/share", "method": "POST", "enctype": "multipart/form-data",
        "params": params,
      ],
    ]
    let data =
      (try? JSONSerialization.data(
        withJSONObject: manifest, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]))
      ?? Data()
    return Array(data)
  }

  /// The MIME types and `.extensions` a share sheet should offer the app for, from what the
  /// contract accepts by conformance:
  ///
  /// - an accepted type that `public.data` conforms to (`public.data`, `public.item`,
  ///   `public.content`) accepts every file: `*/*`, and nothing more;
  /// - `public.image`, `public.movie` (and `public.video`, `public.audiovisual-content`) and
  ///   `public.audio`, or a type they conform to, add the wildcard of their MIME family
  ///   (`image/*`, `video/*`, `audio/*`): a phone's photo in a format this package's
  ///   catalogue does not list is still offered, and the contract still decides once it
  ///   arrives;
  /// - every declared type that is or conforms to an accepted type adds its MIME types and its
  ///   filename extensions (`public.heic`: `image/heic`, `.heic`), so that a file a share sheet
  ///   knows only by name is offered too. `application/octet-stream`, which names no type,
  ///   is never listed; folders are left out unless the contract takes them.
  ///
  /// MIME types come first, then extensions, each sorted, each once. A MIME type is listed
  /// by its essence alone (`text/plain`, never `text/plain;charset=utf-8`): Chromium's manifest
  /// parser takes only `type/subtype` there, and one entry it cannot read ("invalid mime type
  /// inside files") drops the whole `share_target`, so the app would never reach the share
  /// sheet.
  static func acceptedFiles(
    by contract: InputContract, registry: UTTypeRegistry = .shared
  ) -> [String] {
    let accepted = contract.acceptedTypes.compactMap { registry.type(withIdentifier: $0) }
    if accepted.contains(where: { UTType.data.conforms(to: $0) || $0 == .content }) {
      return ["*/*"]
    }
    var mimeTypes = Set<String>()
    var extensions = Set<String>()
    let families: [(UTType, String)] = [
      (.image, "image/*"), (.movie, "video/*"), (.video, "video/*"), (.audio, "audio/*"),
    ]
    for type in accepted {
      for (family, wildcard) in families where family.conforms(to: type) {
        mimeTypes.insert(wildcard)
      }
    }
    for declared in registry.declaredTypes
    where accepted.contains(where: declared.conforms(to:)) {
      if !contract.acceptsDirectories, declared.conforms(to: .directory) { continue }
      for tag in declared.tags[.mimeType] ?? [] {
        guard let mime = essence(of: tag), mime != "application/octet-stream" else { continue }
        mimeTypes.insert(mime)
      }
      for name in declared.tags[.filenameExtension] ?? [] where !name.isEmpty {
        extensions.insert("." + name.lowercased())
      }
    }
    return mimeTypes.sorted() + extensions.sorted()
  }

  /// A MIME type's essence (`type/subtype`, lower-cased, parameters dropped), or nil when what
  /// is left is not two RFC 9110 tokens around one `/`.
  static func essence(of mimeType: String) -> String? {
    let essence =
      mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      .first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isTokenCharacter) })
    else { return nil }
    return essence
  }

  /// Whether `character` may appear in an HTTP token (RFC 9110 `tchar`).
  static func isTokenCharacter(_ character: Character) -> Bool {
    guard character.isASCII, let ascii = character.asciiValue else { return false }
    if character.isLetter || character.isNumber { return true }
    return "!#$%&'*+-.^_`|~".utf8.contains(ascii)
  }
}
