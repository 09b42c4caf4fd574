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

  // The constants this package declares (Linux only; Apple's SDK has its own).
  #if os(Linux)
    @Test("The legacy constants hold the identifiers UTType has for them")
    func constantsMatchUTType() {
      #expect(kUTTypeURL as String == UTType.url.identifier)
      #expect(kUTTypeImage as String == UTType.image.identifier)
      #expect(kUTTypeFileURL as String == UTType.fileURL.identifier)
      #expect(kUTTypePlainText as String == UTType.plainText.identifier)
    }

    /// Every constant of `UTCoreTypes.h`, in the header's order, with the identifier it declares.
    static let coreTypes: [(name: String, value: String, identifier: String)] = [
      ("kUTTypeItem", kUTTypeItem as String, "public.item"),
      ("kUTTypeContent", kUTTypeContent as String, "public.content"),
      ("kUTTypeCompositeContent", kUTTypeCompositeContent as String, "public.composite-content"),
      ("kUTTypeMessage", kUTTypeMessage as String, "public.message"),
      ("kUTTypeContact", kUTTypeContact as String, "public.contact"),
      ("kUTTypeArchive", kUTTypeArchive as String, "public.archive"),
      ("kUTTypeDiskImage", kUTTypeDiskImage as String, "public.disk-image"),
      ("kUTTypeData", kUTTypeData as String, "public.data"),
      ("kUTTypeDirectory", kUTTypeDirectory as String, "public.directory"),
      ("kUTTypeResolvable", kUTTypeResolvable as String, "com.apple.resolvable"),
      ("kUTTypeSymLink", kUTTypeSymLink as String, "public.symlink"),
      ("kUTTypeExecutable", kUTTypeExecutable as String, "public.executable"),
      ("kUTTypeMountPoint", kUTTypeMountPoint as String, "com.apple.mount-point"),
      ("kUTTypeAliasFile", kUTTypeAliasFile as String, "com.apple.alias-file"),
      ("kUTTypeAliasRecord", kUTTypeAliasRecord as String, "com.apple.alias-record"),
      ("kUTTypeURLBookmarkData", kUTTypeURLBookmarkData as String, "com.apple.bookmark"),
      ("kUTTypeURL", kUTTypeURL as String, "public.url"),
      ("kUTTypeFileURL", kUTTypeFileURL as String, "public.file-url"),
      ("kUTTypeText", kUTTypeText as String, "public.text"),
      ("kUTTypePlainText", kUTTypePlainText as String, "public.plain-text"),
      ("kUTTypeUTF8PlainText", kUTTypeUTF8PlainText as String, "public.utf8-plain-text"),
      (
        "kUTTypeUTF16ExternalPlainText", kUTTypeUTF16ExternalPlainText as String,
        "public.utf16-external-plain-text"
      ),
      ("kUTTypeUTF16PlainText", kUTTypeUTF16PlainText as String, "public.utf16-plain-text"),
      ("kUTTypeDelimitedText", kUTTypeDelimitedText as String, "public.delimited-values-text"),
      (
        "kUTTypeCommaSeparatedText", kUTTypeCommaSeparatedText as String,
        "public.comma-separated-values-text"
      ),
      (
        "kUTTypeTabSeparatedText", kUTTypeTabSeparatedText as String,
        "public.tab-separated-values-text"
      ),
      (
        "kUTTypeUTF8TabSeparatedText", kUTTypeUTF8TabSeparatedText as String,
        "public.utf8-tab-separated-values-text"
      ),
      ("kUTTypeRTF", kUTTypeRTF as String, "public.rtf"),
      ("kUTTypeHTML", kUTTypeHTML as String, "public.html"),
      ("kUTTypeXML", kUTTypeXML as String, "public.xml"),
      ("kUTTypeSourceCode", kUTTypeSourceCode as String, "public.source-code"),
      (
        "kUTTypeAssemblyLanguageSource", kUTTypeAssemblyLanguageSource as String,
        "public.assembly-source"
      ),
      ("kUTTypeCSource", kUTTypeCSource as String, "public.c-source"),
      ("kUTTypeObjectiveCSource", kUTTypeObjectiveCSource as String, "public.objective-c-source"),
      ("kUTTypeSwiftSource", kUTTypeSwiftSource as String, "public.swift-source"),
      ("kUTTypeCPlusPlusSource", kUTTypeCPlusPlusSource as String, "public.c-plus-plus-source"),
      (
        "kUTTypeObjectiveCPlusPlusSource", kUTTypeObjectiveCPlusPlusSource as String,
        "public.objective-c-plus-plus-source"
      ),
      ("kUTTypeCHeader", kUTTypeCHeader as String, "public.c-header"),
      ("kUTTypeCPlusPlusHeader", kUTTypeCPlusPlusHeader as String, "public.c-plus-plus-header"),
      ("kUTTypeJavaSource", kUTTypeJavaSource as String, "com.sun.java-source"),
      ("kUTTypeScript", kUTTypeScript as String, "public.script"),
      ("kUTTypeAppleScript", kUTTypeAppleScript as String, "com.apple.applescript.text"),
      ("kUTTypeOSAScript", kUTTypeOSAScript as String, "com.apple.applescript.script"),
      (
        "kUTTypeOSAScriptBundle", kUTTypeOSAScriptBundle as String,
        "com.apple.applescript.script-bundle"
      ),
      ("kUTTypeJavaScript", kUTTypeJavaScript as String, "com.netscape.javascript-source"),
      ("kUTTypeShellScript", kUTTypeShellScript as String, "public.shell-script"),
      ("kUTTypePerlScript", kUTTypePerlScript as String, "public.perl-script"),
      ("kUTTypePythonScript", kUTTypePythonScript as String, "public.python-script"),
      ("kUTTypeRubyScript", kUTTypeRubyScript as String, "public.ruby-script"),
      ("kUTTypePHPScript", kUTTypePHPScript as String, "public.php-script"),
      ("kUTTypeJSON", kUTTypeJSON as String, "public.json"),
      ("kUTTypePropertyList", kUTTypePropertyList as String, "com.apple.property-list"),
      ("kUTTypeXMLPropertyList", kUTTypeXMLPropertyList as String, "com.apple.xml-property-list"),
      (
        "kUTTypeBinaryPropertyList", kUTTypeBinaryPropertyList as String,
        "com.apple.binary-property-list"
      ),
      ("kUTTypePDF", kUTTypePDF as String, "com.adobe.pdf"),
      ("kUTTypeRTFD", kUTTypeRTFD as String, "com.apple.rtfd"),
      ("kUTTypeFlatRTFD", kUTTypeFlatRTFD as String, "com.apple.flat-rtfd"),
      (
        "kUTTypeTXNTextAndMultimediaData", kUTTypeTXNTextAndMultimediaData as String,
        "com.apple.txn.text-multimedia-data"
      ),
      ("kUTTypeWebArchive", kUTTypeWebArchive as String, "com.apple.webarchive"),
      ("kUTTypeImage", kUTTypeImage as String, "public.image"),
      ("kUTTypeJPEG", kUTTypeJPEG as String, "public.jpeg"),
      ("kUTTypeJPEG2000", kUTTypeJPEG2000 as String, "public.jpeg-2000"),
      ("kUTTypeTIFF", kUTTypeTIFF as String, "public.tiff"),
      ("kUTTypePICT", kUTTypePICT as String, "com.apple.pict"),
      ("kUTTypeGIF", kUTTypeGIF as String, "com.compuserve.gif"),
      ("kUTTypePNG", kUTTypePNG as String, "public.png"),
      ("kUTTypeQuickTimeImage", kUTTypeQuickTimeImage as String, "com.apple.quicktime-image"),
      ("kUTTypeAppleICNS", kUTTypeAppleICNS as String, "com.apple.icns"),
      ("kUTTypeBMP", kUTTypeBMP as String, "com.microsoft.bmp"),
      ("kUTTypeICO", kUTTypeICO as String, "com.microsoft.ico"),
      ("kUTTypeRawImage", kUTTypeRawImage as String, "public.camera-raw-image"),
      (
        "kUTTypeScalableVectorGraphics", kUTTypeScalableVectorGraphics as String, "public.svg-image"
      ),
      ("kUTTypeLivePhoto", kUTTypeLivePhoto as String, "com.apple.live-photo"),
      (
        "kUTTypeAudiovisualContent", kUTTypeAudiovisualContent as String,
        "public.audiovisual-content"
      ),
      ("kUTTypeMovie", kUTTypeMovie as String, "public.movie"),
      ("kUTTypeVideo", kUTTypeVideo as String, "public.video"),
      ("kUTTypeAudio", kUTTypeAudio as String, "public.audio"),
      ("kUTTypeQuickTimeMovie", kUTTypeQuickTimeMovie as String, "com.apple.quicktime-movie"),
      ("kUTTypeMPEG", kUTTypeMPEG as String, "public.mpeg"),
      ("kUTTypeMPEG2Video", kUTTypeMPEG2Video as String, "public.mpeg-2-video"),
      (
        "kUTTypeMPEG2TransportStream", kUTTypeMPEG2TransportStream as String,
        "public.mpeg-2-transport-stream"
      ),
      ("kUTTypeMP3", kUTTypeMP3 as String, "public.mp3"),
      ("kUTTypeMPEG4", kUTTypeMPEG4 as String, "public.mpeg-4"),
      ("kUTTypeMPEG4Audio", kUTTypeMPEG4Audio as String, "public.mpeg-4-audio"),
      (
        "kUTTypeAppleProtectedMPEG4Audio", kUTTypeAppleProtectedMPEG4Audio as String,
        "com.apple.protected-mpeg-4-audio"
      ),
      (
        "kUTTypeAppleProtectedMPEG4Video", kUTTypeAppleProtectedMPEG4Video as String,
        "com.apple.protected-mpeg-4-video"
      ),
      ("kUTTypeAVIMovie", kUTTypeAVIMovie as String, "public.avi"),
      (
        "kUTTypeAudioInterchangeFileFormat", kUTTypeAudioInterchangeFileFormat as String,
        "public.aiff-audio"
      ),
      ("kUTTypeWaveformAudio", kUTTypeWaveformAudio as String, "com.microsoft.waveform-audio"),
      ("kUTTypeMIDIAudio", kUTTypeMIDIAudio as String, "public.midi-audio"),
      ("kUTTypePlaylist", kUTTypePlaylist as String, "public.playlist"),
      ("kUTTypeM3UPlaylist", kUTTypeM3UPlaylist as String, "public.m3u-playlist"),
      ("kUTTypeFolder", kUTTypeFolder as String, "public.folder"),
      ("kUTTypeVolume", kUTTypeVolume as String, "public.volume"),
      ("kUTTypePackage", kUTTypePackage as String, "com.apple.package"),
      ("kUTTypeBundle", kUTTypeBundle as String, "com.apple.bundle"),
      ("kUTTypePluginBundle", kUTTypePluginBundle as String, "com.apple.plugin"),
      (
        "kUTTypeSpotlightImporter", kUTTypeSpotlightImporter as String,
        "com.apple.metadata-importer"
      ),
      (
        "kUTTypeQuickLookGenerator", kUTTypeQuickLookGenerator as String,
        "com.apple.quicklook-generator"
      ),
      ("kUTTypeXPCService", kUTTypeXPCService as String, "com.apple.xpc-service"),
      ("kUTTypeFramework", kUTTypeFramework as String, "com.apple.framework"),
      ("kUTTypeApplication", kUTTypeApplication as String, "com.apple.application"),
      (
        "kUTTypeApplicationBundle", kUTTypeApplicationBundle as String,
        "com.apple.application-bundle"
      ),
      ("kUTTypeApplicationFile", kUTTypeApplicationFile as String, "com.apple.application-file"),
      ("kUTTypeUnixExecutable", kUTTypeUnixExecutable as String, "public.unix-executable"),
      (
        "kUTTypeWindowsExecutable", kUTTypeWindowsExecutable as String,
        "com.microsoft.windows-executable"
      ),
      ("kUTTypeJavaClass", kUTTypeJavaClass as String, "com.sun.java-class"),
      ("kUTTypeJavaArchive", kUTTypeJavaArchive as String, "com.sun.java-archive"),
      (
        "kUTTypeSystemPreferencesPane", kUTTypeSystemPreferencesPane as String,
        "com.apple.systempreference.prefpane"
      ),
      ("kUTTypeGNUZipArchive", kUTTypeGNUZipArchive as String, "org.gnu.gnu-zip-archive"),
      ("kUTTypeBzip2Archive", kUTTypeBzip2Archive as String, "public.bzip2-archive"),
      ("kUTTypeZipArchive", kUTTypeZipArchive as String, "public.zip-archive"),
      ("kUTTypeSpreadsheet", kUTTypeSpreadsheet as String, "public.spreadsheet"),
      ("kUTTypePresentation", kUTTypePresentation as String, "public.presentation"),
      ("kUTTypeDatabase", kUTTypeDatabase as String, "public.database"),
      ("kUTTypeVCard", kUTTypeVCard as String, "public.vcard"),
      ("kUTTypeToDoItem", kUTTypeToDoItem as String, "public.to-do-item"),
      ("kUTTypeCalendarEvent", kUTTypeCalendarEvent as String, "public.calendar-event"),
      ("kUTTypeEmailMessage", kUTTypeEmailMessage as String, "public.email-message"),
      ("kUTTypeInternetLocation", kUTTypeInternetLocation as String, "com.apple.internet-location"),
      ("kUTTypeInkText", kUTTypeInkText as String, "com.apple.ink.inktext"),
      ("kUTTypeFont", kUTTypeFont as String, "public.font"),
      ("kUTTypeBookmark", kUTTypeBookmark as String, "public.bookmark"),
      ("kUTType3DContent", kUTType3DContent as String, "public.3d-content"),
      ("kUTTypePKCS12", kUTTypePKCS12 as String, "com.rsa.pkcs-12"),
      ("kUTTypeX509Certificate", kUTTypeX509Certificate as String, "public.x509-certificate"),
      (
        "kUTTypeElectronicPublication", kUTTypeElectronicPublication as String,
        "org.idpf.epub-container"
      ),
      ("kUTTypeLog", kUTTypeLog as String, "public.log"),
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
