import Foundation
import PropertyLists
import Synchronization

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The `userInfo` key of an extension item's title. (`NSExtensionItemAttributedTitleKey`)
public let NSExtensionItemAttributedTitleKey = "NSExtensionItemAttributedTitleKey"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The `userInfo` key of an extension item's content text.
/// (`NSExtensionItemAttributedContentTextKey`)
public let NSExtensionItemAttributedContentTextKey = "NSExtensionItemAttributedContentTextKey"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The `userInfo` key of an extension item's attachments. (`NSExtensionItemAttachmentsKey`)
public let NSExtensionItemAttachmentsKey = "NSExtensionItemAttachmentsKey"

/// One item a host app hands to an extension: a title, text, and attachments.
///
/// Mirrors Foundation's `NSExtensionItem`. As on Apple platforms, `userInfo` is the item's
/// storage: the three properties read and write its `NSExtensionItemAttributedTitleKey`,
/// `NSExtensionItemAttributedContentTextKey` and `NSExtensionItemAttachmentsKey` entries, and
/// setting `userInfo` after a property replaces it. Attributed strings keep their characters;
/// their attributes are not kept (`NSAttributedString` cannot be shared between threads here).
/// Other `userInfo` entries are kept when their keys are strings and their values property
/// lists, which is what can cross to an extension's process; `setUserInfo(_:)` throws for the
/// rest instead of leaving them out.
public final class NSExtensionItem: NSObject, NSCopying, Sendable {
  private struct State: Sendable {
    var title: String?
    var contentText: String?
    var attachments: [NSItemProvider]?
    /// The other `userInfo` entries, as a binary property list.
    var extras: Data?
  }

  private let state = Mutex(State())

  /// Creates an empty item.
  public override init() {
    super.init()
  }

  /// The item's title.
  public var attributedTitle: NSAttributedString? {
    get { state.withLock { $0.title }.map { NSAttributedString(string: $0) } }
    set {
      let text = newValue?.string
      state.withLock { $0.title = text }
    }
  }

  /// The item's content text (Safari puts a page's selected text or title here).
  public var attributedContentText: NSAttributedString? {
    get { state.withLock { $0.contentText }.map { NSAttributedString(string: $0) } }
    set {
      let text = newValue?.string
      state.withLock { $0.contentText = text }
    }
  }

  /// The item's attachments, in the order the source gave them.
  public var attachments: [NSItemProvider]? {
    get { state.withLock { $0.attachments } }
    set { state.withLock { $0.attachments = newValue } }
  }

  /// The item's dictionary: the three properties under Apple's keys, and any other entries.
  ///
  /// Setting it replaces all of them; entries that are not property lists are left out (see
  /// `setUserInfo(_:)`).
  public var userInfo: [AnyHashable: Any]? {
    get {
      let snapshot = state.withLock { $0 }
      var info: [AnyHashable: Any] = [:]
      if let extras = snapshot.extras,
        let decoded = try? PropertyListSerialization.propertyList(from: extras, format: nil)
          as? [String: Any]
      {
        for (key, value) in decoded { info[key] = value }
      }
      if let title = snapshot.title {
        info[NSExtensionItemAttributedTitleKey] = NSAttributedString(string: title)
      }
      if let text = snapshot.contentText {
        info[NSExtensionItemAttributedContentTextKey] = NSAttributedString(string: text)
      }
      if let attachments = snapshot.attachments {
        info[NSExtensionItemAttachmentsKey] = attachments
      }
      return info.isEmpty ? nil : info
    }
    set {
      try? assign(newValue, strict: false)
    }
  }

  /// Sets `userInfo`, throwing instead of leaving out an entry that cannot be kept.
  ///
  /// - Throws: `ItemProviderError.userInfoEntryNotPropertyList` naming the first such key.
  public func setUserInfo(_ userInfo: [AnyHashable: Any]?) throws {
    try assign(userInfo, strict: true)
  }

  private func assign(_ userInfo: [AnyHashable: Any]?, strict: Bool) throws {
    var next = State()
    var extras: [String: Any] = [:]
    for (key, value) in userInfo ?? [:] {
      let name = key.base as? String
      switch name {
      case NSExtensionItemAttributedTitleKey: next.title = Self.text(value)
      case NSExtensionItemAttributedContentTextKey: next.contentText = Self.text(value)
      case NSExtensionItemAttachmentsKey:
        next.attachments = (value as? [Any])?.compactMap { $0 as? NSItemProvider }
      default:
        if let name, PropertyListSerialization.propertyList(value, isValidFor: .binary) {
          extras[name] = value
        } else if strict {
          throw ItemProviderError.userInfoEntryNotPropertyList(key: "\(key)")
        }
      }
    }
    if !extras.isEmpty {
      next.extras = try PropertyListWriter.data(fromPropertyList: extras)
    }
    state.withLock { $0 = next }
  }

  private static func text(_ value: Any) -> String? {
    if let attributed = value as? NSAttributedString { return attributed.string }
    return value as? String
  }

  /// Returns a new item with the same title, text, attachments (the same providers) and
  /// entries.
  public func copy(with zone: NSZone? = nil) -> Any {
    let snapshot = state.withLock { $0 }
    let copy = NSExtensionItem()
    copy.state.withLock { $0 = snapshot }
    return copy
  }

  /// The title, the attachment count and their types, for debugging (never the text).
  public override var description: String {
    let providers = attachments ?? []
    return "<NSExtensionItem: \(providers.count) attachment(s): "
      + providers.map { "[\($0.registeredTypeIdentifiers.joined(separator: ", "))]" }
      .joined(separator: " ") + ">"
  }
}
