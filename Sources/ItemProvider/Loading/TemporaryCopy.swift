import Foundation
import SystemCalls
import UTI

/// The private, short-lived copies `loadFileRepresentation` hands out, placed and named as iOS
/// places and names them.
///
/// What a device does, from Apple's documentation and the paths public code and forums log:
///
/// - Directory: a fresh one per load, `<tmp>/.com.apple.Foundation.NSItemProvider.XXXXXX/`, in
///   the receiving process's temporary directory (`…/tmp/.com.apple.Foundation.NSItemProvider.
///   b6vhpO/IMG_0022.heic` and `….AFG6DV/IMG_0022.heic` for the same photo picked twice;
///   `….oA0J1x/IMG_0409.mp4`, `….9Xt48c/IMG_0393.mov`, `….lobgL0/IMG_0061.mov` logged by
///   apps). Here: `mkdtemp` under `FileManager.default.temporaryDirectory`, mode 0700.
/// - Name: the item's name (its `suggestedName`, else the source file's name) with the
///   preferred extension of the representation actually delivered, not of the type asked for:
///   `IMG_0022.heic` for a HEIC, `IMG_0409.mp4` for a movie asked for as `public.movie` and
///   delivered as MPEG-4, lower case as the type declares it. A name that already ends in a
///   declared type's extension loses it (`IMG_0412.HEIC` delivered as JPEG is `IMG_0412.jpeg`);
///   when the delivered type declares no extension the name is kept as it is.
/// - No name at all (data or an object registered without `suggestedName`): the copy is named
///   like its directory, `.com.apple.Foundation.NSItemProvider.XXXXXX.png`, with `.tmp` when the
///   type declares no extension, the shape apps log for data-backed items.
/// - Lifetime: "This method writes a copy of the file's data to a temporary file, which the
///   system deletes when the completion handler returns" (Apple, `loadFileRepresentation`): the
///   directory is removed when the consumer's completion handler returns.
struct TemporaryCopy {
  /// How the private directories are named, before `mkdtemp`'s six random characters.
  static let directoryPrefix = ".com.apple.Foundation.NSItemProvider"

  /// The private directory holding the copy.
  let directory: String
  /// The copy itself: a file, or a folder for folder representations.
  let path: String

  /// The URL handed to the consumer.
  var url: URL { URL(fileURLWithPath: path) }

  /// Makes a private directory and decides the copy's name inside it.
  ///
  /// - Parameters:
  ///   - suggestedName: The provider's `suggestedName`.
  ///   - sourceName: The name of the file the source delivered, if it delivered one.
  ///   - deliveredType: The type of the representation delivered (not the type asked for).
  static func reserve(suggestedName: String?, sourceName: String?, deliveredType: String)
    throws -> TemporaryCopy
  {
    let parent = FileManager.default.temporaryDirectory.path
    let directory = try FileSystem.makeTemporaryDirectory(in: parent, prefix: directoryPrefix)
    let name = fileName(
      suggestedName: suggestedName, sourceName: sourceName, deliveredType: deliveredType,
      anonymousStem: (directory as NSString).lastPathComponent)
    return TemporaryCopy(directory: directory, path: "\(directory)/\(name)")
  }

  /// Removes the private directory and everything in it, following no symbolic link.
  func remove() {
    try? FileSystem.removeTree(directory)
  }

  /// A safe file name for a copy of `deliveredType` data.
  ///
  /// - Parameter anonymousStem: The name used when neither `suggestedName` nor `sourceName`
  ///   gives one.
  static func fileName(
    suggestedName: String?, sourceName: String?, deliveredType: String, anonymousStem: String
  ) -> String {
    let preferred = UTType(deliveredType)?.preferredFilenameExtension
    guard let base = [suggestedName, sourceName].lazy.compactMap({ $0.flatMap(sanitized) }).first
    else {
      return "\(anonymousStem).\(preferred ?? "tmp")"
    }
    guard let preferred else { return base }
    var stem = base
    let ownExtension = (stem as NSString).pathExtension
    if !ownExtension.isEmpty,
      UTType(tag: ownExtension, tagClass: .filenameExtension, conformingTo: nil)?.isDeclared == true
    {
      stem = (stem as NSString).deletingPathExtension
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
