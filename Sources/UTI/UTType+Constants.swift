// The constants Apple documents in UniformTypeIdentifiers, with the same names, in the order of
// Apple's UTCoreTypes.h. Checked against Apple's UTType documentation pages and the
// UniformTypeIdentifiers Swift interface of the iOS 18.2 / macOS 15.2 SDKs, then against the
// Xcode 27 beta 1 UTCoreTypes.h diff (dotnet/macios wiki) and Apple's page for
// UTType.markdown: 141 constants, the newest being makefile (iOS 15), ahap (iOS 17), css,
// heics, exr, dng, tarArchive, geoJSON, linkPresentationMetadata (iOS 18), jpegxl (iOS 18.2)
// and markdown (iOS and macOS 27). Apple's header gives
// internetShortcut the identifier of internetLocation (a copy error); the type behind the
// constant, per Apple's documentation page, is com.microsoft.internet-shortcut.

extension UTType {
  // MARK: Abstract base types

  /// The base type for all items in the type hierarchy. (`public.item`)
  public static let item = UTType(systemIdentifier: "public.item")

  /// The base type for anything a user reads, watches or listens to. (`public.content`)
  public static let content = UTType(systemIdentifier: "public.content")

  /// Content that mixes several kinds of media, such as a PDF. (`public.composite-content`)
  public static let compositeContent = UTType(systemIdentifier: "public.composite-content")

  /// A disk image. (`public.disk-image`)
  public static let diskImage = UTType(systemIdentifier: "public.disk-image")

  // MARK: Concrete base types

  /// A byte stream: a file, or data in memory. (`public.data`)
  public static let data = UTType(systemIdentifier: "public.data")

  /// A file system directory. (`public.directory`)
  public static let directory = UTType(systemIdentifier: "public.directory")

  /// An item that resolves to another item, such as an alias. (`com.apple.resolvable`)
  public static let resolvable = UTType(systemIdentifier: "com.apple.resolvable")

  /// A symbolic link. (`public.symlink`)
  public static let symbolicLink = UTType(systemIdentifier: "public.symlink")

  /// An item that can run. (`public.executable`)
  public static let executable = UTType(systemIdentifier: "public.executable")

  /// The root of a mounted volume. (`com.apple.mount-point`)
  public static let mountPoint = UTType(systemIdentifier: "com.apple.mount-point")

  /// A Finder alias file. (`com.apple.alias-file`)
  public static let aliasFile = UTType(systemIdentifier: "com.apple.alias-file")

  /// Bookmark data for a URL. (`com.apple.bookmark`)
  public static let urlBookmarkData = UTType(systemIdentifier: "com.apple.bookmark")

  // MARK: URLs

  /// A URL. (`public.url`)
  public static let url = UTType(systemIdentifier: "public.url")

  /// A URL that refers to a file. (`public.file-url`)
  public static let fileURL = UTType(systemIdentifier: "public.file-url")

  // MARK: Text

  /// The base type for text of any encoding and format. (`public.text`)
  public static let text = UTType(systemIdentifier: "public.text")

  /// Text with no markup, in an unspecified encoding. (`public.plain-text`)
  public static let plainText = UTType(systemIdentifier: "public.plain-text")

  /// Plain text in UTF-8. (`public.utf8-plain-text`)
  public static let utf8PlainText = UTType(systemIdentifier: "public.utf8-plain-text")

  /// Plain text in UTF-16, big-endian unless a byte-order mark says otherwise.
  /// (`public.utf16-external-plain-text`)
  public static let utf16ExternalPlainText = UTType(
    systemIdentifier: "public.utf16-external-plain-text")

  /// Plain text in native-endian UTF-16; a byte-order mark is optional. (`public.utf16-plain-text`)
  public static let utf16PlainText = UTType(systemIdentifier: "public.utf16-plain-text")

  /// Text holding values separated by a delimiter. (`public.delimited-values-text`)
  public static let delimitedText = UTType(systemIdentifier: "public.delimited-values-text")

  /// Comma-separated values. (`public.comma-separated-values-text`)
  public static let commaSeparatedText = UTType(
    systemIdentifier: "public.comma-separated-values-text")

  /// Tab-separated values. (`public.tab-separated-values-text`)
  public static let tabSeparatedText = UTType(systemIdentifier: "public.tab-separated-values-text")

  /// Tab-separated values in UTF-8. (`public.utf8-tab-separated-values-text`)
  public static let utf8TabSeparatedText = UTType(
    systemIdentifier: "public.utf8-tab-separated-values-text")

  /// Rich Text Format. (`public.rtf`)
  public static let rtf = UTType(systemIdentifier: "public.rtf")

  // MARK: Markup

  /// HTML. (`public.html`)
  public static let html = UTType(systemIdentifier: "public.html")

  /// XML. (`public.xml`)
  public static let xml = UTType(systemIdentifier: "public.xml")

  /// YAML. (`public.yaml`)
  public static let yaml = UTType(systemIdentifier: "public.yaml")

  /// A Cascading Style Sheets file. (`public.css`)
  public static let css = UTType(systemIdentifier: "public.css")

  // MARK: Source code

  /// The base type for source code. (`public.source-code`)
  public static let sourceCode = UTType(systemIdentifier: "public.source-code")

  /// Assembly language source. (`public.assembly-source`)
  public static let assemblyLanguageSource = UTType(systemIdentifier: "public.assembly-source")

  /// C source. (`public.c-source`)
  public static let cSource = UTType(systemIdentifier: "public.c-source")

  /// Objective-C source. (`public.objective-c-source`)
  public static let objectiveCSource = UTType(systemIdentifier: "public.objective-c-source")

  /// Swift source. (`public.swift-source`)
  public static let swiftSource = UTType(systemIdentifier: "public.swift-source")

  /// C++ source. (`public.c-plus-plus-source`)
  public static let cPlusPlusSource = UTType(systemIdentifier: "public.c-plus-plus-source")

  /// Objective-C++ source. (`public.objective-c-plus-plus-source`)
  public static let objectiveCPlusPlusSource = UTType(
    systemIdentifier: "public.objective-c-plus-plus-source")

  /// A C header. (`public.c-header`)
  public static let cHeader = UTType(systemIdentifier: "public.c-header")

  /// A C++ header. (`public.c-plus-plus-header`)
  public static let cPlusPlusHeader = UTType(systemIdentifier: "public.c-plus-plus-header")

  // MARK: Scripts

  /// The base type for scripting-language source. (`public.script`)
  public static let script = UTType(systemIdentifier: "public.script")

  /// An AppleScript text script. (`com.apple.applescript.text`)
  public static let appleScript = UTType(systemIdentifier: "com.apple.applescript.text")

  /// A compiled Open Scripting Architecture script. (`com.apple.applescript.script`)
  public static let osaScript = UTType(systemIdentifier: "com.apple.applescript.script")

  /// A bundled Open Scripting Architecture script. (`com.apple.applescript.script-bundle`)
  public static let osaScriptBundle = UTType(
    systemIdentifier: "com.apple.applescript.script-bundle")

  /// JavaScript source. (`com.netscape.javascript-source`)
  public static let javaScript = UTType(systemIdentifier: "com.netscape.javascript-source")

  /// The base type for shell scripts. (`public.shell-script`)
  public static let shellScript = UTType(systemIdentifier: "public.shell-script")

  /// A Perl script. (`public.perl-script`)
  public static let perlScript = UTType(systemIdentifier: "public.perl-script")

  /// A Python script. (`public.python-script`)
  public static let pythonScript = UTType(systemIdentifier: "public.python-script")

  /// A Ruby script. (`public.ruby-script`)
  public static let rubyScript = UTType(systemIdentifier: "public.ruby-script")

  /// A PHP script. (`public.php-script`)
  public static let phpScript = UTType(systemIdentifier: "public.php-script")

  /// A makefile. (`public.make-source`)
  public static let makefile = UTType(systemIdentifier: "public.make-source")

  // MARK: Structured data

  /// JSON. (`public.json`)
  public static let json = UTType(systemIdentifier: "public.json")

  /// Markdown text, a kind of UTF-8 plain text. (`net.daringfireball.markdown`, iOS and
  /// macOS 27)
  public static let markdown = UTType(systemIdentifier: "net.daringfireball.markdown")

  /// A property list of any format. (`com.apple.property-list`)
  public static let propertyList = UTType(systemIdentifier: "com.apple.property-list")

  /// An XML property list. (`com.apple.xml-property-list`)
  public static let xmlPropertyList = UTType(systemIdentifier: "com.apple.xml-property-list")

  /// A binary property list. (`com.apple.binary-property-list`)
  public static let binaryPropertyList = UTType(systemIdentifier: "com.apple.binary-property-list")

  // MARK: Documents

  /// A PDF document. (`com.adobe.pdf`)
  public static let pdf = UTType(systemIdentifier: "com.adobe.pdf")

  /// A Rich Text Format Directory: RTF with attachments, as a package. (`com.apple.rtfd`)
  public static let rtfd = UTType(systemIdentifier: "com.apple.rtfd")

  /// A Rich Text Format Directory flattened into one file. (`com.apple.flat-rtfd`)
  public static let flatRTFD = UTType(systemIdentifier: "com.apple.flat-rtfd")

  /// A Safari web archive. (`com.apple.webarchive`)
  public static let webArchive = UTType(systemIdentifier: "com.apple.webarchive")

  // MARK: Images

  /// The base type for images. (`public.image`)
  public static let image = UTType(systemIdentifier: "public.image")

  /// A JPEG image. (`public.jpeg`)
  public static let jpeg = UTType(systemIdentifier: "public.jpeg")

  /// A TIFF image. (`public.tiff`)
  public static let tiff = UTType(systemIdentifier: "public.tiff")

  /// A GIF image. (`com.compuserve.gif`)
  public static let gif = UTType(systemIdentifier: "com.compuserve.gif")

  /// A PNG image. (`public.png`)
  public static let png = UTType(systemIdentifier: "public.png")

  /// An Apple icon image. (`com.apple.icns`)
  public static let icns = UTType(systemIdentifier: "com.apple.icns")

  /// A Windows bitmap image. (`com.microsoft.bmp`)
  public static let bmp = UTType(systemIdentifier: "com.microsoft.bmp")

  /// A Windows icon image. (`com.microsoft.ico`)
  public static let ico = UTType(systemIdentifier: "com.microsoft.ico")

  /// The base type for camera raw images. (`public.camera-raw-image`)
  public static let rawImage = UTType(systemIdentifier: "public.camera-raw-image")

  /// A Scalable Vector Graphics image. (`public.svg-image`)
  public static let svg = UTType(systemIdentifier: "public.svg-image")

  /// A Live Photo. (`com.apple.live-photo`)
  public static let livePhoto = UTType(systemIdentifier: "com.apple.live-photo")

  /// A High Efficiency Image File Format image. (`public.heif`)
  public static let heif = UTType(systemIdentifier: "public.heif")

  /// A HEIF image holding HEVC-coded pictures. (`public.heic`)
  public static let heic = UTType(systemIdentifier: "public.heic")

  /// A HEIF image sequence holding HEVC-coded pictures. (`public.heics`)
  public static let heics = UTType(systemIdentifier: "public.heics")

  /// A WebP image. (`org.webmproject.webp`)
  public static let webP = UTType(systemIdentifier: "org.webmproject.webp")

  /// An OpenEXR image. (`com.ilm.openexr-image`)
  public static let exr = UTType(systemIdentifier: "com.ilm.openexr-image")

  /// An Adobe Digital Negative (DNG) raw image. (`com.adobe.raw-image`)
  public static let dng = UTType(systemIdentifier: "com.adobe.raw-image")

  /// A JPEG XL image. (`public.jpeg-xl`)
  public static let jpegxl = UTType(systemIdentifier: "public.jpeg-xl")

  // MARK: 3D content

  /// The base type for 3D content. (`public.3d-content`)
  public static let threeDContent = UTType(systemIdentifier: "public.3d-content")

  /// A Universal Scene Description file. (`com.pixar.universal-scene-description`)
  public static let usd = UTType(systemIdentifier: "com.pixar.universal-scene-description")

  /// A Universal Scene Description package for mobile devices.
  /// (`com.pixar.universal-scene-description-mobile`)
  public static let usdz = UTType(systemIdentifier: "com.pixar.universal-scene-description-mobile")

  /// A Reality File. (`com.apple.reality`)
  public static let realityFile = UTType(systemIdentifier: "com.apple.reality")

  /// A SceneKit scene. (`com.apple.scenekit.scene`)
  public static let sceneKitScene = UTType(systemIdentifier: "com.apple.scenekit.scene")

  /// An AR reference object. (`com.apple.arobject`)
  public static let arReferenceObject = UTType(systemIdentifier: "com.apple.arobject")

  // MARK: Audiovisual content

  /// The base type for audio and video, with or without both. (`public.audiovisual-content`)
  public static let audiovisualContent = UTType(systemIdentifier: "public.audiovisual-content")

  /// The base type for media with video, or video and audio. (`public.movie`)
  public static let movie = UTType(systemIdentifier: "public.movie")

  /// The base type for video without audio. (`public.video`)
  public static let video = UTType(systemIdentifier: "public.video")

  /// The base type for audio without video. (`public.audio`)
  public static let audio = UTType(systemIdentifier: "public.audio")

  /// A QuickTime movie. (`com.apple.quicktime-movie`)
  public static let quickTimeMovie = UTType(systemIdentifier: "com.apple.quicktime-movie")

  /// An MPEG-1 or MPEG-2 movie. (`public.mpeg`)
  public static let mpeg = UTType(systemIdentifier: "public.mpeg")

  /// MPEG-2 video. (`public.mpeg-2-video`)
  public static let mpeg2Video = UTType(systemIdentifier: "public.mpeg-2-video")

  /// An MPEG-2 transport stream. (`public.mpeg-2-transport-stream`)
  public static let mpeg2TransportStream = UTType(
    systemIdentifier: "public.mpeg-2-transport-stream")

  /// MPEG-1 or MPEG-2 Audio Layer III audio. (`public.mp3`)
  public static let mp3 = UTType(systemIdentifier: "public.mp3")

  /// An MPEG-4 movie. (`public.mpeg-4`)
  public static let mpeg4Movie = UTType(systemIdentifier: "public.mpeg-4")

  /// MPEG-4 audio. (`public.mpeg-4-audio`)
  public static let mpeg4Audio = UTType(systemIdentifier: "public.mpeg-4-audio")

  /// Apple's protected MPEG-4 audio. (`com.apple.protected-mpeg-4-audio`)
  public static let appleProtectedMPEG4Audio = UTType(
    systemIdentifier: "com.apple.protected-mpeg-4-audio")

  /// Apple's protected MPEG-4 video. (`com.apple.protected-mpeg-4-video`)
  public static let appleProtectedMPEG4Video = UTType(
    systemIdentifier: "com.apple.protected-mpeg-4-video")

  /// An AVI movie. (`public.avi`)
  public static let avi = UTType(systemIdentifier: "public.avi")

  /// AIFF audio. (`public.aiff-audio`)
  public static let aiff = UTType(systemIdentifier: "public.aiff-audio")

  /// WAVE audio. (`com.microsoft.waveform-audio`)
  public static let wav = UTType(systemIdentifier: "com.microsoft.waveform-audio")

  /// MIDI audio. (`public.midi-audio`)
  public static let midi = UTType(systemIdentifier: "public.midi-audio")

  /// The base type for playlists. (`public.playlist`)
  public static let playlist = UTType(systemIdentifier: "public.playlist")

  /// An M3U or M3U8 playlist. (`public.m3u-playlist`)
  public static let m3uPlaylist = UTType(systemIdentifier: "public.m3u-playlist")

  // MARK: Directories

  /// A folder a user sees as a folder. (`public.folder`)
  public static let folder = UTType(systemIdentifier: "public.folder")

  /// The root folder of a mounted volume. (`public.volume`)
  public static let volume = UTType(systemIdentifier: "public.volume")

  /// A directory presented to the user as one file. (`com.apple.package`)
  public static let package = UTType(systemIdentifier: "com.apple.package")

  /// A directory with a standard layout and an Info.plist. (`com.apple.bundle`)
  public static let bundle = UTType(systemIdentifier: "com.apple.bundle")

  /// The base type for plug-in bundles. (`com.apple.plugin`)
  public static let pluginBundle = UTType(systemIdentifier: "com.apple.plugin")

  /// A Spotlight metadata importer bundle. (`com.apple.metadata-importer`)
  public static let spotlightImporter = UTType(systemIdentifier: "com.apple.metadata-importer")

  /// A Quick Look preview generator bundle. (`com.apple.quicklook-generator`)
  public static let quickLookGenerator = UTType(systemIdentifier: "com.apple.quicklook-generator")

  /// An XPC service bundle. (`com.apple.xpc-service`)
  public static let xpcService = UTType(systemIdentifier: "com.apple.xpc-service")

  /// A framework bundle. (`com.apple.framework`)
  public static let framework = UTType(systemIdentifier: "com.apple.framework")

  // MARK: Applications

  /// The base type for applications. (`com.apple.application`)
  public static let application = UTType(systemIdentifier: "com.apple.application")

  /// An application bundle. (`com.apple.application-bundle`)
  public static let applicationBundle = UTType(systemIdentifier: "com.apple.application-bundle")

  /// An application extension bundle (`.appex`). (`com.apple.application-and-system-extension`)
  public static let applicationExtension = UTType(
    systemIdentifier: "com.apple.application-and-system-extension")

  /// A UNIX executable. (`public.unix-executable`)
  public static let unixExecutable = UTType(systemIdentifier: "public.unix-executable")

  /// A Windows executable. (`com.microsoft.windows-executable`)
  public static let exe = UTType(systemIdentifier: "com.microsoft.windows-executable")

  /// A System Preferences pane. (`com.apple.systempreference.prefpane`)
  public static let systemPreferencesPane = UTType(
    systemIdentifier: "com.apple.systempreference.prefpane")

  // MARK: Archives

  /// The base type for archives. (`public.archive`)
  public static let archive = UTType(systemIdentifier: "public.archive")

  /// A gzip archive. (`org.gnu.gnu-zip-archive`)
  public static let gzip = UTType(systemIdentifier: "org.gnu.gnu-zip-archive")

  /// A bzip2 archive. (`public.bzip2-archive`)
  public static let bz2 = UTType(systemIdentifier: "public.bzip2-archive")

  /// A zip archive. (`public.zip-archive`)
  public static let zip = UTType(systemIdentifier: "public.zip-archive")

  /// An Apple Archive. (`com.apple.archive`)
  public static let appleArchive = UTType(systemIdentifier: "com.apple.archive")

  /// A tar archive. (`public.tar-archive`)
  public static let tarArchive = UTType(systemIdentifier: "public.tar-archive")

  // MARK: Office documents

  /// The base type for spreadsheets. (`public.spreadsheet`)
  public static let spreadsheet = UTType(systemIdentifier: "public.spreadsheet")

  /// The base type for presentations. (`public.presentation`)
  public static let presentation = UTType(systemIdentifier: "public.presentation")

  /// The base type for databases. (`public.database`)
  public static let database = UTType(systemIdentifier: "public.database")

  // MARK: Messages, contacts and calendar

  /// The base type for messages: email, instant messages. (`public.message`)
  public static let message = UTType(systemIdentifier: "public.message")

  /// The base type for contact information. (`public.contact`)
  public static let contact = UTType(systemIdentifier: "public.contact")

  /// A vCard electronic business card. (`public.vcard`)
  public static let vCard = UTType(systemIdentifier: "public.vcard")

  /// A to-do item. (`public.to-do-item`)
  public static let toDoItem = UTType(systemIdentifier: "public.to-do-item")

  /// A calendar event. (`public.calendar-event`)
  public static let calendarEvent = UTType(systemIdentifier: "public.calendar-event")

  /// An email message. (`public.email-message`)
  public static let emailMessage = UTType(systemIdentifier: "public.email-message")

  // MARK: Internet locations

  /// The base type for Apple internet location files. (`com.apple.internet-location`)
  public static let internetLocation = UTType(systemIdentifier: "com.apple.internet-location")

  /// A Microsoft Internet shortcut (.url) file. (`com.microsoft.internet-shortcut`)
  public static let internetShortcut = UTType(systemIdentifier: "com.microsoft.internet-shortcut")

  // MARK: Miscellaneous

  /// The base type for fonts. (`public.font`)
  public static let font = UTType(systemIdentifier: "public.font")

  /// A bookmark. (`public.bookmark`)
  public static let bookmark = UTType(systemIdentifier: "public.bookmark")

  /// A PKCS #12 file. (`com.rsa.pkcs-12`)
  public static let pkcs12 = UTType(systemIdentifier: "com.rsa.pkcs-12")

  /// An X.509 certificate. (`public.x509-certificate`)
  public static let x509Certificate = UTType(systemIdentifier: "public.x509-certificate")

  /// An EPUB document. (`org.idpf.epub-container`)
  public static let epub = UTType(systemIdentifier: "org.idpf.epub-container")

  /// A log file. (`public.log`)
  public static let log = UTType(systemIdentifier: "public.log")

  /// A haptic pattern in Apple's JSON-based AHAP format. (`com.apple.haptics.ahap`)
  public static let ahap = UTType(systemIdentifier: "com.apple.haptics.ahap")

  /// Geographic features encoded as GeoJSON. (`public.geojson`)
  public static let geoJSON = UTType(systemIdentifier: "public.geojson")

  /// Link preview metadata (title, icon, images) archived by LinkPresentation.
  /// (`com.apple.linkpresentation.metadata`)
  public static let linkPresentationMetadata = UTType(
    systemIdentifier: "com.apple.linkpresentation.metadata")
}

extension UTType {
  /// A system type by identifier, resolved in the built-in catalogue.
  ///
  /// Constants are resolved in the system graph so that, until an application registers its
  /// own declarations, they share a graph with every lookup and compare with one bit test. An
  /// identifier missing from the catalogue yields an undeclared type with that identifier; the
  /// catalogue tests check that no constant is undeclared.
  init(systemIdentifier identifier: String) {
    let graph = UTTypeRegistry.systemGraph
    if let index = graph.index(of: identifier) {
      self.init(graph: graph, index: index)
    } else {
      self.init(
        identifier: identifier,
        graph: graph,
        undeclared: UndeclaredTypeFacts(parents: [], tags: [:], isDynamic: false)
      )
    }
  }
}
