import Foundation
import ImageCodecs
import Importer
import Ingest
import Synchronization
import SystemCalls
import UTI

/// Small JPEG thumbnails of the images on the library page (`GET /thumbnail/<share-id>/<n>`),
/// made through `ImageCodecs` (libjpeg-turbo, libpng, libheif) in bounded memory.
///
/// The request names a share by its id (parsed as a UUID) and an item by its index: the file
/// is the one the library's record, or else the inbox's manifest, names for that item; nothing
/// from the request becomes a path. A file from the group directory is opened as the reading
/// side opens everything there (`openUntrusted`: no link followed, a regular file).
///
/// Memory: a source file of at most `maximumSourceBytes`, of at most `maximumSourcePixels`
/// (its header is read before any pixel is decoded), one decode at a time (others wait their
/// turn, suspended, not blocking a thread); the thumbnails made are kept, newest first, up to
/// `cacheLimit` bytes.
final class Thumbnails: Sendable {
  /// The longest side of a thumbnail, in pixels.
  static let maximumSide = 240
  /// The largest image file a thumbnail is made of.
  static let maximumSourceBytes: Int64 = 48 << 20
  /// The most pixels decoded for a thumbnail (48 Mpx: 192 MB of RGBA at most).
  static let maximumSourcePixels = 48_000_000
  /// The bytes of thumbnails kept.
  static let cacheLimit = 4 << 20

  /// The image types a thumbnail is made of: those `ImageDecoder` decodes.
  static let decodedTypes: [UTType] =
    [.png, .jpeg, .heif, .heic] + [UTType("public.avif")].compactMap { $0 }

  /// Whether an item of `typeIdentifier` gets a thumbnail.
  static func hasThumbnail(_ typeIdentifier: String) -> Bool {
    guard let type = UTType(typeIdentifier) else { return false }
    return decodedTypes.contains { type.conforms(to: $0) }
  }

  private struct Key: Hashable {
    var share: UUID
    var item: Int
  }

  private struct Cache {
    var entries: [Key: [UInt8]] = [:]
    var order: [Key] = []
    var bytes = 0
  }

  private let cache = Mutex(Cache())
  private let gate = TurnTaking()
  let group: GroupDirectory
  let inbox: any InboxStore
  let library: (any LibraryStore)?

  init(group: GroupDirectory, inbox: any InboxStore, library: (any LibraryStore)?) {
    self.group = group
    self.inbox = inbox
    self.library = library
  }

  /// The answer to `GET /thumbnail/<share>/<item>`: a JPEG, or 404 when there is no such
  /// share, item or image, or 422 when the image cannot be made small.
  func response(share: UUID, item: Int) async -> HTTPResponse {
    let key = Key(share: share, item: item)
    if let cached = cache.withLock({ $0.entries[key] }) { return Self.jpeg(cached) }
    let bytes: [UInt8]
    do {
      guard let read = try await source(share: share, item: item) else {
        return .text(404, "no image at this share and item")
      }
      bytes = read
    } catch {
      return .text(404, "the image cannot be read")
    }
    await gate.take()
    let made = Result { () throws(ImageCodecError) -> [UInt8] in try Self.thumbnail(of: bytes) }
    gate.pass()
    guard case .success(let jpeg) = made else {
      return .text(422, "no thumbnail can be made of this image")
    }
    keep(jpeg, for: key)
    return Self.jpeg(jpeg)
  }

  private static func jpeg(_ bytes: [UInt8]) -> HTTPResponse {
    HTTPResponse(
      status: 200, body: bytes, contentType: "image/jpeg",
      headers: [("X-Content-Type-Options", "nosniff"), ("Cache-Control", "private, max-age=3600")])
  }

  private func keep(_ jpeg: [UInt8], for key: Key) {
    cache.withLock { cache in
      guard cache.entries[key] == nil, jpeg.count <= Self.cacheLimit else { return }
      cache.entries[key] = jpeg
      cache.order.append(key)
      cache.bytes += jpeg.count
      while cache.bytes > Self.cacheLimit, !cache.order.isEmpty {
        let oldest = cache.order.removeFirst()
        cache.bytes -= cache.entries.removeValue(forKey: oldest)?.count ?? 0
      }
    }
  }

  /// The bytes of the item's image file: the library's copy once imported, else the inbox's;
  /// nil when the share or item is not there or is not an image thumbnails are made of.
  private func source(share: UUID, item index: Int) async throws -> [UInt8]? {
    if let library, let record = try await LibraryLookup.record(share, in: library) {
      guard index < record.items.count, let file = record.items[index].file,
        record.items[index].kind == .file,
        Self.hasThumbnail(record.items[index].typeIdentifier)
      else { return nil }
      return try FileSystem.readFile(
        atPath: library.absolutePath(ofFile: file), limit: Self.maximumSourceBytes,
        followSymbolicLinks: false)
    }
    guard let manifest = try await inbox.manifest(share), index < manifest.items.count else {
      return nil
    }
    let item = manifest.items[index]
    guard item.kind == .file, Self.hasThumbnail(item.typeIdentifier), let name = item.fileName
    else { return nil }
    let opened = try group.incoming.openUntrusted(name, maximumLinks: 3)
    return try opened.file.closeAfterTyped { () throws(IOError) -> [UInt8] in
      try opened.file.readToEnd(sizeHint: opened.status.size, limit: Self.maximumSourceBytes)
    }
  }

  /// A JPEG at most `maximumSide` pixels on its longer side, turned upright.
  static func thumbnail(of bytes: [UInt8]) throws(ImageCodecError) -> [UInt8] {
    let data = Data(bytes)
    let header = try ImageDecoder.header(of: data)
    guard header.width * header.height <= maximumSourcePixels else {
      throw .tooLarge(width: header.width, height: header.height)
    }
    let image = try ImageDecoder.decode(data)
    let small = ThumbnailScaling.upright(ThumbnailScaling.shrink(image, toFit: maximumSide))
    return Array(try ImageEncoder.jpeg(small, quality: 0.8))
  }
}

/// Finding one record in a library: by its id in SQLite, among the newest elsewhere.
enum LibraryLookup {
  /// How far back a library without a lookup by id is searched.
  static let searchedRecords = 500

  static func record(_ id: UUID, in library: any LibraryStore) async throws -> LibraryRecord? {
    if let sqlite = library as? Library { return try await sqlite.record(shareID: id) }
    return try await library.records(status: nil, limit: searchedRecords).first {
      $0.shareID == id
    }
  }
}

/// Takes turns without blocking a thread: `take()` suspends until the previous holder calls
/// `pass()`, first come first served.
final class TurnTaking: Sendable {
  private struct State: Sendable {
    var isTaken = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  func take() async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool in
        if !state.isTaken {
          state.isTaken = true
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }

  func pass() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiting.isEmpty {
        state.isTaken = false
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
