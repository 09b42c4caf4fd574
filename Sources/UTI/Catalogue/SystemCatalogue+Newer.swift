extension SystemCatalogue {
  /// Types that systems newer than macOS 12 declare (iOS 15 through 27, macOS 13 through 27).
  ///
  /// None of these is in the macOS 12 declaration list the oracle test reads, so each line
  /// carries a `#` note naming where its facts come from and what is not verified. Types that
  /// newer systems only re-document (`public.css`, `public.tar-archive`, `public.make-source`,
  /// `public.heics`, `com.ilm.openexr-image`, `com.apple.haptics.ahap`) are already declared by
  /// macOS 12 and live in the other tables with its facts; types that system frameworks declare
  /// outside CoreTypes' main list are in `frameworkTypes`.
  ///
  /// Looked for and deliberately left out, because no source read for this catalogue shows the
  /// system declaring them (a Mac without the app that declares them answers `dyn.`, and so
  /// does this catalogue; `UTTypeRegistry.registerDeclarations` adds an app's declarations):
  /// - Ogg (`org.xiph.ogg-audio`, `org.xiph.opus`, `org.xiph.ogv`) and Matroska
  ///   (`org.matroska.mkv`): no Apple documentation page, SDK constant, `AVFileType` or
  ///   declaration list names them; public code that handles them declares them itself
  ///   (`UTType(importedAs: "org.matroska.mkv")`, `UTImportedTypeDeclarations` noting that
  ///   "ogg/flac/opus have no Apple-owned UTI"). Whether a current Mac or iPhone declares them
  ///   is UNVERIFIED; the sniffer names them first and falls back to their MIME types.
  /// - Source code formats such as `public.protobuf-source`, `public.toml` and
  ///   `com.microsoft.typescript`: Xcode declares them, not the system (QLOmni's notes on
  ///   macOS 26: "Many 'system' UTIs are actually declared by specific apps", listing these
  ///   with Xcode.app; hippietrail/tomql: "macOS doesn't export a public public.toml
  ///   UTType"). iOS has no Xcode, so a share extension never sees them.
  static let newerTypes = """
    # public.avif: AV1 still image (macOS 13 / iOS 16 ImageIO). Apple documents no constant and
    # no declaration for it; extension and MIME type are the AOM/IANA registration (avif,
    # image/avif). Parent public.image and the imported kind (as for the other codec-specific
    # image types, e.g. public.heic) are UNVERIFIED against a real declaration.
    I public.avif | public.image | avif | image/avif | AV1 image file (AVIF)
    # public.jpeg-xl: UTI and "conforms to: public.image" from Apple's documentation,
    # https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/jpegxl
    # (UTType.jpegxl, iOS 18.2 / macOS 15.2). Tags jxl and image/jxl are the JPEG XL
    # registration (ISO/IEC 18181, IANA image/jxl); the imported kind is UNVERIFIED.
    I public.jpeg-xl | public.image | jxl | image/jxl | JPEG XL next-generation image
    # com.adobe.raw-image: UTI and "conforms to: public.image" from Apple's documentation,
    # https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/dng
    # (UTType.dng, iOS 18 / macOS 15); extension dng from
    # https://developer.apple.com/documentation/avfoundation/avfiletype/dng (AVFileType.dng,
    # macOS 10.13+, so older systems declare it outside CoreTypes and the macOS 12 list lacks
    # it). MIME type image/x-adobe-dng: the "10.15.7 answers" of `frameworkTypes` give dng ->
    # com.adobe.raw-image with preferred MIME type image/x-adobe-dng. Imported kind UNVERIFIED.
    I com.adobe.raw-image | public.image | dng | image/x-adobe-dng\
     | Adobe Digital Negative (DNG) raw image
    # public.geojson: UTI from Apple's documentation,
    # https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/geojson
    # (UTType.geoJSON, iOS 18 / macOS 15), which names no parent. Parent public.json, the tags
    # geojson and application/geo+json (RFC 7946) and the exported kind are UNVERIFIED.
    E public.geojson | public.json | geojson | application/geo+json | Geographic features as GeoJSON
    # com.apple.linkpresentation.metadata: UTI and "conforms to: public.data" from Apple's
    # documentation, https://developer.apple.com/documentation/uniformtypeidentifiers/
    # uttype-swift.struct/linkpresentationmetadata (UTType.linkPresentationMetadata, iOS 18 /
    # macOS 15). Apple documents no tags; the exported kind is UNVERIFIED.
    E com.apple.linkpresentation.metadata | public.data |  |  | Rich link preview metadata
    # com.apple.live-photo-bundle: the directory form of a Live Photo that PHPicker and Photos
    # offer first for a Live Photo (public code: PhotoFoundation's PFUniformTypeUtilities
    # creates it with typeWithIdentifier:, picker code reports it arriving as a .pvt directory).
    # No Apple page documents its declaration: parents (copied from the macOS 12 declaration of
    # com.apple.private.live-photo-bundle), extension pvt and exported kind are UNVERIFIED.
    E com.apple.live-photo-bundle | com.apple.live-photo com.apple.bundle com.apple.package | pvt\
     |  | Live Photo package from Photos
    # net.daringfireball.markdown: identifier and "conforms to public.utf8-plain-text" from
    # Apple's documentation of UTType.markdown (iOS, macOS and the other systems 27.0),
    # https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/markdown
    # and UTTypeMarkdown in the Xcode 27 beta 1 UTCoreTypes.h diff published by dotnet/macios
    # (wiki "UniformTypeIdentifiers tvOS xcode27.0 b1"). Before 27 only apps declare it (Xcode,
    # Markdown editors: QLOmni's notes on macOS 26), which is why macOS 12 lacks it. Extensions
    # md, markdown and mdown: a newer Mac's extension-to-type list (apps installed);
    # MIME type text/markdown (RFC 7763) and the imported kind: UNVERIFIED.
    I net.daringfireball.markdown | public.utf8-plain-text | md markdown mdown | text/markdown\
     | Markdown formatted text
    """
}
