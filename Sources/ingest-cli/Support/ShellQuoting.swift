import Foundation

/// Words a person pastes into a POSIX shell.
enum ShellQuoting {
  /// `word` as it is when the shell would read it back unchanged, else in single quotes
  /// (`'My Shortcut.shortcut'`, `'it'\''s'`).
  static func quoted(_ word: String) -> String {
    let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-")
    if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
