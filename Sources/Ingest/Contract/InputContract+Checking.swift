import Foundation
import SystemCalls
import UTI

/// The contract's rules for single values, and the contract applied to a committed share: the
/// extension applies them as it loads, and the importer applies them again to what it finds in
/// the inbox, which another program may have written.
extension InputContract {
  /// Refuses a text longer than `maximumTextLength` characters.
  public func check(text: String) throws(ContractViolation) {
    let count = text.count
    guard count <= maximumTextLength else {
      throw .textTooLong(characters: count, maximum: maximumTextLength)
    }
  }

  /// The absolute URL `text` spells, refused unless its scheme is one of `urlSchemes` (and,
  /// for `http` and `https`, it names a host).
  ///
  /// - Returns: The URL as `URL.absoluteString` writes it.
  public func check(url text: String) throws(ContractViolation) -> String {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
      throw .malformedURL
    }
    guard urlSchemes.contains(scheme) else {
      throw .urlSchemeNotAccepted(scheme: scheme, accepted: urlSchemes)
    }
    if scheme == "http" || scheme == "https", url.host?.isEmpty ?? true {
      throw .malformedURL
    }
    return url.absoluteString
  }

  /// Whether a representation of type `identifier` is one the contract takes: named among
  /// `acceptedTypes`, or conforming to one of them; a folder only when `acceptsDirectories`.
  public func accepts(typeIdentifier identifier: String) -> Bool {
    let type = UTType(identifier)
    if let type, type.conforms(to: .directory), !acceptsDirectories { return false }
    if acceptedTypes.contains(where: { $0.isSameIdentifier(as: identifier) }) {
      return true
    }
    guard let type else { return false }
    return resolvedAcceptedTypes.contains { type.conforms(to: $0) }
  }

  /// The first rule of the contract that the committed share `manifest` breaks, with the item
  /// it concerns (counted from 0; nil for the share as a whole); nil when it keeps them all.
  ///
  /// Every item's type must be accepted; a text at most `maximumTextLength` characters; a URL
  /// absolute, of an accepted scheme; a file at most `maximumFileSize` bytes (and not empty
  /// unless `acceptsEmptyFiles`), the files together at most `maximumShareSize`; at most
  /// `maximumAttachmentCount` items.
  public func violation(in manifest: ShareManifest) -> (item: Int?, violation: ContractViolation)? {
    if manifest.items.count > maximumAttachmentCount {
      return (
        nil,
        .tooManyAttachments(count: manifest.items.count, maximum: maximumAttachmentCount)
      )
    }
    var total: Int64 = 0
    for (index, item) in manifest.items.enumerated() {
      guard accepts(typeIdentifier: item.typeIdentifier) else {
        return (index, .unsupportedType(offered: [item.typeIdentifier], accepted: acceptedTypes))
      }
      do throws(ContractViolation) {
        switch item.kind {
        case .text:
          try check(text: item.text ?? "")
        case .url:
          _ = try check(url: item.url ?? "")
        case .file:
          let size = item.byteCount ?? 0
          if size == 0, !acceptsEmptyFiles { throw .emptyFile }
          guard size <= maximumFileSize else {
            throw .fileTooLarge(byteCount: size, maximum: maximumFileSize)
          }
          // Both limits may be 2^62: a sum past Int64.max is held there, never a trap.
          total = total.saturatingAdding(size)
          guard total <= maximumShareSize else {
            throw .shareTooLarge(byteCount: total, maximum: maximumShareSize)
          }
        }
      } catch {
        return (index, error)
      }
    }
    return nil
  }

  /// Refuses a committed share that breaks the contract (see `violation(in:)`).
  ///
  /// - Throws: `ContractBroken` naming the share, the item and the rule.
  public func check(_ manifest: ShareManifest) throws(ContractBroken) {
    guard let broken = violation(in: manifest) else { return }
    throw ContractBroken(shareID: manifest.id, item: broken.item, violation: broken.violation)
  }
}

/// A committed share that breaks the contract its reader applies; the share stays in the
/// inbox with this recorded.
public struct ContractBroken: Error, Sendable, Hashable, CustomStringConvertible {
  /// The share.
  public var shareID: UUID
  /// The item concerned, counted from 0; nil for the share as a whole.
  public var item: Int?
  /// The rule it breaks.
  public var violation: ContractViolation

  /// `share <id>, item <n> breaks the importer's contract: <violation>`.
  public var description: String {
    let place = item.map { ", item \($0 + 1)" } ?? ""
    return "share \(shareID.uuidString)\(place) breaks the importer's contract: \(violation)"
  }
}
