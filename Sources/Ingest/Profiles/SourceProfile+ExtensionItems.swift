import Foundation
import ItemProvider
import PropertyLists
import SystemCalls
import UTI

extension SourceProfile {
  /// Builds the extension items the source app would hand a share extension, over the real
  /// files in `corpus` (the folder holding `files/` and `sources/`).
  ///
  /// Each representation is registered as the app registers it: `file` as a file
  /// representation of the corpus file; `data` as a data representation that reads the file
  /// when loaded; `object` through the coercing interface with a fresh `NSURL`, `NSString`,
  /// `NSDictionary` or image (`ItemProviderImage` standing in for `UIImage`) per load;
  /// `directory` as a file representation of a folder assembled in `workDirectory` (mode 0700)
  /// from copies of the listed files. The caller owns `workDirectory` and removes it.
  ///
  /// - Throws: `SourceProfileError` when a file is missing or not what its delivery needs.
  public func makeExtensionItems(corpus: URL, workDirectory: URL) throws -> [NSExtensionItem] {
    let path = corpus.appendingPathComponent("sources/\(name).json").path
    try validate(path: path, corpus: corpus)
    return try items.enumerated().map { itemIndex, item in
      let extensionItem = NSExtensionItem()
      extensionItem.attributedTitle = item.attributedTitle.map { NSAttributedString(string: $0) }
      extensionItem.attributedContentText = item.attributedContentText.map {
        NSAttributedString(string: $0)
      }
      extensionItem.attachments = try item.attachments.enumerated().map { index, attachment in
        let provider = NSItemProvider()
        provider.suggestedName = attachment.suggestedName
        for (representationIndex, representation) in attachment.representations.enumerated() {
          let place =
            "items[\(itemIndex)].attachments[\(index)].representations[\(representationIndex)]"
          try register(
            representation, on: provider, suggestedName: attachment.suggestedName,
            corpus: corpus, workDirectory: workDirectory, place: place, path: path)
        }
        return provider
      }
      return extensionItem
    }
  }

  private func register(
    _ representation: Representation, on provider: NSItemProvider, suggestedName: String?,
    corpus: URL, workDirectory: URL, place: String, path: String
  ) throws {
    let type = representation.typeIdentifier
    switch representation.delivery {
    case .file:
      let file = corpus.appendingPathComponent(representation.file ?? "")
      provider.registerFileRepresentation(
        forTypeIdentifier: type, fileOptions: [], visibility: .all
      ) { completion in
        completion(file, false, nil)
        return nil
      }
    case .data:
      let file = corpus.appendingPathComponent(representation.file ?? "")
      provider.registerDataRepresentation(forTypeIdentifier: type, visibility: .all) {
        completion in
        do {
          completion(Data(try FileSystem.readFile(atPath: file.path)), nil)
        } catch {
          completion(nil, error)
        }
        return nil
      }
    case .directory:
      let folder = try assembleFolder(
        representation, suggestedName: suggestedName, corpus: corpus,
        workDirectory: workDirectory, place: place, path: path)
      provider.registerFileRepresentation(
        forTypeIdentifier: type, fileOptions: [], visibility: .all
      ) { completion in
        completion(folder, false, nil)
        return nil
      }
    case .object:
      guard let object = representation.object else {
        throw SourceProfileError.missingField("object", at: place, path: path)
      }
      let item = try storedObject(object, corpus: corpus, place: place, path: path)
      provider.registerItem(forTypeIdentifier: type) { completion, _, _ in
        completion?(item.make(), nil)
      }
    }
  }

  /// Copies the listed files into a new folder named after the attachment and the type's
  /// extension (`IMG_0412.pvt` for a Live Photo bundle).
  private func assembleFolder(
    _ representation: Representation, suggestedName: String?, corpus: URL,
    workDirectory: URL, place: String, path: String
  ) throws -> URL {
    let stem = (suggestedName.map { ($0 as NSString).deletingPathExtension } ?? "bundle")
      .replacingOccurrences(of: "/", with: "_")
    let fileExtension = UTType(representation.typeIdentifier)?.preferredFilenameExtension
    let parent = workDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    let folder = parent.appendingPathComponent(
      fileExtension.map { "\(stem).\($0)" } ?? stem, isDirectory: true)
    do throws(IOError) {
      try FileSystem.makeDirectories(parent.path, permissions: 0o700)
      try FileSystem.makeDirectory(folder.path, permissions: 0o700)
      for file in representation.files ?? [] {
        let source = corpus.appendingPathComponent(file)
        try Self.copy(source.path, to: folder.appendingPathComponent(source.lastPathComponent).path)
      }
    } catch {
      throw SourceProfileError.buildFailed(at: place, path: path, error)
    }
    return folder
  }

  /// Copies a corpus file (a small sample) into a new file of mode 0600, never overwriting.
  private static func copy(_ source: String, to destination: String) throws(IOError) {
    let bytes = try FileSystem.readFile(atPath: source)
    let output = try FileDescriptor.open(
      destination, .writeOnly, options: [.create, .exclusive, .noFollow])
    try output.closeAfterTyped { () throws(IOError) in try output.writeAll(bytes) }
  }

  private func storedObject(_ object: ObjectValue, corpus: URL, place: String, path: String)
    throws -> ProfileObject
  {
    switch object.className {
    case "NSURL":
      if let file = object.file {
        return .url(corpus.appendingPathComponent(file))
      }
      guard let text = object.value?.stringValue, let url = URL(string: text) else {
        throw SourceProfileError.invalidValue("not a URL", at: place, path: path)
      }
      return .url(url)
    case "NSString":
      return .string(object.value?.stringValue ?? "")
    case "NSDictionary":
      guard let dictionary = object.value?.propertyListObject as? NSDictionary,
        let bytes = try? PropertyListWriter.data(fromPropertyList: dictionary)
      else {
        throw SourceProfileError.invalidValue(
          "the value is not a property list dictionary", at: place, path: path)
      }
      return .propertyList(bytes)
    default:  // UIImage
      let file = corpus.appendingPathComponent(object.file ?? "")
      guard let bytes = try? FileSystem.readFile(atPath: file.path),
        let image = ItemProviderImage(data: Data(bytes))
      else {
        throw SourceProfileError.invalidValue(
          "\(object.file ?? "") is not an image (PNG, JPEG, GIF, TIFF, BMP, WebP, HEIF)",
          at: place, path: path)
      }
      return .image(image)
    }
  }
}

/// An object delivery, kept by value so each load gets a fresh object, as an extension does
/// when the object crosses from the source app's process.
private enum ProfileObject: Sendable {
  case url(URL)
  case string(String)
  case propertyList(Data)
  case image(ItemProviderImage)

  func make() -> any NSSecureCoding {
    switch self {
    case .url(let url): return url as NSURL
    case .string(let string): return string as NSString
    case .image(let image): return image
    case .propertyList(let bytes):
      let value = try? PropertyListSerialization.propertyList(from: bytes, format: nil)
      return (value as? NSDictionary) ?? NSDictionary()
    }
  }
}
