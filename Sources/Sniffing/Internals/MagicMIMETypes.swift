/// How MIME types that libmagic 5.44 prints map to declared types.
///
/// Most of libmagic's MIME types are declared by some type (`image/png` is `public.png`) and
/// need nothing here: `UTType(mimeType:)` finds them. This table covers the ones a type
/// declares under another spelling, or not at all although the type exists
/// (`audio/x-hx-aac-adts` is AAC in ADTS frames, `public.aac-audio`). A MIME type found in
/// neither place becomes a dynamic type, as Apple does.
enum MagicMIMETypes {
  /// libmagic MIME types that say nothing about the content.
  static let uninformative: Set<String> = [
    "application/octet-stream", "application/x-empty", "inode/x-empty", "application/x-unknown",
    "inode/blockdevice", "inode/chardevice", "inode/fifo", "inode/socket", "inode/directory",
  ]

  /// Candidate identifiers for libmagic MIME types that need them, best first.
  static let identifiers: [String: [String]] = [
    "audio/x-hx-aac-adts": ["public.aac-audio"],
    "audio/x-hx-aac-adif": ["public.aac-audio"],
    "audio/vnd.dolby.dd-raw": ["public.ac3-audio"],
    "audio/x-wav": ["com.microsoft.waveform-audio"],
    "audio/x-aiff": ["public.aiff-audio"],
    "audio/x-m4a": ["com.apple.m4a-audio"],
    "audio/ogg": ["org.xiph.ogg-audio", "org.xiph.ogg"],
    "video/ogg": ["org.xiph.ogg-video", "org.xiph.ogg"],
    "video/x-matroska": ["org.matroska.mkv"],
    "image/heif-sequence": ["public.heifs"],
    "image/heic-sequence": ["public.heics"],
    "image/avif": ["public.avif"],
    "image/jxl": ["public.jpeg-xl"],
    "image/x-icns": ["com.apple.icns"],
    "image/x-eps": ["com.adobe.encapsulated-postscript"],
    "image/x-jp2-codestream": ["public.jpeg-2000"],
    "image/jpx": ["public.jpeg-2000"],
    "image/x-canon-cr2": ["com.canon.cr2-raw-image", "public.camera-raw-image"],
    "image/x-canon-crw": ["com.canon.crw-raw-image", "public.camera-raw-image"],
    "image/x-olympus-orf": ["com.olympus.raw-image", "public.camera-raw-image"],
    "image/x-fuji-raf": ["com.fuji.raw-image", "public.camera-raw-image"],
    "image/x-panasonic-rw2": ["com.panasonic.rw2-raw-image", "public.camera-raw-image"],
    "image/x-xcf": ["org.gimp.xcf"],
    "text/rtf": ["public.rtf"],
    "application/x-mswinurl": ["com.microsoft.internet-shortcut"],
    "image/x-tga": ["com.truevision.tga-image"],
    "image/x-ms-bmp": ["com.microsoft.bmp"],
    "video/x-flc": ["public.flc-animation"],
    "video/x-fli": ["public.flc-animation"],
    "text/x-php": ["public.php-script"],
    "text/x-shellscript": ["public.shell-script"],
    "text/x-python": ["public.python-script"],
    "text/x-script.python": ["public.python-script"],
    "text/x-perl": ["public.perl-script"],
    "text/x-ruby": ["public.ruby-script"],
    "text/x-c": ["public.c-source"],
    "text/x-c++": ["public.c-plus-plus-source"],
    "text/x-objective-c": ["public.objective-c-source"],
    "text/x-java": ["com.sun.java-source"],
    "text/x-asm": ["public.assembly-source"],
    "text/x-makefile": ["public.make-source"],
    "text/x-tex": ["org.tug.tex"],
    "text/x-diff": ["public.patch-file"],
    "text/csv": ["public.comma-separated-values-text"],
    "application/javascript": ["com.netscape.javascript-source"],
    "application/x-rar": ["com.rarlab.rar-archive"],
    "application/vnd.rar": ["com.rarlab.rar-archive"],
    "application/x-cpio": ["public.cpio-archive"],
    "application/x-iso9660-image": ["public.iso-image"],
    "application/x-java-applet": ["com.sun.java-class"],
    "application/x-mach-binary": ["com.apple.mach-o-binary"],
    "application/x-executable": ["public.unix-executable"],
    "application/x-pie-executable": ["public.unix-executable"],
    "application/x-sharedlib": ["public.unix-executable"],
    "application/vnd.microsoft.portable-executable": ["com.microsoft.windows-executable"],
    "application/x-dosexec": ["com.microsoft.windows-executable"],
    "application/vnd.ms-opentype": ["public.opentype-font"],
    "font/sfnt": ["public.truetype-ttf-font"],
    "font/otf": ["public.opentype-font"],
    "application/x-apple-diskimage": ["com.apple.disk-image-udif"],
    "application/x-bplist": ["com.apple.binary-property-list"],
    "application/x-plist": ["com.apple.property-list"],
    "application/vnd.apple.keynote": ["com.apple.iwork.keynote.sffkey"],
    "application/vnd.apple.pages": ["com.apple.iwork.pages.sffpages"],
    "application/vnd.apple.numbers": ["com.apple.iwork.numbers.sffnumbers"],
  ]

  /// MIME types libmagic finds by searching text for a tag anywhere in its first lines, which
  /// prose and changelogs that mention `<meta>` or `<a href>` match too.
  static let markupGuesses: Set<String> = ["text/html", "text/xml", "application/xml"]

  /// Text-shaped formats this package checks itself before calling text plain (Netpbm's
  /// plain forms, CSV, mail): libmagic's guess from two leading characters, from commas on a
  /// few lines, or from a `From:` line, does not overrule that check (prose whose lines each
  /// hold a comma is not a table; a web page saved as MIME HTML is not a mail message).
  static let checkedByThisPackage: Set<String> = [
    "image/x-portable-bitmap", "image/x-portable-greymap", "image/x-portable-graymap",
    "image/x-portable-pixmap", "image/x-portable-anymap", "image/x-portable-floatmap",
    "text/csv", "message/rfc822",
  ]

  /// What libmagic adds to `text` that this package's checks found plain: nil for plain text,
  /// nil for a format this package checks itself, and nil for a markup guess unless some line
  /// of the text starts with a tag (markup that does not start with `<`, as in a page that
  /// opens with the end of a comment, has tags at the start of its lines; prose that mentions
  /// a tag does not).
  static func plainTextRefinement(for mimeType: String, text: [UInt8]) -> Detection? {
    let normalized = mimeType.lowercased()
    guard normalized != "text/plain", !checkedByThisPackage.contains(normalized) else {
      return nil
    }
    if markupGuesses.contains(normalized), !hasLineStartingWithTag(text) { return nil }
    if normalized == "text/x-c", CSourceShape.isHeader(text) {
      return Detection(
        "public.c-header", mimeType: "text/x-c",
        note: "C declarations without function bodies (a header)")
    }
    return detection(for: normalized)
  }

  /// Whether a line, after blanks, starts with `<` and then a letter, `/` or `!`.
  static func hasLineStartingWithTag(_ text: [UInt8]) -> Bool {
    var atLineStart = true
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte == 0x0A || byte == 0x0D {
        atLineStart = true
      } else if atLineStart, byte == 0x20 || byte == 0x09 {
        // still at the start
      } else if atLineStart, byte == 0x3C, index + 1 < text.count {
        let next = text[index + 1] | 0x20
        if (0x61...0x7A).contains(next) || text[index + 1] == 0x2F || text[index + 1] == 0x21 {
          return true
        }
        atLineStart = false
      } else {
        atLineStart = false
      }
      index += 1
    }
    return false
  }

  /// The detection for a MIME type libmagic printed, or nil when it says nothing.
  static func detection(for mimeType: String) -> Detection? {
    let normalized = mimeType.lowercased()
    guard !uninformative.contains(normalized) else { return nil }
    return Detection(
      identifiers[normalized] ?? [], mimeType: normalized, note: "MIME type \(normalized)")
  }
}
