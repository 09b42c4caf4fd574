import Foundation
import ImageCodecs
import Importer
import InboxReading
import Ingest
import ShareServer
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
/// Decoding: in a child process per thumbnail (`ThumbnailDecoding.childProcess`, what `serve`
/// uses), given the opened file as its standard input, so the server never reads the image: the
/// worker holds at most `ThumbnailWorker.addressSpaceLimit` of address space and
/// `ThumbnailWorker.processorSecondsLimit` of processor time, and is killed after
/// `ThumbnailWorker.wallClockLimit`; whatever a decoder does with a hostile file ends the
/// worker, and the answer is 422. Inside it (and in process, `.inProcess`), a source of at most
/// `maximumSourceBytes` decoding to at most `maximumSourcePixels` (judged on what the decoder
/// allocates, a HEIF grid's own size, before any pixel is decoded). At most
/// `concurrentDecodes` at a time (others wait their turn, suspended, not blocking a thread), so
/// a slow image holds up no more than one of them; the thumbnails made are kept, newest first,
/// up to `cacheLimit` bytes.
final class Thumbnails: Sendable {
  /// The longest side of a thumbnail, in pixels.
  static let maximumSide = 240
  /// The largest image file a thumbnail is made of.
  static let maximumSourceBytes: Int64 = 48 << 20
  /// The most pixels decoded for a thumbnail (48 Mpx: 192 MB of RGBA at most).
  static let maximumSourcePixels = 48_000_000
  /// The bytes of thumbnails kept.
  static let cacheLimit = 4 << 20
  /// The most thumbnails made at once.
  static let concurrentDecodes = max(2, min(8, ProcessInfo.processInfo.activeProcessorCount))

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
  private let gate = TurnTaking(capacity: concurrentDecodes)
  let group: GroupDirectory
  let inbox: any InboxReader
  let library: (any LibraryStore)?
  let decoding: ThumbnailDecoding
  let log: @Sendable (String) -> Void

  init(
    group: GroupDirectory, inbox: any InboxReader, library: (any LibraryStore)?,
    decoding: ThumbnailDecoding, log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.group = group
    self.inbox = inbox
    self.library = library
    self.decoding = decoding
    self.log = log
  }

  /// The answer to `GET /thumbnail/<share>/<item>`: a JPEG, or 404 when there is no such
  /// share, item or image, or 422 when the image cannot be made small.
  func response(share: UUID, item: Int) async -> HTTPResponse {
    let key = Key(share: share, item: item)
    if let cached = cache.withLock({ $0.entries[key] }) { return Self.jpeg(cached) }
    let source: FileDescriptor
    do {
      guard let opened = try await open(share: share, item: item) else {
        return .text(404, "no image at this share and item")
      }
      source = opened
    } catch {
      return .text(404, "the image cannot be read")
    }
    await gate.take()
    let made = await make(from: source)
    gate.pass()
    try? source.close()
    guard let jpeg = made else {
      return .text(422, "no thumbnail can be made of this image")
    }
    keep(jpeg, for: key)
    return Self.jpeg(jpeg)
  }

  /// The thumbnail of the image `source` holds, made as `decoding` says; nil when none can be.
  private func make(from source: FileDescriptor) async -> [UInt8]? {
    let (decoding, scratch, log) = (self.decoding, group.staging, self.log)
    return await IOExecutor.shared.run { () -> [UInt8]? in
      switch decoding {
      case .inProcess:
        guard let bytes = try? source.readToEnd(limit: Self.maximumSourceBytes) else {
          return nil
        }
        return try? Self.thumbnail(of: bytes)
      case .childProcess(let executable, let arguments):
        do {
          return try ThumbnailWorker.thumbnail(
            of: source, executable: executable, arguments: arguments, scratch: scratch, log: log)
        } catch {
          log("error: cannot run the thumbnail worker: \(LogRedaction.describe(error))")
          return nil
        }
      }
    }
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

  /// The item's image file, opened: the library's copy once imported, else the inbox's; nil
  /// when the share or item is not there or is not an image thumbnails are made of.
  private func open(share: UUID, item index: Int) async throws -> FileDescriptor? {
    if let library, let record = try await LibraryLookup.record(share, in: library) {
      guard index < record.items.count, let file = record.items[index].file,
        record.items[index].kind == .file,
        Self.hasThumbnail(record.items[index].typeIdentifier)
      else { return nil }
      let path = library.absolutePath(ofFile: file)
      let opened = try FileDescriptor.open(path, .readOnly, options: [.noFollow, .nonBlocking])
      do throws(IOError) {
        let status = try opened.status()
        guard status.kind == .regularFile else {
          throw IOError(
            .notRegularFile, operation: .openForReading, path: path, fileKind: status.kind)
        }
        return opened
      } catch {
        try? opened.close()
        throw error
      }
    }
    guard let manifest = try await inbox.manifest(share), index < manifest.items.count else {
      return nil
    }
    let item = manifest.items[index]
    guard item.kind == .file, Self.hasThumbnail(item.typeIdentifier), let name = item.fileName
    else { return nil }
    return try group.incoming.openUntrusted(name, maximumLinks: 3).file
  }

  /// A JPEG at most `maximumSide` pixels on its longer side, turned upright.
  static func thumbnail(of bytes: [UInt8]) throws(ImageCodecError) -> [UInt8] {
    let data = Data(bytes)
    let image = try ImageDecoder.decode(data, maximumPixels: maximumSourcePixels)
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

/// Takes turns without blocking a thread: at most `capacity` holders at once; `take()`
/// suspends until a holder calls `pass()`, first come first served.
///
/// Kept rather than a bounded task group: the decodes it bounds belong to separate requests,
/// each answered by its own connection's task, so there is no parent to hold such a group.
final class TurnTaking: Sendable {
  private struct State: Sendable {
    var holders = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let capacity: Int
  private let state = Mutex(State())

  init(capacity: Int = 1) {
    self.capacity = max(1, capacity)
  }

  func take() async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool in
        if state.holders < capacity {
          state.holders += 1
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
        state.holders -= 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
