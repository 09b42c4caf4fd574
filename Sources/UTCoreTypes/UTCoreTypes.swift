// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The legacy names keep Apple's spelling so that pre-iOS 14 code compiles unchanged.

// The `kUTType…` constants of Apple's `UTCoreTypes.h` (MobileCoreServices on iOS, CoreServices
// on macOS), for share-extension code written before `UniformTypeIdentifiers`.
//
// All 128 constants the header declares, in its order, each holding its type identifier. They
// are `CFString`s, as in Apple's SDK (here `CFString` is `NSString`, see `CFString.swift` in
// UniformTypeIdentifiers), so `kUTTypeURL as String`, `kUTTypeImage as CFString`, a `[CFString]`
// of them and passing one to `UTTypeConformsTo` all compile as on iOS. Each is a read-only
// computed property rather than a stored `let`: Linux Foundation marks `NSString` not
// `Sendable`, so a stored global `NSString` is an error in Swift 6 mode; a getter that makes
// the string holds no shared state, and code cannot tell the difference (neither can be
// assigned). Apple marks them deprecated in favour of `UTType` (`kUTTypeURL` is
// `UTType.url.identifier`); this module does not, so that code built with warnings as errors
// ports unchanged. The C functions of `UTType.h` are in `UTTypeFunctions.swift`.
#if os(Linux)
  import UniformTypeIdentifiers

  // MARK: Abstract base types

  /// `public.item`.
  public var kUTTypeItem: CFString { "public.item" }

  /// `public.content`.
  public var kUTTypeContent: CFString { "public.content" }

  /// `public.composite-content`.
  public var kUTTypeCompositeContent: CFString { "public.composite-content" }

  /// `public.message`.
  public var kUTTypeMessage: CFString { "public.message" }

  /// `public.contact`.
  public var kUTTypeContact: CFString { "public.contact" }

  /// `public.archive`.
  public var kUTTypeArchive: CFString { "public.archive" }

  /// `public.disk-image`.
  public var kUTTypeDiskImage: CFString { "public.disk-image" }

  // MARK: Concrete base types

  /// `public.data`.
  public var kUTTypeData: CFString { "public.data" }

  /// `public.directory`.
  public var kUTTypeDirectory: CFString { "public.directory" }

  /// `com.apple.resolvable`.
  public var kUTTypeResolvable: CFString { "com.apple.resolvable" }

  /// `public.symlink`.
  public var kUTTypeSymLink: CFString { "public.symlink" }

  /// `public.executable`.
  public var kUTTypeExecutable: CFString { "public.executable" }

  /// `com.apple.mount-point`.
  public var kUTTypeMountPoint: CFString { "com.apple.mount-point" }

  /// `com.apple.alias-file`.
  public var kUTTypeAliasFile: CFString { "com.apple.alias-file" }

  /// `com.apple.alias-record`.
  public var kUTTypeAliasRecord: CFString { "com.apple.alias-record" }

  /// `com.apple.bookmark`.
  public var kUTTypeURLBookmarkData: CFString { "com.apple.bookmark" }

  // MARK: URL types

  /// `public.url`.
  public var kUTTypeURL: CFString { "public.url" }

  /// `public.file-url`.
  public var kUTTypeFileURL: CFString { "public.file-url" }

  // MARK: Text types

  /// `public.text`.
  public var kUTTypeText: CFString { "public.text" }

  /// `public.plain-text`.
  public var kUTTypePlainText: CFString { "public.plain-text" }

  /// `public.utf8-plain-text`.
  public var kUTTypeUTF8PlainText: CFString { "public.utf8-plain-text" }

  /// `public.utf16-external-plain-text`.
  public var kUTTypeUTF16ExternalPlainText: CFString { "public.utf16-external-plain-text" }

  /// `public.utf16-plain-text`.
  public var kUTTypeUTF16PlainText: CFString { "public.utf16-plain-text" }

  /// `public.delimited-values-text`.
  public var kUTTypeDelimitedText: CFString { "public.delimited-values-text" }

  /// `public.comma-separated-values-text`.
  public var kUTTypeCommaSeparatedText: CFString { "public.comma-separated-values-text" }

  /// `public.tab-separated-values-text`.
  public var kUTTypeTabSeparatedText: CFString { "public.tab-separated-values-text" }

  /// `public.utf8-tab-separated-values-text`.
  public var kUTTypeUTF8TabSeparatedText: CFString { "public.utf8-tab-separated-values-text" }

  /// `public.rtf`.
  public var kUTTypeRTF: CFString { "public.rtf" }

  // MARK: Markup languages

  /// `public.html`.
  public var kUTTypeHTML: CFString { "public.html" }

  /// `public.xml`.
  public var kUTTypeXML: CFString { "public.xml" }

  // MARK: Programming languages

  /// `public.source-code`.
  public var kUTTypeSourceCode: CFString { "public.source-code" }

  /// `public.assembly-source`.
  public var kUTTypeAssemblyLanguageSource: CFString { "public.assembly-source" }

  /// `public.c-source`.
  public var kUTTypeCSource: CFString { "public.c-source" }

  /// `public.objective-c-source`.
  public var kUTTypeObjectiveCSource: CFString { "public.objective-c-source" }

  /// `public.swift-source`.
  public var kUTTypeSwiftSource: CFString { "public.swift-source" }

  /// `public.c-plus-plus-source`.
  public var kUTTypeCPlusPlusSource: CFString { "public.c-plus-plus-source" }

  /// `public.objective-c-plus-plus-source`.
  public var kUTTypeObjectiveCPlusPlusSource: CFString { "public.objective-c-plus-plus-source" }

  /// `public.c-header`.
  public var kUTTypeCHeader: CFString { "public.c-header" }

  /// `public.c-plus-plus-header`.
  public var kUTTypeCPlusPlusHeader: CFString { "public.c-plus-plus-header" }

  /// `com.sun.java-source`.
  public var kUTTypeJavaSource: CFString { "com.sun.java-source" }

  // MARK: Scripting languages

  /// `public.script`.
  public var kUTTypeScript: CFString { "public.script" }

  /// `com.apple.applescript.text`.
  public var kUTTypeAppleScript: CFString { "com.apple.applescript.text" }

  /// `com.apple.applescript.script`.
  public var kUTTypeOSAScript: CFString { "com.apple.applescript.script" }

  /// `com.apple.applescript.script-bundle`.
  public var kUTTypeOSAScriptBundle: CFString { "com.apple.applescript.script-bundle" }

  /// `com.netscape.javascript-source`.
  public var kUTTypeJavaScript: CFString { "com.netscape.javascript-source" }

  /// `public.shell-script`.
  public var kUTTypeShellScript: CFString { "public.shell-script" }

  /// `public.perl-script`.
  public var kUTTypePerlScript: CFString { "public.perl-script" }

  /// `public.python-script`.
  public var kUTTypePythonScript: CFString { "public.python-script" }

  /// `public.ruby-script`.
  public var kUTTypeRubyScript: CFString { "public.ruby-script" }

  /// `public.php-script`.
  public var kUTTypePHPScript: CFString { "public.php-script" }

  // MARK: Serialized data types

  /// `public.json`.
  public var kUTTypeJSON: CFString { "public.json" }

  /// `com.apple.property-list`.
  public var kUTTypePropertyList: CFString { "com.apple.property-list" }

  /// `com.apple.xml-property-list`.
  public var kUTTypeXMLPropertyList: CFString { "com.apple.xml-property-list" }

  /// `com.apple.binary-property-list`.
  public var kUTTypeBinaryPropertyList: CFString { "com.apple.binary-property-list" }

  // MARK: Composite content types

  /// `com.adobe.pdf`.
  public var kUTTypePDF: CFString { "com.adobe.pdf" }

  /// `com.apple.rtfd`.
  public var kUTTypeRTFD: CFString { "com.apple.rtfd" }

  /// `com.apple.flat-rtfd`.
  public var kUTTypeFlatRTFD: CFString { "com.apple.flat-rtfd" }

  /// `com.apple.txn.text-multimedia-data`.
  public var kUTTypeTXNTextAndMultimediaData: CFString { "com.apple.txn.text-multimedia-data" }

  /// `com.apple.webarchive`.
  public var kUTTypeWebArchive: CFString { "com.apple.webarchive" }

  // MARK: Image content types

  /// `public.image`.
  public var kUTTypeImage: CFString { "public.image" }

  /// `public.jpeg`.
  public var kUTTypeJPEG: CFString { "public.jpeg" }

  /// `public.jpeg-2000`.
  public var kUTTypeJPEG2000: CFString { "public.jpeg-2000" }

  /// `public.tiff`.
  public var kUTTypeTIFF: CFString { "public.tiff" }

  /// `com.apple.pict`.
  public var kUTTypePICT: CFString { "com.apple.pict" }

  /// `com.compuserve.gif`.
  public var kUTTypeGIF: CFString { "com.compuserve.gif" }

  /// `public.png`.
  public var kUTTypePNG: CFString { "public.png" }

  /// `com.apple.quicktime-image`.
  public var kUTTypeQuickTimeImage: CFString { "com.apple.quicktime-image" }

  /// `com.apple.icns`.
  public var kUTTypeAppleICNS: CFString { "com.apple.icns" }

  /// `com.microsoft.bmp`.
  public var kUTTypeBMP: CFString { "com.microsoft.bmp" }

  /// `com.microsoft.ico`.
  public var kUTTypeICO: CFString { "com.microsoft.ico" }

  /// `public.camera-raw-image`.
  public var kUTTypeRawImage: CFString { "public.camera-raw-image" }

  /// `public.svg-image`.
  public var kUTTypeScalableVectorGraphics: CFString { "public.svg-image" }

  /// `com.apple.live-photo`.
  public var kUTTypeLivePhoto: CFString { "com.apple.live-photo" }

  // MARK: Audiovisual content types

  /// `public.audiovisual-content`.
  public var kUTTypeAudiovisualContent: CFString { "public.audiovisual-content" }

  /// `public.movie`.
  public var kUTTypeMovie: CFString { "public.movie" }

  /// `public.video`.
  public var kUTTypeVideo: CFString { "public.video" }

  /// `public.audio`.
  public var kUTTypeAudio: CFString { "public.audio" }

  /// `com.apple.quicktime-movie`.
  public var kUTTypeQuickTimeMovie: CFString { "com.apple.quicktime-movie" }

  /// `public.mpeg`.
  public var kUTTypeMPEG: CFString { "public.mpeg" }

  /// `public.mpeg-2-video`.
  public var kUTTypeMPEG2Video: CFString { "public.mpeg-2-video" }

  /// `public.mpeg-2-transport-stream`.
  public var kUTTypeMPEG2TransportStream: CFString { "public.mpeg-2-transport-stream" }

  /// `public.mp3`.
  public var kUTTypeMP3: CFString { "public.mp3" }

  /// `public.mpeg-4`.
  public var kUTTypeMPEG4: CFString { "public.mpeg-4" }

  /// `public.mpeg-4-audio`.
  public var kUTTypeMPEG4Audio: CFString { "public.mpeg-4-audio" }

  /// `com.apple.protected-mpeg-4-audio`.
  public var kUTTypeAppleProtectedMPEG4Audio: CFString { "com.apple.protected-mpeg-4-audio" }

  /// `com.apple.protected-mpeg-4-video`.
  public var kUTTypeAppleProtectedMPEG4Video: CFString { "com.apple.protected-mpeg-4-video" }

  /// `public.avi`.
  public var kUTTypeAVIMovie: CFString { "public.avi" }

  /// `public.aiff-audio`.
  public var kUTTypeAudioInterchangeFileFormat: CFString { "public.aiff-audio" }

  /// `com.microsoft.waveform-audio`.
  public var kUTTypeWaveformAudio: CFString { "com.microsoft.waveform-audio" }

  /// `public.midi-audio`.
  public var kUTTypeMIDIAudio: CFString { "public.midi-audio" }

  // MARK: Playlists

  /// `public.playlist`.
  public var kUTTypePlaylist: CFString { "public.playlist" }

  /// `public.m3u-playlist`.
  public var kUTTypeM3UPlaylist: CFString { "public.m3u-playlist" }

  // MARK: Directory types

  /// `public.folder`.
  public var kUTTypeFolder: CFString { "public.folder" }

  /// `public.volume`.
  public var kUTTypeVolume: CFString { "public.volume" }

  /// `com.apple.package`.
  public var kUTTypePackage: CFString { "com.apple.package" }

  /// `com.apple.bundle`.
  public var kUTTypeBundle: CFString { "com.apple.bundle" }

  /// `com.apple.plugin`.
  public var kUTTypePluginBundle: CFString { "com.apple.plugin" }

  /// `com.apple.metadata-importer`.
  public var kUTTypeSpotlightImporter: CFString { "com.apple.metadata-importer" }

  /// `com.apple.quicklook-generator`.
  public var kUTTypeQuickLookGenerator: CFString { "com.apple.quicklook-generator" }

  /// `com.apple.xpc-service`.
  public var kUTTypeXPCService: CFString { "com.apple.xpc-service" }

  /// `com.apple.framework`.
  public var kUTTypeFramework: CFString { "com.apple.framework" }

  // MARK: Application and executable types

  /// `com.apple.application`.
  public var kUTTypeApplication: CFString { "com.apple.application" }

  /// `com.apple.application-bundle`.
  public var kUTTypeApplicationBundle: CFString { "com.apple.application-bundle" }

  /// `com.apple.application-file`.
  public var kUTTypeApplicationFile: CFString { "com.apple.application-file" }

  /// `public.unix-executable`.
  public var kUTTypeUnixExecutable: CFString { "public.unix-executable" }

  /// `com.microsoft.windows-executable`.
  public var kUTTypeWindowsExecutable: CFString { "com.microsoft.windows-executable" }

  /// `com.sun.java-class`.
  public var kUTTypeJavaClass: CFString { "com.sun.java-class" }

  /// `com.sun.java-archive`.
  public var kUTTypeJavaArchive: CFString { "com.sun.java-archive" }

  /// `com.apple.systempreference.prefpane`.
  public var kUTTypeSystemPreferencesPane: CFString { "com.apple.systempreference.prefpane" }

  // MARK: Archival and compression types

  /// `org.gnu.gnu-zip-archive`.
  public var kUTTypeGNUZipArchive: CFString { "org.gnu.gnu-zip-archive" }

  /// `public.bzip2-archive`.
  public var kUTTypeBzip2Archive: CFString { "public.bzip2-archive" }

  /// `public.zip-archive`.
  public var kUTTypeZipArchive: CFString { "public.zip-archive" }

  // MARK: Document types

  /// `public.spreadsheet`.
  public var kUTTypeSpreadsheet: CFString { "public.spreadsheet" }

  /// `public.presentation`.
  public var kUTTypePresentation: CFString { "public.presentation" }

  /// `public.database`.
  public var kUTTypeDatabase: CFString { "public.database" }

  // MARK: Messages, contacts and calendar types

  /// `public.vcard`.
  public var kUTTypeVCard: CFString { "public.vcard" }

  /// `public.to-do-item`.
  public var kUTTypeToDoItem: CFString { "public.to-do-item" }

  /// `public.calendar-event`.
  public var kUTTypeCalendarEvent: CFString { "public.calendar-event" }

  /// `public.email-message`.
  public var kUTTypeEmailMessage: CFString { "public.email-message" }

  // MARK: Internet locations

  /// `com.apple.internet-location`.
  public var kUTTypeInternetLocation: CFString { "com.apple.internet-location" }

  // MARK: Miscellaneous types

  /// `com.apple.ink.inktext`.
  public var kUTTypeInkText: CFString { "com.apple.ink.inktext" }

  /// `public.font`.
  public var kUTTypeFont: CFString { "public.font" }

  /// `public.bookmark`.
  public var kUTTypeBookmark: CFString { "public.bookmark" }

  /// `public.3d-content`.
  public var kUTType3DContent: CFString { "public.3d-content" }

  /// `com.rsa.pkcs-12`.
  public var kUTTypePKCS12: CFString { "com.rsa.pkcs-12" }

  /// `public.x509-certificate`.
  public var kUTTypeX509Certificate: CFString { "public.x509-certificate" }

  /// `org.idpf.epub-container`.
  public var kUTTypeElectronicPublication: CFString { "org.idpf.epub-container" }

  /// `public.log`.
  public var kUTTypeLog: CFString { "public.log" }
#endif
