import Testing

@testable import UTI

/// Types a current Mac names that the macOS 12 CoreTypes list lacks: declared by system
/// frameworks (ImageIO, disk images, AVCHD, camera raw), by Mail (e-mail files) or by newer
/// systems (Markdown).
@Suite("Types beyond macOS 12's CoreTypes list")
struct NewerSystemTypeTests {
  struct Lookup: CustomTestStringConvertible, Sendable {
    var tag: String
    var tagClass: UTTagClass
    var expected: String
    var testDescription: String {
      "\(tagClass == .mimeType ? "MIME" : "ext") \(tag) -> \(expected)"
    }
  }

  static func ext(_ tag: String, _ expected: String) -> Lookup {
    Lookup(tag: tag, tagClass: .filenameExtension, expected: expected)
  }

  static func mime(_ tag: String, _ expected: String) -> Lookup {
    Lookup(tag: tag, tagClass: .mimeType, expected: expected)
  }

  static let lookups: [Lookup] = [
    ext("pbm", "public.pbm"), ext("pgm", "public.pbm"), ext("PPM", "public.pbm"),
    ext("pfm", "public.pbm"), ext("hdr", "public.radiance"), ext("pic", "com.apple.pict"),
    ext("pvr", "public.pvr"), ext("ktx", "org.khronos.ktx"), ext("astc", "org.khronos.astc"),
    ext("dds", "com.microsoft.dds"), ext("iso", "public.iso-image"),
    ext("dmg", "com.apple.disk-image-udif"), ext("udif", "com.apple.disk-image-udif"),
    ext("dvdr", "com.apple.disk-image-cdr"), ext("cdr", "com.apple.disk-image-cdr"),
    ext("mts", "public.avchd-mpeg-2-transport-stream"),
    ext("M2TS", "public.avchd-mpeg-2-transport-stream"),
    ext("ts", "public.mpeg-2-transport-stream"),
    ext("bdmv", "public.avchd-content"), ext("bdm", "public.avchd-content"),
    ext("md", "net.daringfireball.markdown"), ext("markdown", "net.daringfireball.markdown"),
    ext("cr2", "com.canon.cr2-raw-image"), ext("cr3", "com.canon.cr3-raw-image"),
    ext("nef", "com.nikon.raw-image"), ext("arw", "com.sony.arw-raw-image"),
    ext("raf", "com.fuji.raw-image"), ext("orf", "com.olympus.raw-image"),
    ext("rw2", "com.panasonic.rw2-raw-image"), ext("dng", "com.adobe.raw-image"),
    ext("eml", "com.apple.mail.email"), mime("message/rfc822", "com.apple.mail.email"),
    mime("text/markdown", "net.daringfireball.markdown"),
    mime("text/markdown; charset=utf-8", "net.daringfireball.markdown"),
    mime("image/x-canon-crw", "com.canon.crw-raw-image"),
    mime("image/x-sony-sr2", "com.sony.sr2-raw-image"),
    mime("image/x-adobe-dng", "com.adobe.raw-image"),
  ]

  @Test("Extension and MIME lookups give the named type a Mac gives", arguments: lookups)
  func lookup(_ lookup: Lookup) throws {
    let type = try #require(UTType(tag: lookup.tag, tagClass: lookup.tagClass, conformingTo: .data))
    #expect(type.identifier == lookup.expected)
    #expect(type.isDeclared)
  }

  @Test("Each new type sits where a share extension's rules expect it")
  func conformance() throws {
    func type(_ identifier: String) throws -> UTType { try #require(UTType(identifier)) }
    #expect(UTType.markdown.conforms(to: .utf8PlainText))
    #expect(UTType.markdown.conforms(to: .plainText))
    #expect(UTType.markdown.conforms(to: .text))
    #expect(!UTType.markdown.conforms(to: .sourceCode))
    for identifier in ["public.pbm", "public.radiance", "public.pvr", "org.khronos.ktx"] {
      #expect(try type(identifier).conforms(to: .image), "\(identifier)")
    }
    for identifier in ["com.canon.cr2-raw-image", "com.nikon.raw-image", "com.sony.arw-raw-image"] {
      #expect(try type(identifier).conforms(to: .rawImage), "\(identifier)")
      #expect(try type(identifier).conforms(to: .image), "\(identifier)")
    }
    for identifier in ["public.iso-image", "com.apple.disk-image-udif"] {
      let image = try type(identifier)
      #expect(image.conforms(to: .diskImage) && image.conforms(to: .data), "\(identifier)")
    }
    let mail = try type("com.apple.mail.email")
    #expect(mail.conforms(to: .emailMessage) && mail.conforms(to: .data))
    let stream = try type("public.avchd-mpeg-2-transport-stream")
    #expect(stream.conforms(to: .mpeg2TransportStream))
    #expect(stream.conforms(to: .movie))
    #expect(try type("public.avchd-content").conforms(to: .audiovisualContent))
    // The AVCHD folder (macOS 12's type) is a package: found as one, never as data.
    let folder = try #require(UTType(filenameExtension: "avchd", conformingTo: .package))
    #expect(folder.identifier == "public.avchd-collection")
  }

  @Test("The Markdown constant and its preferred tags")
  func markdownConstant() {
    #expect(UTType.markdown.identifier == "net.daringfireball.markdown")
    #expect(UTType.markdown.isDeclared)
    #expect(UTType.markdown.preferredFilenameExtension == "md")
    #expect(UTType.markdown.preferredMIMEType == "text/markdown")
  }

  @Test("Types no source shows the system declaring stay dynamic, as on a Mac without the app")
  func stillDynamic() throws {
    for tag in ["ogg", "opus", "mkv", "proto", "toml", "img"] {
      let type = try #require(UTType(filenameExtension: tag))
      #expect(type.isDynamic, "\(tag) gave \(type.identifier)")
    }
    #expect(UTType("org.matroska.mkv")?.isDeclared != true)
    #expect(UTType("org.xiph.ogg-audio")?.isDeclared != true)
  }

  @Test("A Wallet pass file is the data form; the package form conforms to a package")
  func walletPass() throws {
    let file = try #require(UTType(filenameExtension: "pkpass"))
    #expect(file.identifier == "com.apple.pkpass-data")
    #expect(file.conforms(to: .data))
    let package = try #require(UTType(filenameExtension: "pkpass", conformingTo: .package))
    #expect(package.identifier == "com.apple.pkpass")
    #expect(!package.conforms(to: .data))
  }

  @Test("Every extension's default lookup gives a kind of data, as Apple's does")
  func extensionLookupsGiveData() throws {
    var failures: [String] = []
    for declaration in SystemCatalogue.declarations {
      for tag in declaration.filenameExtensions {
        let type = try #require(UTType(filenameExtension: tag))
        if !type.conforms(to: .data) { failures.append("\(tag) -> \(type.identifier)") }
      }
    }
    #expect(failures == [])
  }
}
