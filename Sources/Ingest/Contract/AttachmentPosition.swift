/// Where an attachment is in a share: its extension item and its place among that item's
/// attachments, both counted from 1 as people count them.
public struct AttachmentPosition: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The extension item, from 1.
  public var item: Int
  /// The attachment within the item, from 1.
  public var attachment: Int

  /// Creates a position (both from 1).
  public init(item: Int, attachment: Int) {
    self.item = item
    self.attachment = attachment
  }

  /// `item 1, attachment 2`.
  public var description: String { "item \(item), attachment \(attachment)" }

  /// Item order, then attachment order.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.item, lhs.attachment) < (rhs.item, rhs.attachment)
  }
}
