/// How names a user supplied (paths, identifiers, values read from files) are written into a
/// message when it is printed, not when the error is made.
///
/// An error holds the names as they are and describes itself with a quoting: a terminal or
/// standard error gets ``terminal`` (`$'a\nb'`, as `ls` quotes it, so no name can forge a line),
/// a JSON document gets ``verbatim`` (the name itself, which the JSON encoder escapes).
public struct NameQuoting: Sendable {
  /// Writes one name.
  public let quote: @Sendable (String) -> String

  /// A quoting that writes each name as `quote` does.
  public init(_ quote: @escaping @Sendable (String) -> String) {
    self.quote = quote
  }

  /// For a terminal: ``TerminalText/quoted(_:)``.
  public static let terminal = NameQuoting { TerminalText.quoted($0) }

  /// For a document that escapes what it holds (JSON): each name as it is.
  public static let verbatim = NameQuoting { $0 }
}

/// An error (or any value) whose description holds names, quoted at print time.
///
/// `description` is the terminal's: a conforming type writes only
/// ``description(quoting:)``.
public protocol NameQuotingDescription: CustomStringConvertible {
  /// The description, each name written by `quoting`.
  func description(quoting: NameQuoting) -> String
}

extension NameQuotingDescription {
  /// The description for a terminal: names quoted as ``NameQuoting/terminal`` quotes them.
  public var description: String { description(quoting: .terminal) }
}

extension NameQuoting {
  /// A value echoed inside a sentence (an argument, a field a file gave): `'reject'` (between
  /// `mark`s) when this quoting writes it as it is, else as this quoting writes it (`$'…'` on a
  /// terminal); shortened to `limit` characters with an ellipsis, so a 10 MB value never makes
  /// a 10 MB message, whichever way it is printed.
  public func echoed(_ text: String, limit: Int = 80, mark: String = "'") -> String {
    let cut = text.count > limit ? String(text.prefix(limit)) : text
    let ellipsis = cut.count < text.count ? "…" : ""
    let written = quote(cut)
    return written == cut ? mark + cut + ellipsis + mark : written + ellipsis
  }

  /// `value`'s description, each name in it written by this quoting when it holds names
  /// (``NameQuotingDescription``), else `"\(value)"`.
  ///
  /// For a message kept as text (a failure recorded beside a share, a report's line):
  /// kept ``verbatim``, it holds each name as it is and is quoted as a whole when printed.
  public func describe(_ value: Any) -> String {
    (value as? any NameQuotingDescription)?.description(quoting: self) ?? "\(value)"
  }
}
