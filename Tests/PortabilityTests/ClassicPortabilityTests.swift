import Foundation
import ItemProvider
import MobileCoreServices
import TestSupport
import Testing
import UTI

/// Runs the classic code of `ClassicShareViewController.swift` (MobileCoreServices constants,
/// `loadItem`, `item as? URL`) against the source-app profiles.
@Suite("Portability: a classic share extension, with one import added, reads shared links")
struct ClassicPortabilityTests {
  /// How the link the classic code must save for each profile ends; nil: none is saved (it
  /// reads the first item's first attachment conforming to public.url, as such code does, so a
  /// file shared from Files gives its file URL).
  static let links: [String: String?] = [
    "safari-page": "https://example.com/article",
    "firefox-page": "https://example.com/article",
    "files-pdf": "/document.pdf",
    "photos-photo": nil,
    "screenshot-markup": nil,
  ]

  @Test("Safari and Firefox pages: the URL is saved and the request completes", arguments: links)
  func classicCodeReadsTheLink(_ name: String, _ expected: String?) async throws {
    let group = try PortabilityTests.AppGroup()
    defer { group.remove() }
    let items = try PortabilityTests.extensionItems(
      name, work: group.directory.appendingPathComponent("work"))
    let context = NSExtensionContext(inputItems: items)
    ClassicShareViewController(extensionContext: context, appGroupIdentifier: group.identifier)
      .didSelectPost()
    let outcome = try #require(await context.waitForRequestToEnd(), "\(name): never ended")
    #expect(outcome.isCompleted)
    let saved = group.directory.appendingPathComponent("container/shared-url.txt")
    let text = try? String(contentsOf: saved, encoding: .utf8)
    if let expected {
      #expect(text?.hasSuffix(expected) == true, "\(name): \(String(describing: text))")
    } else {
      #expect(text == nil, "\(name)")
    }
  }

  // The constants are `String`s on Linux only (`CFString`s in Apple's SDK).
  #if os(Linux)
    @Test("The legacy constants hold the identifiers UTType has for them")
    func constantsMatchUTType() {
      #expect(kUTTypeURL == UTType.url.identifier)
      #expect(kUTTypeImage as String == UTType.image.identifier)
      #expect(kUTTypeFileURL == UTType.fileURL.identifier)
      #expect(kUTTypePlainText == UTType.plainText.identifier)
    }

    /// Every constant of `UTCoreTypes.h`, in the header's order, with the identifier it declares.
    static let coreTypes: [(name: String, value: String, identifier: String)] = [
      ("kUTTypeItem", kUTTypeItem, "public.item"),
      ("kUTTypeContent", kUTTypeContent, "public.content"),
      ("kUTTypeCompositeContent", kUTTypeCompositeContent, "public.composite-content"),
      ("kUTTypeMessage", kUTTypeMessage, "public.message"),
      ("kUTTypeContact", kUTTypeContact, "public.contact"),
      ("kUTTypeArchive", kUTTypeArchive, "public.archive"),
      ("kUTTypeDiskImage", kUTTypeDiskImage, "public.disk-image"),
      ("kUTTypeData", kUTTypeData, "public.data"),
      ("kUTTypeDirectory", kUTTypeDirectory, "public.directory"),
      ("kUTTypeResolvable", kUTTypeResolvable, "com.apple.resolvable"),
      ("kUTTypeSymLink", kUTTypeSymLink, "public.symlink"),
      ("kUTTypeExecutable", kUTTypeExecutable, "public.executable"),
      ("kUTTypeMountPoint", kUTTypeMountPoint, "com.apple.mount-point"),
      ("kUTTypeAliasFile", kUTTypeAliasFile, "com.apple.alias-file"),
      ("kUTTypeAliasRecord", kUTTypeAliasRecord, "com.apple.alias-record"),
      ("kUTTypeURLBookmarkData", kUTTypeURLBookmarkData, "com.apple.bookmark"),
      ("kUTTypeURL", kUTTypeURL, "public.url"),
      ("kUTTypeFileURL", kUTTypeFileURL, "public.file-url"),
      ("kUTTypeText", kUTTypeText, "public.text"),
      ("kUTTypePlainText", kUTTypePlainText, "public.plain-text"),
      ("kUTTypeUTF8PlainText", kUTTypeUTF8PlainText, "public.utf8-plain-text"),
      (
        "kUTTypeUTF16ExternalPlainText", kUTTypeUTF16ExternalPlainText,
        "public.utf16-external-plain-text"
      ),
      ("kUTTypeUTF16PlainText", kUTTypeUTF16PlainText, "public.utf16-plain-text"),
      ("kUTTypeDelimitedText", kUTTypeDelimitedText, "public.delimited-values-text"),
      (
        "kUTTypeCommaSeparatedText", kUTTypeCommaSeparatedText, "public.comma-separated-values-text"
      ),
      ("kUTTypeTabSeparatedText", kUTTypeTabSeparatedText, "public.tab-separated-values-text"),
      (
        "kUTTypeUTF8TabSeparatedText", kUTTypeUTF8TabSeparatedText,
        "public.utf8-tab-separated-values-text"
      ),
      ("kUTTypeRTF", kUTTypeRTF, "public.rtf"),
      ("kUTTypeHTML", kUTTypeHTML, "public.html"),
      ("kUTTypeXML", kUTTypeXML, "public.xml"),
      ("kUTTypeSourceCode", kUTTypeSourceCode, "public.source-code"),
      ("kUTTypeAssemblyLanguageSource", kUTTypeAssemblyLanguageSource, "public.assembly-source"),
      ("kUTTypeCSource", kUTTypeCSource, "public.c-source"),
      ("kUTTypeObjectiveCSource", kUTTypeObjectiveCSource, "public.objective-c-source"),
      ("kUTTypeSwiftSource", kUTTypeSwiftSource, "public.swift-source"),
      ("kUTTypeCPlusPlusSource", kUTTypeCPlusPlusSource, "public.c-plus-plus-source"),
      (
        "kUTTypeObjectiveCPlusPlusSource", kUTTypeObjectiveCPlusPlusSource,
        "public.objective-c-plus-plus-source"
      ),
      ("kUTTypeCHeader", kUTTypeCHeader, "public.c-header"),
      ("kUTTypeCPlusPlusHeader", kUTTypeCPlusPlusHeader, "public.c-plus-plus-header"),
      ("kUTTypeJavaSource", kUTTypeJavaSource, "com.sun.java-source"),
      ("kUTTypeScript", kUTTypeScript, "public.script"),
      ("kUTTypeAppleScript", kUTTypeAppleScript, "com.apple.applescript.text"),
      ("kUTTypeOSAScript", kUTTypeOSAScript, "com.apple.applescript.script"),
      ("kUTTypeOSAScriptBundle", kUTTypeOSAScriptBundle, "com.apple.applescript.script-bundle"),
      ("kUTTypeJavaScript", kUTTypeJavaScript, "com.netscape.javascript-source"),
      ("kUTTypeShellScript", kUTTypeShellScript, "public.shell-script"),
      ("kUTTypePerlScript", kUTTypePerlScript, "public.perl-script"),
      ("kUTTypePythonScript", kUTTypePythonScript, "public.python-script"),
      ("kUTTypeRubyScript", kUTTypeRubyScript, "public.ruby-script"),
      ("kUTTypePHPScript", kUTTypePHPScript, "public.php-script"),
      ("kUTTypeJSON", kUTTypeJSON, "public.json"),
      ("kUTTypePropertyList", kUTTypePropertyList, "com.apple.property-list"),
      ("kUTTypeXMLPropertyList", kUTTypeXMLPropertyList, "com.apple.xml-property-list"),
      ("kUTTypeBinaryPropertyList", kUTTypeBinaryPropertyList, "com.apple.binary-property-list"),
      ("kUTTypePDF", kUTTypePDF, "com.adobe.pdf"),
      ("kUTTypeRTFD", kUTTypeRTFD, "com.apple.rtfd"),
      ("kUTTypeFlatRTFD", kUTTypeFlatRTFD, "com.apple.flat-rtfd"),
      (
        "kUTTypeTXNTextAndMultimediaData", kUTTypeTXNTextAndMultimediaData,
        "com.apple.txn.text-multimedia-data"
      ),
      ("kUTTypeWebArchive", kUTTypeWebArchive, "com.apple.webarchive"),
      ("kUTTypeImage", kUTTypeImage, "public.image"),
      ("kUTTypeJPEG", kUTTypeJPEG, "public.jpeg"),
      ("kUTTypeJPEG2000", kUTTypeJPEG2000, "public.jpeg-2000"),
      ("kUTTypeTIFF", kUTTypeTIFF, "public.tiff"),
      ("kUTTypePICT", kUTTypePICT, "com.apple.pict"),
      ("kUTTypeGIF", kUTTypeGIF, "com.compuserve.gif"),
      ("kUTTypePNG", kUTTypePNG, "public.png"),
      ("kUTTypeQuickTimeImage", kUTTypeQuickTimeImage, "com.apple.quicktime-image"),
      ("kUTTypeAppleICNS", kUTTypeAppleICNS, "com.apple.icns"),
      ("kUTTypeBMP", kUTTypeBMP, "com.microsoft.bmp"),
      ("kUTTypeICO", kUTTypeICO, "com.microsoft.ico"),
      ("kUTTypeRawImage", kUTTypeRawImage, "public.camera-raw-image"),
      ("kUTTypeScalableVectorGraphics", kUTTypeScalableVectorGraphics, "public.svg-image"),
      ("kUTTypeLivePhoto", kUTTypeLivePhoto, "com.apple.live-photo"),
      ("kUTTypeAudiovisualContent", kUTTypeAudiovisualContent, "public.audiovisual-content"),
      ("kUTTypeMovie", kUTTypeMovie, "public.movie"),
      ("kUTTypeVideo", kUTTypeVideo, "public.video"),
      ("kUTTypeAudio", kUTTypeAudio, "public.audio"),
      ("kUTTypeQuickTimeMovie", kUTTypeQuickTimeMovie, "com.apple.quicktime-movie"),
      ("kUTTypeMPEG", kUTTypeMPEG, "public.mpeg"),
      ("kUTTypeMPEG2Video", kUTTypeMPEG2Video, "public.mpeg-2-video"),
      (
        "kUTTypeMPEG2TransportStream", kUTTypeMPEG2TransportStream, "public.mpeg-2-transport-stream"
      ),
      ("kUTTypeMP3", kUTTypeMP3, "public.mp3"),
      ("kUTTypeMPEG4", kUTTypeMPEG4, "public.mpeg-4"),
      ("kUTTypeMPEG4Audio", kUTTypeMPEG4Audio, "public.mpeg-4-audio"),
      (
        "kUTTypeAppleProtectedMPEG4Audio", kUTTypeAppleProtectedMPEG4Audio,
        "com.apple.protected-mpeg-4-audio"
      ),
      (
        "kUTTypeAppleProtectedMPEG4Video", kUTTypeAppleProtectedMPEG4Video,
        "com.apple.protected-mpeg-4-video"
      ),
      ("kUTTypeAVIMovie", kUTTypeAVIMovie, "public.avi"),
      ("kUTTypeAudioInterchangeFileFormat", kUTTypeAudioInterchangeFileFormat, "public.aiff-audio"),
      ("kUTTypeWaveformAudio", kUTTypeWaveformAudio, "com.microsoft.waveform-audio"),
      ("kUTTypeMIDIAudio", kUTTypeMIDIAudio, "public.midi-audio"),
      ("kUTTypePlaylist", kUTTypePlaylist, "public.playlist"),
      ("kUTTypeM3UPlaylist", kUTTypeM3UPlaylist, "public.m3u-playlist"),
      ("kUTTypeFolder", kUTTypeFolder, "public.folder"),
      ("kUTTypeVolume", kUTTypeVolume, "public.volume"),
      ("kUTTypePackage", kUTTypePackage, "com.apple.package"),
      ("kUTTypeBundle", kUTTypeBundle, "com.apple.bundle"),
      ("kUTTypePluginBundle", kUTTypePluginBundle, "com.apple.plugin"),
      ("kUTTypeSpotlightImporter", kUTTypeSpotlightImporter, "com.apple.metadata-importer"),
      ("kUTTypeQuickLookGenerator", kUTTypeQuickLookGenerator, "com.apple.quicklook-generator"),
      ("kUTTypeXPCService", kUTTypeXPCService, "com.apple.xpc-service"),
      ("kUTTypeFramework", kUTTypeFramework, "com.apple.framework"),
      ("kUTTypeApplication", kUTTypeApplication, "com.apple.application"),
      ("kUTTypeApplicationBundle", kUTTypeApplicationBundle, "com.apple.application-bundle"),
      ("kUTTypeApplicationFile", kUTTypeApplicationFile, "com.apple.application-file"),
      ("kUTTypeUnixExecutable", kUTTypeUnixExecutable, "public.unix-executable"),
      ("kUTTypeWindowsExecutable", kUTTypeWindowsExecutable, "com.microsoft.windows-executable"),
      ("kUTTypeJavaClass", kUTTypeJavaClass, "com.sun.java-class"),
      ("kUTTypeJavaArchive", kUTTypeJavaArchive, "com.sun.java-archive"),
      (
        "kUTTypeSystemPreferencesPane", kUTTypeSystemPreferencesPane,
        "com.apple.systempreference.prefpane"
      ),
      ("kUTTypeGNUZipArchive", kUTTypeGNUZipArchive, "org.gnu.gnu-zip-archive"),
      ("kUTTypeBzip2Archive", kUTTypeBzip2Archive, "public.bzip2-archive"),
      ("kUTTypeZipArchive", kUTTypeZipArchive, "public.zip-archive"),
      ("kUTTypeSpreadsheet", kUTTypeSpreadsheet, "public.spreadsheet"),
      ("kUTTypePresentation", kUTTypePresentation, "public.presentation"),
      ("kUTTypeDatabase", kUTTypeDatabase, "public.database"),
      ("kUTTypeVCard", kUTTypeVCard, "public.vcard"),
      ("kUTTypeToDoItem", kUTTypeToDoItem, "public.to-do-item"),
      ("kUTTypeCalendarEvent", kUTTypeCalendarEvent, "public.calendar-event"),
      ("kUTTypeEmailMessage", kUTTypeEmailMessage, "public.email-message"),
      ("kUTTypeInternetLocation", kUTTypeInternetLocation, "com.apple.internet-location"),
      ("kUTTypeInkText", kUTTypeInkText, "com.apple.ink.inktext"),
      ("kUTTypeFont", kUTTypeFont, "public.font"),
      ("kUTTypeBookmark", kUTTypeBookmark, "public.bookmark"),
      ("kUTType3DContent", kUTType3DContent, "public.3d-content"),
      ("kUTTypePKCS12", kUTTypePKCS12, "com.rsa.pkcs-12"),
      ("kUTTypeX509Certificate", kUTTypeX509Certificate, "public.x509-certificate"),
      ("kUTTypeElectronicPublication", kUTTypeElectronicPublication, "org.idpf.epub-container"),
      ("kUTTypeLog", kUTTypeLog, "public.log"),
    ]

    @Test("All 128 constants of UTCoreTypes.h exist, hold Apple's identifiers and resolve")
    func everyCoreTypeConstant() {
      #expect(Self.coreTypes.count == 128)
      #expect(Set(Self.coreTypes.map(\.identifier)).count == 128)
      var missing: [String] = []
      for constant in Self.coreTypes {
        #expect(constant.value == constant.identifier, "\(constant.name)")
        if UTType(constant.value) == nil { missing.append(constant.value) }
      }
      #expect(missing.isEmpty, "not in the catalogue: \(missing)")
    }
  #endif
}

/// Runs `ArticleSharing.swift`: lazy objects, preview images and visibility, as iOS code uses
/// them across the app-extension boundary.
@Suite("Portability: an app shares an article, an extension receives it")
struct ArticleSharingPortabilityTests {
  @Test("The extension gets the lazy link and the sized preview, never the app's own type")
  func extensionReceivesWhatCrosses() async throws {
    let png = try Data(
      contentsOf: ProjectPaths.corpus.appendingPathComponent("files/screenshot.png"))
    let link = try #require(URL(string: "https://example.com/article"))
    let sharer = ArticleSharer(link: link, json: Data("{}".utf8), previewPNG: png)
    let provider = sharer.itemProvider()
    // In the app's own process its private representation is there.
    #expect(provider.hasItemConformingToTypeIdentifier(ArticleSharer.articleType))
    let item = NSExtensionItem()
    item.attachments = [provider]
    let context = NSExtensionContext(inputItems: [item])
    let received = await ArticleReceiver().receive(context)
    #expect(received.link == link)
    #expect(received.preview == png)
    #expect(!received.sawPrivateType)
    #expect(context.requestOutcome?.isCompleted == true)
  }
}
