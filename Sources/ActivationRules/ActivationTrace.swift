/// How one clause or key of a rule was decided, with the clauses beneath it.
///
/// A predicate's trace follows its tree: compounds, comparisons, and for each `SUBQUERY` one
/// child per element (each with the element it is about in ``subject``). A dictionary's trace has
/// one child per attachment (its kinds and the key that accepts it) and one per key check.
public struct ActivationTrace: Sendable, Equatable, Codable {
  /// The clause in normalized predicate text, or the dictionary key and its value.
  public var clause: String
  /// Whether the clause held; nil when it was not evaluated (an `AND` already false, an `OR`
  /// already true).
  public var result: Bool?
  /// The values behind the result, such as `1 == 2` or `public.heic conforms to public.image`.
  public var detail: String?
  /// The item or attachment this clause was evaluated for, such as
  /// `attachment 2 (public.url; https: URL)`.
  public var subject: String?
  /// The clauses that decided this one.
  public var children: [ActivationTrace]
  /// The child that decided this clause, for one-line reasons.
  var decidingChild: Int?
  /// The clause shortened for one-line reasons (subqueries elided).
  var summary: String?
  /// Whether one-line reasons skip this clause and name its deciding child instead.
  var isPassThrough = false
  /// Whether this is an AND or an OR.
  var isCompound = false
  /// For an OR decided by one of its alternatives: which one, for one-line reasons (`alternative
  /// 2 of 2 of the OR (the one testing public.url) is true`).
  var alternativeNote: String?

  private enum CodingKeys: String, CodingKey {
    case clause
    case result
    case detail
    case subject
    case children
  }

  /// Creates a trace node.
  public init(
    clause: String, result: Bool?, detail: String? = nil, subject: String? = nil,
    children: [ActivationTrace] = []
  ) {
    self.clause = clause
    self.result = result
    self.detail = detail
    self.subject = subject
    self.children = children
  }

  /// The chain of deciding clauses as one sentence: each clause with its subject, result and
  /// detail, leading with what decided (the deepest clause, about the attachment that decided)
  /// and going up to the whole rule: `attachment 1 (public.heic): … is true (…); so … is true`.
  var decidingChain: String {
    // Each part with the subject (the item or attachment) in force where it was decided; a
    // subject names the deepest part of its stretch, which the sentence then leads with.
    var parts: [(text: String, subject: String?)] = []
    var node = self
    var subject: String?
    while true {
      if let named = node.subject {
        subject = named
        // A new subject begins a stretch: the previous one ends at its last part.
      }
      if node.isPassThrough, let note = node.alternativeNote {
        parts.append((note, subject))
      }
      if node.result != nil, !node.isPassThrough {
        var part: String
        if node.decidingChild == nil, !node.children.isEmpty, node.isCompound {
          // An OR with no true alternative, or an AND with every clause true: name them all.
          // Rules generated from an app's document types can OR hundreds of clauses: a
          // one-line reason names the first few; the trace keeps them all.
          let verdict = node.result == true ? "true" : "false"
          let count = node.children.count
          let named = count <= Self.clausesNamedInReason ? count : Self.clausesNamedInReason - 1
          part = "each of \(count) clauses is \(verdict): "
          part += node.children.prefix(named).map(\.phrase).joined(separator: "; ")
          if named < count { part += "; … and \(count - named) more (see the trace)" }
        } else {
          part = node.phrase
        }
        parts.append((part, subject))
      }
      guard let next = node.decidingChild, node.children.indices.contains(next) else { break }
      node = node.children[next]
    }
    // Deepest first; a subject is said once, before the deepest clause decided under it.
    var sentence: [String] = []
    var said = Set<String>()
    for part in parts.reversed() {
      if let subject = part.subject, !said.contains(subject) {
        said.insert(subject)
        sentence.append(subject + ": " + part.text)
      } else {
        sentence.append(part.text)
      }
    }
    return sentence.joined(separator: "; so ")
  }

  /// How many clauses of an all-false OR (or all-true AND) a one-line reason names in full.
  static let clausesNamedInReason = 5

  /// The clause, its result and its detail in a few words.
  var phrase: String {
    var text = "`" + (summary ?? clause) + "` is "
    text += result.map { $0 ? "true" : "false" } ?? "not evaluated"
    if let detail { text += " (" + detail + ")" }
    return text
  }
}
