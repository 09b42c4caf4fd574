import Foundation
import ItemProvider
import Synchronization
import TestSupport
import Testing
import UTI

@Suite("NSItemProvider loading", .onIOExecutor)
struct LoadingTests {
  private func fileProvider(_ url: URL, type: String, inPlace: Bool = false) -> NSItemProvider {
    let provider = NSItemProvider()
    provider.registerFileRepresentation(
      forTypeIdentifier: type, fileOptions: inPlace ? [.openInPlace] : [], visibility: .all
    ) { completion in
      completion(url, false, nil)
      return nil
    }
    return provider
  }

  @Test("Data of a file representation is the file's bytes")
  func fileAsData() async throws {
    let provider = fileProvider(Corpus.file("photo.jpg"), type: "public.jpeg")
    let (data, error) = await Loads.data(provider, "public.jpeg")
    #expect(error == nil)
    #expect(data == (try Corpus.bytes("photo.jpg")))
  }

  @Test("A conforming request loads the first conforming representation")
  func firstConforming() async throws {
    let provider = NSItemProvider()
    provider.registerFileRepresentation(
      forTypeIdentifier: "public.heic", fileOptions: [], visibility: .all
    ) { completion in
      completion(Corpus.file("photo.heic"), false, nil)
      return nil
    }
    provider.registerDataRepresentation(forTypeIdentifier: "public.jpeg", visibility: .all) {
      completion in
      completion(try? Corpus.bytes("photo.jpg"), nil)
      return nil
    }
    let (image, _) = await Loads.data(provider, "public.image")
    #expect(image == (try Corpus.bytes("photo.heic")))
    let (jpeg, _) = await Loads.data(provider, "public.jpeg")
    #expect(jpeg == (try Corpus.bytes("photo.jpg")))
  }

  @Test("A type that is not there fails with Apple's item-unavailable error")
  func missingType() async {
    let provider = fileProvider(Corpus.file("photo.jpg"), type: "public.jpeg")
    let (data, error) = await Loads.data(provider, "public.movie")
    #expect(data == nil)
    #expect(error?.domain == "NSItemProviderErrorDomain")
    #expect(error?.code == -1000)
    #expect(error?.localizedDescription == "Cannot load representation of type public.movie")
  }

  @Test("File loads copy into a private directory, deleted when the handler returns")
  func privateCopy() async throws {
    let provider = fileProvider(Corpus.file("photo.heic"), type: "public.heic")
    provider.suggestedName = "IMG_0412.HEIC"
    let (url, facts, error) = await Loads.file(provider, "public.heic") { url in
      (
        bytes: try Data(contentsOf: url),
        fileMode: try permissions(of: url.path),
        directoryMode: try permissions(of: url.deletingLastPathComponent().path)
      )
    }
    #expect(error == nil)
    let copy = try #require(url)
    #expect(copy.lastPathComponent == "IMG_0412.heic")
    #expect(copy.path != Corpus.file("photo.heic").path)
    #expect(facts?.bytes == (try Corpus.bytes("photo.heic")))
    #expect(facts?.fileMode == 0o600)
    #expect(facts?.directoryMode == 0o700)
    // Apple: "This file will be deleted when the completion handler returns".
    #expect(await Loads.isGone(copy.path))
    #expect(await Loads.isGone(copy.deletingLastPathComponent().path))
    #expect(FileManager.default.fileExists(atPath: Corpus.file("photo.heic").path))
  }

  struct NamingCase: CustomTestStringConvertible, Sendable {
    var suggestedName: String?
    var type: String
    var expected: String
    var testDescription: String { "\(suggestedName ?? "nil") as \(type) -> \(expected)" }
  }

  @Test(
    "Copies are named from the suggested name with the type's extension",
    arguments: [
      NamingCase(suggestedName: "IMG_0412.HEIC", type: "public.jpeg", expected: "IMG_0412.jpeg"),
      NamingCase(
        suggestedName: "Quarterly Report", type: "com.adobe.pdf", expected: "Quarterly Report.pdf"),
      NamingCase(
        suggestedName: "../../etc/passwd", type: "public.jpeg", expected: "_.._etc_passwd.jpeg"),
      NamingCase(suggestedName: ".hidden", type: "public.png", expected: "hidden.png"),
      NamingCase(suggestedName: nil, type: "public.jpeg", expected: "photo.jpeg"),
      NamingCase(
        suggestedName: "v1.2 notes", type: "com.example.undeclared", expected: "v1.2 notes"),
    ])
  func copyNames(_ test: NamingCase) async throws {
    let provider = fileProvider(Corpus.file("photo.jpg"), type: test.type)
    provider.suggestedName = test.suggestedName
    let (url, _, error) = await Loads.file(provider, test.type) { _ in true }
    #expect(error == nil)
    #expect(url?.lastPathComponent == test.expected)
  }

  @Test("Data representations load as files too")
  func dataAsFile() async throws {
    let provider = NSItemProvider()
    provider.registerDataRepresentation(forTypeIdentifier: "public.png", visibility: .all) {
      completion in
      completion(try? Corpus.bytes("screenshot.png"), nil)
      return nil
    }
    provider.suggestedName = "Screenshot"
    let (url, bytes, error) = await Loads.file(provider, "public.png") { try Data(contentsOf: $0) }
    #expect(error == nil)
    #expect(url?.lastPathComponent == "Screenshot.png")
    #expect(bytes == (try Corpus.bytes("screenshot.png")))
  }

  @Test("A large file is copied whole")
  func largeFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // 40 MiB: several kernel copy steps; a pattern that would show a misplaced chunk.
    var bytes = Data(count: 40 << 20)
    bytes.withUnsafeMutableBytes { buffer in
      for index in stride(from: 0, to: buffer.count, by: 4096) {
        buffer[index] = UInt8(truncatingIfNeeded: index >> 12)
      }
    }
    let source = try directory.file("big.mov", contents: bytes)
    let provider = fileProvider(source, type: "com.apple.quicktime-movie")
    let (_, copied, error) = await Loads.file(provider, "public.movie") { try Data(contentsOf: $0) }
    #expect(error == nil)
    #expect(copied == bytes)
  }

  @Test("A folder loads as a folder copy and as a ZIP archive")
  func folder() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let bundle = directory.url.appendingPathComponent("IMG_0001.pvt")
    _ = try directory.file("IMG_0001.pvt/IMG_0001.HEIC", contents: try Corpus.bytes("photo.heic"))
    _ = try directory.file("IMG_0001.pvt/IMG_0001.MOV", contents: try Corpus.bytes("video.mov"))
    try FileManager.default.createSymbolicLink(
      atPath: bundle.appendingPathComponent("escape").path, withDestinationPath: "/etc/passwd")
    let provider = fileProvider(bundle, type: "com.apple.private.live-photo-bundle")

    let (url, names, error) = await Loads.file(provider, "com.apple.private.live-photo-bundle") {
      try FileManager.default.contentsOfDirectory(atPath: $0.path).sorted()
    }
    #expect(error == nil)
    #expect(url?.lastPathComponent == "IMG_0001.pvt")
    // The symbolic link is left out, never followed.
    #expect(names == ["IMG_0001.HEIC", "IMG_0001.MOV"])

    let (zip, zipError) = await Loads.data(provider, "com.apple.private.live-photo-bundle")
    #expect(zipError == nil)
    let archive = try #require(zip)
    let listing = try ZipCheck.verify(archive, in: directory)
    #expect(
      listing == ["IMG_0001.pvt/", "IMG_0001.pvt/IMG_0001.HEIC", "IMG_0001.pvt/IMG_0001.MOV"])
    let extracted = try ZipCheck.extract(
      archive, member: "IMG_0001.pvt/IMG_0001.MOV", in: directory)
    #expect(extracted == (try Corpus.bytes("video.mov")))
  }

  @Test("In-place loads hand out the source file only when registered so")
  func inPlace() async throws {
    let inPlace = fileProvider(Corpus.file("document.pdf"), type: "com.adobe.pdf", inPlace: true)
    let (url, isInPlace, error) = await Loads.inPlace(inPlace, "com.adobe.pdf")
    #expect(error == nil)
    #expect(isInPlace)
    #expect(url?.path == Corpus.file("document.pdf").path)

    let copied = fileProvider(Corpus.file("document.pdf"), type: "com.adobe.pdf")
    let (copyURL, copyInPlace, copyError) = await Loads.inPlace(copied, "com.adobe.pdf")
    #expect(copyError == nil)
    #expect(!copyInPlace)
    #expect(copyURL?.path != Corpus.file("document.pdf").path)
    #expect(FileManager.default.fileExists(atPath: Corpus.file("document.pdf").path))
  }

  @Test("The UTType variants load the same way")
  func utTypeVariants() async throws {
    let provider = NSItemProvider(
      contentsOf: Corpus.file("photo.jpg"), contentType: .jpeg, openInPlace: true)
    #expect(provider.registeredContentTypes == [.jpeg])
    let data = await withCheckedContinuation { continuation in
      _ = provider.loadDataRepresentation(for: .image) { data, _ in
        continuation.resume(returning: data)
      }
    }
    #expect(data == (try Corpus.bytes("photo.jpg")))
    let (path, inPlace) = await withCheckedContinuation { continuation in
      _ = provider.loadFileRepresentation(for: .jpeg, openInPlace: true) { url, inPlace, _ in
        continuation.resume(returning: (url?.path, inPlace))
      }
    }
    #expect(inPlace)
    #expect(path == Corpus.file("photo.jpg").path)
  }

  @Test("Completions run off the main thread and progress finishes")
  func offMainThread() async throws {
    let provider = fileProvider(Corpus.file("photo.jpg"), type: "public.jpeg")
    let record = CompletionRecord<Int>()
    await withCheckedContinuation { continuation in
      _ = provider.loadDataRepresentation(forTypeIdentifier: "public.jpeg") { data, error in
        record.record(data?.count, error)
        continuation.resume()
      }
    }
    #expect(record.count == 1)
    #expect(!record.ranOnMainThread)
  }

  @Test("The progress of a finished load is complete")
  func finishedProgress() async throws {
    let provider = fileProvider(Corpus.file("photo.jpg"), type: "public.jpeg")
    let box = Mutex<Progress?>(nil)
    let done = Mutex(false)
    await withCheckedContinuation { continuation in
      let progress = provider.loadDataRepresentation(forTypeIdentifier: "public.jpeg") { _, _ in
        done.withLock { $0 = true }
        continuation.resume()
      }
      box.withLock { $0 = progress }
    }
    // The completion has run; the load ends right after it returns.
    let progress = try #require(box.withLock { $0 })
    await waitUntil { progress.isFinished }
    #expect(progress.isFinished)
    #expect(done.withLock { $0 })
    #expect(progress.completedUnitCount == progress.totalUnitCount)
  }
}
