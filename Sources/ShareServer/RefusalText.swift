import Foundation
import Ingest
import ItemProvider
import UTI

/// Why a share was refused, in words for the person who shared rather than for a log: the
/// attachment named as they know it (the text, the link, the file by its name) instead of
/// `item 1, attachment 2`, kinds in words instead of type identifiers, sizes as `ingest-cli`
/// prints them. Sent as the JSON answer's `reason` beside its `error`, and shown on the page a
/// browser gets.
enum RefusalText {
  /// The sentence for `error`, a share made of `share`'s items.
  static func reason(_ error: ShareError, in share: LocalShare) -> String {
    switch error {
    case .rejected(let rejection):
      let subject = rejection.position.map { self.subject($0, in: share) }
      return sentence(rejection.violation, subject: subject)
    case .hidden(let reason):
      return "This server does not take this kind of share (\(reason))."
    case .deadlineExceeded:
      return "The share took too long to save. Share it again."
    default:
      return "The share could not be saved on the server. Share it again later."
    }
  }

  /// What the person calls the attachment at `position`: its file name, or the text, the link,
  /// the file.
  static func subject(_ position: AttachmentPosition, in share: LocalShare) -> String {
    guard share.items.indices.contains(position.item - 1),
      let attachments = share.items[position.item - 1].attachments,
      attachments.indices.contains(position.attachment - 1)
    else { return "the share" }
    let provider = attachments[position.attachment - 1]
    if let name = provider.suggestedName, !name.isEmpty { return "“\(name)”" }
    let types = provider.registeredTypeIdentifiers
    if types.contains(UTType.url.identifier) { return "the link" }
    if types == [UTType.plainText.identifier] { return "the text" }
    return "the file"
  }

  /// A sentence for `violation`, about `subject` when the violation is one attachment's.
  static func sentence(_ violation: ContractViolation, subject: String?) -> String {
    let what = subject ?? "the share"
    switch violation {
    case .unsupportedType(let offered, let accepted, _):
      let kind = offered.first.map(kindText) ?? "this kind of content"
      let kinds = accepted.map(kindText)
      return capitalized(what) + " is \(kind), which this server does not take; it takes "
        + list(kinds) + "."
    case .textTooLong(let characters, let maximum):
      let length = characters.map { "\($0) characters long" } ?? "far too long"
      return "The text is \(length); this server takes at most \(maximum) characters. Shorten"
        + " it and share it again."
    case .fileTooLarge(let bytes, let maximum):
      return ByteCount.distinct(bytes, maximum) {
        capitalized(what) + " is \($0) or more; this server takes files of up to \($1)."
      }
    case .shareTooLarge(let bytes, let maximum):
      return ByteCount.distinct(bytes, maximum) {
        "The files are \($0) or more together; this server takes up to \($1) in one share."
      }
    case .emptyFile:
      return capitalized(what) + " is empty."
    case .urlSchemeNotAccepted(let scheme, let accepted):
      return "Links starting \(scheme): are not taken; this server takes "
        + list(accepted.map { "\($0):" }) + " links."
    case .malformedURL:
      return "The link is not a complete address (such as https://example.com/)."
    case .notText:
      return "The text could not be read as text."
    case .tooManyAttachments(let count, let maximum):
      return "The share holds \(count) things; this server takes at most \(maximum) at once."
    case .noAttachments:
      return "The share holds nothing this server can take."
    }
  }

  /// A type in words, after an article ("a Portable Document Format (PDF) file", "an image of
  /// any format": the first letter is lowercased unless the first word is an acronym or the
  /// description a name in title case), else its identifier.
  static func kindText(_ identifier: String) -> String {
    guard var description = UTType(identifier)?.localizedDescription else { return identifier }
    let words = description.split(separator: " ")
    let isAcronym = words.first?.dropFirst().contains(where: \.isUppercase) ?? false
    let isTitleCase = words.count > 1 && words[1].first?.isUppercase == true
    if !isAcronym && !isTitleCase {
      description = description.prefix(1).lowercased() + description.dropFirst()
    }
    let first = description.lowercased().first
    let article = first.map { "aeiou".contains($0) } == true ? "an" : "a"
    return "\(article) \(description)"
  }

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }

  private static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "nothing" }
    return items.dropLast().joined(separator: ", ") + " or " + (items.last ?? "")
  }
}
