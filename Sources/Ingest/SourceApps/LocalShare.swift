import ActivationRules
import Foundation
import ItemProvider
import Sniffing
import UTI

/// A share made from this machine's files, text and a URL, wrapped into `NSExtensionItem`s the
/// way a source app on a phone would wrap the same content.
///
/// Each file is sniffed and registered as the type its content is (never its name's word
/// alone). Without a profile, pictures and movies are wrapped as Photos shares them (the file
/// in its own type), anything else as Files shares a document (the file, then a
/// `public.file-url` to it); a text becomes a `public.plain-text` attachment as Notes shares
/// it, a URL a `public.url` and `public.plain-text` attachment as Safari shares a page. Files
/// are registered to be opened in place: they are the user's own, on this machine, and the
/// loader then reads each once instead of copying it twice. Every command wraps a local file
/// this one way (`share`, `rule check --files`, a matrix row of files), so they all answer
/// the same question the same way.
///
/// With a source-app profile, its shape is used instead: a profile that shares files wraps
/// each file as its first file-carrying attachment does (the sniffed type in place of the
/// profile's first file type, its other representations kept); a profile that shares a URL
/// takes the URL given in place of its own.
public struct LocalShare: Sendable {
  /// The items to hand the extension.
  public var items: [NSExtensionItem]
  /// The source app's name, for the manifest (`photos`, `files`, `notes`, `safari`, or the
  /// profile's name).
  public var source: String
  /// What each file was sniffed as, in order.
  public var sniffed: [SniffResult]
  /// The URL each provider's URL representation holds, where this share made it (a file's
  /// `public.file-url`, the web URL given), by provider: what a rule reads without loading.
  private var knownURLs: [ObjectIdentifier: URL] = [:]

  /// Wraps `files`, `text` and `url` as their most fitting source apps would.
  ///
  /// - Throws: `SniffError` for a file that cannot be read.
  public init(
    files: [URL], text: String? = nil, url: URL? = nil,
    sniffer: ContentSniffer = ContentSniffer()
  ) throws {
    var attachments: [NSItemProvider] = []
    var sniffed: [SniffResult] = []
    var sources: [String] = []
    var knownURLs: [ObjectIdentifier: URL] = [:]
    for file in files {
      let result = try sniffer.sniff(fileAt: file)
      sniffed.append(result)
      let isMedia = result.type.conforms(to: .image) || result.type.conforms(to: .movie)
      let provider = Self.fileProvider(file, type: result.type.identifier)
      if !isMedia {
        Self.addFileURL(file, to: provider)
        knownURLs[ObjectIdentifier(provider)] = file.absoluteURL
      }
      attachments.append(provider)
      sources.append(isMedia ? "photos" : "files")
    }
    if let url {
      let provider = Self.urlProvider(url)
      knownURLs[ObjectIdentifier(provider)] = url
      attachments.append(provider)
      sources.append("safari")
    }
    if let text {
      attachments.append(Self.textProvider(text))
      sources.append("notes")
    }
    let item = NSExtensionItem()
    item.attachments = attachments
    self.items = [item]
    self.source = sources.first ?? "ingest-cli"
    self.sniffed = sniffed
    self.knownURLs = knownURLs
  }

  /// The share as an activation rule sees it (each attachment's registered types in order,
  /// whether one is a file, its URL), read from the providers this share made, without loading
  /// anything: the same wrapping `share` hands its rule, for `rule check --files`.
  public func activationInput(registry: UTTypeRegistry = .shared) -> ActivationInput {
    ActivationInput(
      extensionItems: items.map { item in
        ActivationItem(
          attributedTitle: item.attributedTitle?.string,
          attributedContentText: item.attributedContentText?.string,
          attachments: (item.attachments ?? []).map { provider in
            let types = provider.registeredTypeIdentifiers
            return ActivationAttachment(
              registeredTypeIdentifiers: types, url: knownURLs[ObjectIdentifier(provider)],
              hasFileRepresentation: types.contains {
                provider.registeredDelivery(forTypeIdentifier: $0) == .file
              },
              suggestedName: provider.suggestedName, registry: registry)
          })
      }, registry: registry)
  }

  /// Wraps content in the shape of `profile` (see the type's discussion).
  ///
  /// - Parameters:
  ///   - profile: The source app whose shape the content takes.
  ///   - files: The files to share, in order; each is sniffed and registered as the type its
  ///     content is.
  ///   - text: A text to share, if any.
  ///   - url: A URL to share, if any.
  ///   - javaScriptResults: What the extension's JavaScript preprocessing returns, in place of
  ///     the profile's own (a profile of a page shared to an extension with a preprocessing
  ///     file, such as `safari-page-javascript`).
  ///   - corpus: The folder holding the profile's sample files, used when no files are given
  ///     (nil when none is available: a profile that needs its samples then fails).
  ///   - workDirectory: Where folder representations are assembled; the caller removes it.
  ///   - sniffer: What finds each file's type from its content.
  /// - Throws: `LocalShareError` when the profile cannot carry what was given,
  ///   `JavaScriptResultsError`, `SniffError`, `SourceProfileError`.
  public init(
    profile: SourceProfile, files: [URL], text: String? = nil, url: URL? = nil,
    javaScriptResults: JavaScriptPreprocessingResults? = nil,
    corpus: URL?, workDirectory: URL, sniffer: ContentSniffer = ContentSniffer()
  ) throws {
    var sniffed: [SniffResult] = []
    var items: [NSExtensionItem]
    var profile = profile
    if let javaScriptResults { try profile.replaceJavaScriptResults(with: javaScriptResults) }
    if files.isEmpty {
      let needsSamples = profile.items.contains { $0.attachments.contains(where: \.carriesFile) }
      guard let corpus = corpus ?? (needsSamples ? nil : workDirectory) else {
        throw LocalShareError.needsSamples(profile: profile.name)
      }
      var shaped = profile
      // Without a URL of its own, the page is the one the results name, not the profile's
      // example page.
      if let url = url ?? javaScriptResults?.pageURL { try shaped.replaceURL(with: url) }
      items = try shaped.makeExtensionItems(corpus: corpus, workDirectory: workDirectory)
    } else {
      guard let template = profile.items.lazy.flatMap(\.attachments).first(where: \.carriesFile)
      else { throw LocalShareError.carriesNoFiles(profile: profile.name) }
      let item = NSExtensionItem()
      item.attachments = try files.map { file in
        let result = try sniffer.sniff(fileAt: file)
        sniffed.append(result)
        return Self.provider(file, type: result.type.identifier, shapedAs: template)
      }
      if let url { item.attachments?.append(Self.urlProvider(url)) }
      items = [item]
    }
    if let text {
      let item = items.first ?? NSExtensionItem()
      item.attachments = (item.attachments ?? []) + [Self.textProvider(text)]
      if items.isEmpty { items = [item] }
    }
    self.items = items
    self.source = profile.name
    self.sniffed = sniffed
  }

  // MARK: Providers

  static func fileProvider(_ file: URL, type: String) -> NSItemProvider {
    let provider = NSItemProvider()
    provider.registerFileRepresentation(
      forTypeIdentifier: type, fileOptions: [.openInPlace], visibility: .all
    ) { completion in
      completion(file, false, nil)
      return nil
    }
    provider.suggestedName = file.lastPathComponent
    return provider
  }

  static func addFileURL(_ file: URL, to provider: NSItemProvider) {
    let absolute = file.absoluteURL
    provider.registerItem(forTypeIdentifier: UTType.fileURL.identifier) { completion, _, _ in
      completion?(absolute as NSURL, nil)
    }
  }

  static func urlProvider(_ url: URL) -> NSItemProvider {
    let provider = NSItemProvider()
    provider.registerItem(forTypeIdentifier: UTType.url.identifier) { completion, _, _ in
      completion?(url as NSURL, nil)
    }
    provider.registerItem(forTypeIdentifier: UTType.plainText.identifier) { completion, _, _ in
      completion?(url.absoluteString as NSString, nil)
    }
    return provider
  }

  static func textProvider(_ text: String) -> NSItemProvider {
    NSItemProvider(item: text as NSString, typeIdentifier: UTType.plainText.identifier)
  }

  /// A provider for `file` with the representations of `template`: its first file or data
  /// representation becomes the file in its sniffed type, further ones of those are dropped
  /// (there is no conversion to offer), and a file URL object points at the file.
  static func provider(_ file: URL, type: String, shapedAs template: SourceProfile.Attachment)
    -> NSItemProvider
  {
    var placed = false
    let provider = NSItemProvider()
    for representation in template.representations {
      switch representation.delivery {
      case .file, .data, .directory:
        guard !placed else { continue }
        placed = true
        provider.registerFileRepresentation(
          forTypeIdentifier: type, fileOptions: [.openInPlace], visibility: .all
        ) { completion in
          completion(file, false, nil)
          return nil
        }
      case .object:
        if representation.typeIdentifier == UTType.fileURL.identifier {
          addFileURL(file, to: provider)
        }
      }
    }
    provider.suggestedName = file.lastPathComponent
    return provider
  }
}

extension SourceProfile.Attachment {
  /// Whether a representation delivers a file, data or a folder.
  var carriesFile: Bool {
    representations.contains { $0.delivery != .object }
  }
}

extension SourceProfile {
  /// Puts `url` in place of every web URL the profile shares (as an `NSURL`, or as text that
  /// is that URL).
  mutating func replaceURL(with url: URL) throws {
    var replaced = false
    for itemIndex in items.indices {
      for attachmentIndex in items[itemIndex].attachments.indices {
        let attachment = items[itemIndex].attachments[attachmentIndex]
        let old = attachment.representations.first { $0.object?.className == "NSURL" }?
          .object?.value?.stringValue
        for index in attachment.representations.indices {
          guard let object = attachment.representations[index].object,
            let value = object.value?.stringValue,
            object.className == "NSURL" || (object.className == "NSString" && value == old)
          else { continue }
          items[itemIndex].attachments[attachmentIndex].representations[index].object?.value =
            .string(url.absoluteString)
          replaced = true
        }
      }
    }
    guard replaced else { throw LocalShareError.carriesNoURL(profile: name) }
  }
}

/// Why content cannot be shared in a profile's shape.
public enum LocalShareError: Error, Sendable, CustomStringConvertible {
  /// The profile shares sample files, none were given, and the samples are not available.
  case needsSamples(profile: String)
  /// Files were given, but the profile shares none.
  case carriesNoFiles(profile: String)
  /// A URL was given, but the profile shares none.
  case carriesNoURL(profile: String)

  /// What is wrong and what to do.
  public var description: String {
    switch self {
    case .needsSamples(let profile):
      "the \(profile) profile shares sample files from the repository's corpus/, which is not"
        + " here; give your own files to share in its shape"
    case .carriesNoFiles(let profile):
      "the \(profile) profile shares no files; leave the files out, or choose a profile that"
        + " shares files (ingest-cli rule matrix lists them)"
    case .carriesNoURL(let profile):
      "the \(profile) profile shares no URL; leave --url out, or choose a profile that shares"
        + " a page"
    }
  }
}
