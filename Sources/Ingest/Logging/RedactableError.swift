/// An error that can say what failed without any user content: what `LogRedaction` writes for
/// it, in logs and in answers to clients, instead of the bare `domain code` of an error it does
/// not know.
///
/// Backends conform their errors (the PostgreSQL backend's names the operation, the SQLSTATE
/// and whether the server could be reached, never the server's message, which may quote a
/// value).
public protocol RedactableError: Error {
  /// What failed, with codes and stages only.
  var redactedDescription: String { get }
}
