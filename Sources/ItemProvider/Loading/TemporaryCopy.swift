import Foundation
import SystemCalls
import UTI

/// The private, short-lived copies `loadFileRepresentation` hands out.
///
/// Each copy lives alone in a fresh directory (mode 0700, made by `mkdtemp`) under the
/// temporary directory, so names never collide and nobody else can read it. The directory is
/// removed when the consumer's completion handler returns, as Apple does ("This file will be
/// deleted when the completion handler returns").
struct TemporaryCopy {
  /// The private directory holding the copy.
  let directory: String
  /// The copy itself: a file, or a folder for folder representations.
  let path: String

  /// The URL handed to the consumer.
  var url: URL { URL(fileURLWithPath: path) }

  /// Makes a private directory and decides the copy's name inside it.
  ///
  /// The name is the provider's `suggestedName` (else the source file's name, else `item`),
  /// made safe for a file name, with the type's preferred extension in place of its own.
  static func reserve(suggestedName: String?, sourceName: String?, typeIdentifier: String)
    throws -> TemporaryCopy
  {
    let parent = FileManager.default.temporaryDirectory.path
    let directory = try FileSystem.makeTemporaryDirectory(in: parent, prefix: "ItemProvider")
    let name = fileName(
      suggestedName: suggestedName, sourceName: sourceName, typeIdentifier: typeIdentifier)
    return TemporaryCopy(directory: directory, path: "\(directory)/\(name)")
  }

  /// Removes the private directory and everything in it, following no symbolic link.
  func remove() {
    try? FileSystem.removeTree(directory)
  }

  /// A safe file name for a copy of `typeIdentifier` data.
  static func fileName(suggestedName: String?, sourceName: String?, typeIdentifier: String)
    -> String
  {
    let type = UTType(typeIdentifier)
    let base = [suggestedName, sourceName].lazy.compactMap { $0.flatMap(sanitized) }.first
    var stem = base ?? "item"
    let ownExtension = (stem as NSString).pathExtension
    if !ownExtension.isEmpty,
      UTType(tag: ownExtension, tagClass: .filenameExtension, conformingTo: nil)?.isDeclared == true
    {
      stem = (stem as NSString).deletingPathExtension
    }
    guard let preferred = type?.preferredFilenameExtension else {
      return base ?? "item"
    }
    return "\(stem).\(preferred)"
  }

  /// A name that cannot leave the directory it is used in: no separators, no NUL, no leading
  /// dots, at most 200 bytes; nil when nothing usable is left.
  static func sanitized(_ name: String) -> String? {
    var cleaned = String(
      name.unicodeScalars.map { scalar -> Character in
        scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F
          ? "_" : Character(scalar)
      })
    cleaned = cleaned.trimmingCharacters(in: .whitespaces)
    while cleaned.hasPrefix(".") { cleaned.removeFirst() }
    while cleaned.utf8.count > 200 { cleaned.removeLast() }
    return cleaned.isEmpty ? nil : cleaned
  }
}
