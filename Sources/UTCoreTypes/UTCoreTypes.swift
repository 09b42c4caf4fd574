// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The legacy names keep Apple's spelling so that pre-iOS 14 code compiles unchanged.

// The `kUTType…` constants of Apple's `UTCoreTypes.h` (MobileCoreServices on iOS, CoreServices
// on macOS), for share-extension code written before `UniformTypeIdentifiers`.
//
// All 128 constants the header declares, in its order, each holding its type identifier. On
// Apple platforms they are `CFString`s and code writes `kUTTypeURL as String`; here they are
// `String`s, so that the same expression compiles, without a warning, to the same value. Apple
// marks them deprecated in favour of `UTType` (`kUTTypeURL` is `UTType.url.identifier`); this
// module does not, so that code built with warnings as errors ports unchanged. Only the
// constants are here: the C functions of `UTType.h` (`UTTypeConformsTo`, …) are not.
#if os(Linux)

  // MARK: Abstract base types

  /// `public.item`.
  public let kUTTypeItem = "public.item"

  /// `public.content`.
  public let kUTTypeContent = "public.content"

  /// `public.composite-content`.
  public let kUTTypeCompositeContent = "public.composite-content"

  /// `public.message`.
  public let kUTTypeMessage = "public.message"

  /// `public.contact`.
  public let kUTTypeContact = "public.contact"

  /// `public.archive`.
  public let kUTTypeArchive = "public.archive"

  /// `public.disk-image`.
  public let kUTTypeDiskImage = "public.disk-image"

  // MARK: Concrete base types

  /// `public.data`.
  public let kUTTypeData = "public.data"

  /// `public.directory`.
  public let kUTTypeDirectory = "public.directory"

  /// `com.apple.resolvable`.
  public let kUTTypeResolvable = "com.apple.resolvable"

  /// `public.symlink`.
  public let kUTTypeSymLink = "public.symlink"

  /// `public.executable`.
  public let kUTTypeExecutable = "public.executable"

  /// `com.apple.mount-point`.
  public let kUTTypeMountPoint = "com.apple.mount-point"

  /// `com.apple.alias-file`.
  public let kUTTypeAliasFile = "com.apple.alias-file"

  /// `com.apple.alias-record`.
  public let kUTTypeAliasRecord = "com.apple.alias-record"

  /// `com.apple.bookmark`.
  public let kUTTypeURLBookmarkData = "com.apple.bookmark"

  // MARK: URL types

  /// `public.url`.
  public let kUTTypeURL = "public.url"

  /// `public.file-url`.
  public let kUTTypeFileURL = "public.file-url"

  // MARK: Text types

  /// `public.text`.
  public let kUTTypeText = "public.text"

  /// `public.plain-text`.
  public let kUTTypePlainText = "public.plain-text"

  /// `public.utf8-plain-text`.
  public let kUTTypeUTF8PlainText = "public.utf8-plain-text"

  /// `public.utf16-external-plain-text`.
  public let kUTTypeUTF16ExternalPlainText = "public.utf16-external-plain-text"

  /// `public.utf16-plain-text`.
  public let kUTTypeUTF16PlainText = "public.utf16-plain-text"

  /// `public.delimited-values-text`.
  public let kUTTypeDelimitedText = "public.delimited-values-text"

  /// `public.comma-separated-values-text`.
  public let kUTTypeCommaSeparatedText = "public.comma-separated-values-text"

  /// `public.tab-separated-values-text`.
  public let kUTTypeTabSeparatedText = "public.tab-separated-values-text"

  /// `public.utf8-tab-separated-values-text`.
  public let kUTTypeUTF8TabSeparatedText = "public.utf8-tab-separated-values-text"

  /// `public.rtf`.
  public let kUTTypeRTF = "public.rtf"

  // MARK: Markup languages

  /// `public.html`.
  public let kUTTypeHTML = "public.html"

  /// `public.xml`.
  public let kUTTypeXML = "public.xml"

  // MARK: Programming languages

  /// `public.source-code`.
  public let kUTTypeSourceCode = "public.source-code"

  /// `public.assembly-source`.
  public let kUTTypeAssemblyLanguageSource = "public.assembly-source"

  /// `public.c-source`.
  public let kUTTypeCSource = "public.c-source"

  /// `public.objective-c-source`.
  public let kUTTypeObjectiveCSource = "public.objective-c-source"

  /// `public.swift-source`.
  public let kUTTypeSwiftSource = "public.swift-source"

  /// `public.c-plus-plus-source`.
  public let kUTTypeCPlusPlusSource = "public.c-plus-plus-source"

  /// `public.objective-c-plus-plus-source`.
  public let kUTTypeObjectiveCPlusPlusSource = "public.objective-c-plus-plus-source"

  /// `public.c-header`.
  public let kUTTypeCHeader = "public.c-header"

  /// `public.c-plus-plus-header`.
  public let kUTTypeCPlusPlusHeader = "public.c-plus-plus-header"

  /// `com.sun.java-source`.
  public let kUTTypeJavaSource = "com.sun.java-source"

  // MARK: Scripting languages

  /// `public.script`.
  public let kUTTypeScript = "public.script"

  /// `com.apple.applescript.text`.
  public let kUTTypeAppleScript = "com.apple.applescript.text"

  /// `com.apple.applescript.script`.
  public let kUTTypeOSAScript = "com.apple.applescript.script"

  /// `com.apple.applescript.script-bundle`.
  public let kUTTypeOSAScriptBundle = "com.apple.applescript.script-bundle"

  /// `com.netscape.javascript-source`.
  public let kUTTypeJavaScript = "com.netscape.javascript-source"

  /// `public.shell-script`.
  public let kUTTypeShellScript = "public.shell-script"

  /// `public.perl-script`.
  public let kUTTypePerlScript = "public.perl-script"

  /// `public.python-script`.
  public let kUTTypePythonScript = "public.python-script"

  /// `public.ruby-script`.
  public let kUTTypeRubyScript = "public.ruby-script"

  /// `public.php-script`.
  public let kUTTypePHPScript = "public.php-script"

  // MARK: Serialized data types

  /// `public.json`.
  public let kUTTypeJSON = "public.json"

  /// `com.apple.property-list`.
  public let kUTTypePropertyList = "com.apple.property-list"

  /// `com.apple.xml-property-list`.
  public let kUTTypeXMLPropertyList = "com.apple.xml-property-list"

  /// `com.apple.binary-property-list`.
  public let kUTTypeBinaryPropertyList = "com.apple.binary-property-list"

  // MARK: Composite content types

  /// `com.adobe.pdf`.
  public let kUTTypePDF = "com.adobe.pdf"

  /// `com.apple.rtfd`.
  public let kUTTypeRTFD = "com.apple.rtfd"

  /// `com.apple.flat-rtfd`.
  public let kUTTypeFlatRTFD = "com.apple.flat-rtfd"

  /// `com.apple.txn.text-multimedia-data`.
  public let kUTTypeTXNTextAndMultimediaData = "com.apple.txn.text-multimedia-data"

  /// `com.apple.webarchive`.
  public let kUTTypeWebArchive = "com.apple.webarchive"

  // MARK: Image content types

  /// `public.image`.
  public let kUTTypeImage = "public.image"

  /// `public.jpeg`.
  public let kUTTypeJPEG = "public.jpeg"

  /// `public.jpeg-2000`.
  public let kUTTypeJPEG2000 = "public.jpeg-2000"

  /// `public.tiff`.
  public let kUTTypeTIFF = "public.tiff"

  /// `com.apple.pict`.
  public let kUTTypePICT = "com.apple.pict"

  /// `com.compuserve.gif`.
  public let kUTTypeGIF = "com.compuserve.gif"

  /// `public.png`.
  public let kUTTypePNG = "public.png"

  /// `com.apple.quicktime-image`.
  public let kUTTypeQuickTimeImage = "com.apple.quicktime-image"

  /// `com.apple.icns`.
  public let kUTTypeAppleICNS = "com.apple.icns"

  /// `com.microsoft.bmp`.
  public let kUTTypeBMP = "com.microsoft.bmp"

  /// `com.microsoft.ico`.
  public let kUTTypeICO = "com.microsoft.ico"

  /// `public.camera-raw-image`.
  public let kUTTypeRawImage = "public.camera-raw-image"

  /// `public.svg-image`.
  public let kUTTypeScalableVectorGraphics = "public.svg-image"

  /// `com.apple.live-photo`.
  public let kUTTypeLivePhoto = "com.apple.live-photo"

  // MARK: Audiovisual content types

  /// `public.audiovisual-content`.
  public let kUTTypeAudiovisualContent = "public.audiovisual-content"

  /// `public.movie`.
  public let kUTTypeMovie = "public.movie"

  /// `public.video`.
  public let kUTTypeVideo = "public.video"

  /// `public.audio`.
  public let kUTTypeAudio = "public.audio"

  /// `com.apple.quicktime-movie`.
  public let kUTTypeQuickTimeMovie = "com.apple.quicktime-movie"

  /// `public.mpeg`.
  public let kUTTypeMPEG = "public.mpeg"

  /// `public.mpeg-2-video`.
  public let kUTTypeMPEG2Video = "public.mpeg-2-video"

  /// `public.mpeg-2-transport-stream`.
  public let kUTTypeMPEG2TransportStream = "public.mpeg-2-transport-stream"

  /// `public.mp3`.
  public let kUTTypeMP3 = "public.mp3"

  /// `public.mpeg-4`.
  public let kUTTypeMPEG4 = "public.mpeg-4"

  /// `public.mpeg-4-audio`.
  public let kUTTypeMPEG4Audio = "public.mpeg-4-audio"

  /// `com.apple.protected-mpeg-4-audio`.
  public let kUTTypeAppleProtectedMPEG4Audio = "com.apple.protected-mpeg-4-audio"

  /// `com.apple.protected-mpeg-4-video`.
  public let kUTTypeAppleProtectedMPEG4Video = "com.apple.protected-mpeg-4-video"

  /// `public.avi`.
  public let kUTTypeAVIMovie = "public.avi"

  /// `public.aiff-audio`.
  public let kUTTypeAudioInterchangeFileFormat = "public.aiff-audio"

  /// `com.microsoft.waveform-audio`.
  public let kUTTypeWaveformAudio = "com.microsoft.waveform-audio"

  /// `public.midi-audio`.
  public let kUTTypeMIDIAudio = "public.midi-audio"

  // MARK: Playlists

  /// `public.playlist`.
  public let kUTTypePlaylist = "public.playlist"

  /// `public.m3u-playlist`.
  public let kUTTypeM3UPlaylist = "public.m3u-playlist"

  // MARK: Directory types

  /// `public.folder`.
  public let kUTTypeFolder = "public.folder"

  /// `public.volume`.
  public let kUTTypeVolume = "public.volume"

  /// `com.apple.package`.
  public let kUTTypePackage = "com.apple.package"

  /// `com.apple.bundle`.
  public let kUTTypeBundle = "com.apple.bundle"

  /// `com.apple.plugin`.
  public let kUTTypePluginBundle = "com.apple.plugin"

  /// `com.apple.metadata-importer`.
  public let kUTTypeSpotlightImporter = "com.apple.metadata-importer"

  /// `com.apple.quicklook-generator`.
  public let kUTTypeQuickLookGenerator = "com.apple.quicklook-generator"

  /// `com.apple.xpc-service`.
  public let kUTTypeXPCService = "com.apple.xpc-service"

  /// `com.apple.framework`.
  public let kUTTypeFramework = "com.apple.framework"

  // MARK: Application and executable types

  /// `com.apple.application`.
  public let kUTTypeApplication = "com.apple.application"

  /// `com.apple.application-bundle`.
  public let kUTTypeApplicationBundle = "com.apple.application-bundle"

  /// `com.apple.application-file`.
  public let kUTTypeApplicationFile = "com.apple.application-file"

  /// `public.unix-executable`.
  public let kUTTypeUnixExecutable = "public.unix-executable"

  /// `com.microsoft.windows-executable`.
  public let kUTTypeWindowsExecutable = "com.microsoft.windows-executable"

  /// `com.sun.java-class`.
  public let kUTTypeJavaClass = "com.sun.java-class"

  /// `com.sun.java-archive`.
  public let kUTTypeJavaArchive = "com.sun.java-archive"

  /// `com.apple.systempreference.prefpane`.
  public let kUTTypeSystemPreferencesPane = "com.apple.systempreference.prefpane"

  // MARK: Archival and compression types

  /// `org.gnu.gnu-zip-archive`.
  public let kUTTypeGNUZipArchive = "org.gnu.gnu-zip-archive"

  /// `public.bzip2-archive`.
  public let kUTTypeBzip2Archive = "public.bzip2-archive"

  /// `public.zip-archive`.
  public let kUTTypeZipArchive = "public.zip-archive"

  // MARK: Document types

  /// `public.spreadsheet`.
  public let kUTTypeSpreadsheet = "public.spreadsheet"

  /// `public.presentation`.
  public let kUTTypePresentation = "public.presentation"

  /// `public.database`.
  public let kUTTypeDatabase = "public.database"

  // MARK: Messages, contacts and calendar types

  /// `public.vcard`.
  public let kUTTypeVCard = "public.vcard"

  /// `public.to-do-item`.
  public let kUTTypeToDoItem = "public.to-do-item"

  /// `public.calendar-event`.
  public let kUTTypeCalendarEvent = "public.calendar-event"

  /// `public.email-message`.
  public let kUTTypeEmailMessage = "public.email-message"

  // MARK: Internet locations

  /// `com.apple.internet-location`.
  public let kUTTypeInternetLocation = "com.apple.internet-location"

  // MARK: Miscellaneous types

  /// `com.apple.ink.inktext`.
  public let kUTTypeInkText = "com.apple.ink.inktext"

  /// `public.font`.
  public let kUTTypeFont = "public.font"

  /// `public.bookmark`.
  public let kUTTypeBookmark = "public.bookmark"

  /// `public.3d-content`.
  public let kUTType3DContent = "public.3d-content"

  /// `com.rsa.pkcs-12`.
  public let kUTTypePKCS12 = "com.rsa.pkcs-12"

  /// `public.x509-certificate`.
  public let kUTTypeX509Certificate = "public.x509-certificate"

  /// `org.idpf.epub-container`.
  public let kUTTypeElectronicPublication = "org.idpf.epub-container"

  /// `public.log`.
  public let kUTTypeLog = "public.log"
#endif
