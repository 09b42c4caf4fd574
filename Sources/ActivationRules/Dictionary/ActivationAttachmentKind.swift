import UTI

/// The kinds of attachment the dictionary form of `NSExtensionActivationRule` counts, one per
/// `NSExtensionActivationSupports…` key.
///
/// Apple does not document which type identifiers each key counts. This package's choice is the
/// table in its internal `rule` property, the one place to change it. An attachment counts as
/// one kind (and for its key) when:
///
/// - image (`…SupportsImageWithMaxCount`): a registered type conforms to `public.image`
/// - movie (`…SupportsMovieWithMaxCount`): a registered type conforms to `public.movie`
/// - text (`…SupportsText`): a registered type conforms to `public.text`
/// - web URL (`…SupportsWebURLWithMaxCount`): a registered type conforms to `public.url` but not
///   `public.file-url`, and the URL value, when known, is http or https
/// - web page (`…SupportsWebPageWithMaxCount`): a registered type conforms to
///   `com.apple.property-list` (the result of Safari's JavaScript preprocessing)
/// - file (`…SupportsFileWithMaxCount`): a representation is delivered as a file or directory,
///   or a registered type conforms to `public.file-url`
///
/// One attachment can be of several kinds (a photo delivered as a file is an image and a file);
/// each key counts the attachments of its kind independently. Whether a photo or movie
/// delivered as a file is also a file is one of the open readings of
/// ``ActivationRule/Semantics`` (by default it is).
public enum ActivationAttachmentKind: String, CaseIterable, Sendable, Codable {
  case image
  case movie
  case text
  case webURL
  case webPage
  case file

  /// What makes an attachment one kind: the table row.
  struct Rule: Sendable {
    /// A registered type must conform to one of these…
    var conformsTo: [String]
    /// …and that same type must conform to none of these.
    var excluding: [String] = []
    /// The URL value, when known, must be http or https.
    var requiresWebURLValue = false
    /// A representation delivered as a file or directory also counts.
    var countsFileRepresentations = false
  }

  /// The table. Change the kinds' meaning here and nowhere else.
  var rule: Rule {
    switch self {
    case .image: Rule(conformsTo: ["public.image"])
    case .movie: Rule(conformsTo: ["public.movie"])
    case .text: Rule(conformsTo: ["public.text"])
    case .webURL:
      Rule(conformsTo: ["public.url"], excluding: ["public.file-url"], requiresWebURLValue: true)
    case .webPage: Rule(conformsTo: ["com.apple.property-list"])
    case .file: Rule(conformsTo: ["public.file-url"], countsFileRepresentations: true)
    }
  }

  /// The `Info.plist` key that counts this kind.
  public var key: String {
    switch self {
    case .image: "NSExtensionActivationSupportsImageWithMaxCount"
    case .movie: "NSExtensionActivationSupportsMovieWithMaxCount"
    case .text: "NSExtensionActivationSupportsText"
    case .webURL: "NSExtensionActivationSupportsWebURLWithMaxCount"
    case .webPage: "NSExtensionActivationSupportsWebPageWithMaxCount"
    case .file: "NSExtensionActivationSupportsFileWithMaxCount"
    }
  }

  /// The kind's name in messages, singular or plural.
  func noun(_ count: Int) -> String {
    let singular =
      switch self {
      case .image: "image"
      case .movie: "movie"
      case .text: "text attachment"
      case .webURL: "web URL"
      case .webPage: "web page"
      case .file: "file"
      }
    return count == 1 ? singular : singular + "s"
  }

  /// The kind's name with its article: `an image`, `a web URL`.
  var withArticle: String {
    (self == .image ? "an " : "a ") + noun(1)
  }

  /// The kinds of an attachment, in declaration order.
  static func kinds(
    of attachment: ActivationAttachment, semantics: ActivationRule.Semantics = .default
  ) -> [ActivationAttachmentKind] {
    allCases.filter { $0.matches(attachment, semantics: semantics) }
  }

  /// Whether the attachment is of this kind, by the table resolved in the registry its types
  /// were resolved in, and the reading of `semantics`.
  func matches(
    _ attachment: ActivationAttachment, semantics: ActivationRule.Semantics = .default
  ) -> Bool {
    if self == .file, !semantics.countsMediaAsFiles,
      Self.image.matches(attachment) || Self.movie.matches(attachment)
    {
      return false
    }
    let resolved = attachment.kindTypes.types(for: self)
    if resolved.countsFileRepresentations && attachment.hasFileRepresentation { return true }
    if resolved.requiresWebURLValue, attachment.url != nil, attachment.webURL == nil {
      return false
    }
    for type in attachment.resolvedTypes {
      guard resolved.conformsTo.contains(where: { Self.conforms(type, $0) }) else { continue }
      if resolved.excluding.contains(where: { Self.conforms(type, $0) }) { continue }
      return true
    }
    return false
  }

  private static func conforms(_ value: PredicateTypeIdentifier, _ target: UTType) -> Bool {
    guard let type = value.type else {
      return value.identifier.lowercased() == target.identifier.lowercased()
    }
    return type.conforms(to: target)
  }
}
