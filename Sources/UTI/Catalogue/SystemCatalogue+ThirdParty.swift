extension SystemCatalogue {
  /// Types other vendors own that Apple's systems declare (Adobe, Microsoft, OASIS, ...).
  static let thirdPartyTypes = """
    E com.pixar.universal-scene-description | public.3d-content public.data | usd usda usdc |  |
    E com.pixar.universal-scene-description-mobile | public.3d-content public.data | usdz | model/vnd.usdz+zip |
    E com.microsoft.windows-executable | public.data public.executable | exe | application/x-msdownload |
    E com.microsoft.windows-dynamic-link-library | public.data public.executable | dll | application/x-msdownload |
    E com.sun.java-class | public.data public.executable | class |  |
    E com.sun.java-archive | public.zip-archive public.executable | jar | application/java-archive |
    E com.sun.web-application-archive | com.sun.java-archive | war |  |
    E org.gnu.gnu-tar-archive | public.data public.archive | gtar | application/x-gtar |
    E org.gnu.gnu-zip-archive | public.data public.archive | gz gzip | application/x-gzip application/gzip |
    E org.gnu.gnu-zip-tar-archive | org.gnu.gnu-zip-archive | tgz |  |
    E com.pkware.zip-archive | public.data public.archive |  |  |
    E com.microsoft.internet-shortcut | public.stored-url public.data | url |  |
    E com.scenarist.closed-caption | public.text | scc |  |
    E org.w3.webvtt | public.text | vtt | text/vtt |
    E com.sun.java-source | public.source-code | java jav |  |
    E com.netscape.javascript-source | public.script public.executable | js jscript javascript mjs | text/javascript |
    E com.sun.java-web-start | public.xml | jnlp | application/x-java-jnlp-file application/jnlp |
    E ca.mcgill.mni.bic.mnc | public.image | mnc minc |  |
    E org.nema.dicom | public.data | dcm dicom | application/dicom |
    E gov.nih.nifti-1 | public.data | nii |  |
    E org.3gpp.adaptive-multi-rate-audio | public.audio | amr | audio/amr |
    E com.audible.aa-audio | public.audio |  |  |
    E com.audible.aa-audiobook | com.audible.aa-audio | aa | audio/audible audio/x-pn-audibleaudio audio/x-audible |
    E com.audible.aax-audiobook | com.audible.aa-audio | aax | audio/vnd.audible.aax |
    E com.sony.wave64 | public.audio | w64 |  |
    E com.adobe.postscript-font | public.font |  |  |
    E com.adobe.postscript-lwfn-font | com.adobe.postscript-font |  |  |
    E com.adobe.postscript-pfb-font | com.adobe.postscript-font | pfb |  |
    E com.adobe.postscript-pfa-font | com.adobe.postscript-font | pfa |  |
    E org.openxmlformats.openxml | public.data |  |  |
    E org.oasis-open.opendocument | public.data |  |  |
    E com.rsa.pkcs-12 | public.data | p12 pfx | application/x-pkcs12 |
    E org.idpf.epub-container | public.data public.composite-content | epub | application/epub+zip |
    E org.aafassociation.advanced-authoring-format | public.data public.composite-content | aaf |  |
    I com.adobe.pdf | public.data public.composite-content | pdf | application/pdf |
    I com.adobe.edn | public.data | edn |  |
    I com.adobe.etd | public.data | etd |  |
    I com.adobe.xfdf | public.data public.composite-content | xfdf |  |
    I com.adobe.fdf | public.data | fdf |  |
    I com.adobe.postscript | public.data public.composite-content | ps | application/postscript |
    I com.adobe.encapsulated-postscript | com.adobe.postscript | eps |  |
    I com.compuserve.gif | public.image | gif | image/gif |
    I com.microsoft.bmp | public.image | bmp dib | image/bmp |
    I com.microsoft.ico | public.image | ico | image/vnd.microsoft.icon |
    I org.webmproject.webp | public.image | webp | image/webp |
    I org.webmproject.webm | public.movie | webm | video/webm audio/webm |
    I org.openoffice.text | public.data public.content | sxw sdw | application/vnd.sun.xml.writer application/vnd.stardivision.writer |
    I org.openoffice.text-template | public.data public.content | stw | application/vnd.sun.xml.writer.template |
    I org.oasis-open.opendocument.text | org.oasis-open.opendocument public.composite-content | odt | application/vnd.oasis.opendocument.text |
    I org.oasis-open.opendocument.text-template | org.oasis-open.opendocument public.composite-content | ott | application/vnd.oasis.opendocument.text-template |
    I org.openoffice.graphics | public.data public.content | sxd sda | application/vnd.sun.xml.draw application/vnd.stardivision.draw |
    I org.openoffice.graphics-template | public.data public.content | std | application/vnd.sun.xml.draw.template |
    I org.oasis-open.opendocument.graphics | org.oasis-open.opendocument public.composite-content | odg | application/vnd.oasis.opendocument.graphics |
    I org.oasis-open.opendocument.graphics-template | org.oasis-open.opendocument public.composite-content | otg | application/vnd.oasis.opendocument.graphics-template |
    I org.openoffice.presentation | public.data public.content public.presentation | sxi sdd sdp | application/vnd.sun.xml.impress application/vnd.stardivision.impress application/vnd.stardivision.impress-packed |
    I org.openoffice.presentation-template | public.data public.content public.presentation | sti | application/vnd.sun.xml.impress.template |
    I org.oasis-open.opendocument.presentation | org.oasis-open.opendocument public.composite-content public.presentation | odp | application/vnd.oasis.opendocument.presentation |
    I org.oasis-open.opendocument.presentation-template | org.oasis-open.opendocument public.composite-content public.presentation | otp | application/vnd.oasis.opendocument.presentation-template |
    I org.openoffice.spreadsheet | public.data public.spreadsheet | sxc sdc | application/vnd.sun.xml.calc application/vnd.stardivision.calc |
    I org.openoffice.spreadsheet-template | public.data public.spreadsheet | stc | application/vnd.sun.xml.calc.template |
    I org.oasis-open.opendocument.spreadsheet | org.oasis-open.opendocument public.composite-content public.spreadsheet | ods | application/vnd.oasis.opendocument.spreadsheet |
    I org.oasis-open.opendocument.spreadsheet-template | org.oasis-open.opendocument public.composite-content public.spreadsheet | ots | application/vnd.oasis.opendocument.spreadsheet-template |
    I org.oasis-open.opendocument.chart | org.oasis-open.opendocument public.composite-content | odc | application/vnd.oasis.opendocument.chart |
    I org.oasis-open.opendocument.chart-template | org.oasis-open.opendocument public.composite-content | otc | application/vnd.oasis.opendocument.chart-template |
    I org.oasis-open.opendocument.image | org.oasis-open.opendocument public.image | odi | application/vnd.oasis.opendocument.image |
    I org.oasis-open.opendocument.image-template | org.oasis-open.opendocument public.image | oti | application/vnd.oasis.opendocument.image-template |
    I org.openoffice.formula | public.data public.content | sxm smf | application/vnd.sun.xml.math application/vnd.stardivision.math |
    I org.oasis-open.opendocument.formula | org.oasis-open.opendocument public.content | odf | application/vnd.oasis.opendocument.formula |
    I org.oasis-open.opendocument.formula-template | org.oasis-open.opendocument public.content | otf | application/vnd.oasis.opendocument.formula-template |
    I org.openoffice.text-master | public.data public.content | sxg | application/vnd.sun.xml.writer.global |
    I org.oasis-open.opendocument.text-master | org.oasis-open.opendocument public.composite-content | odm | application/vnd.oasis.opendocument.text-master |
    I org.oasis-open.opendocument.text-web | org.oasis-open.opendocument public.composite-content | oth | application/vnd.oasis.opendocument.text-web |
    I org.oasis-open.opendocument.database | public.data public.content public.database | odb | application/vnd.oasis.opendocument.database |
    I com.microsoft.word.wordml | public.xml public.composite-content | xml |  |
    I org.openxmlformats.wordprocessingml.document | org.openxmlformats.openxml public.composite-content | docx | application/vnd.openxmlformats-officedocument.wordprocessingml.document |
    I org.openxmlformats.wordprocessingml.document.macroenabled | org.openxmlformats.openxml public.composite-content public.executable | docm | application/vnd.ms-word.document.macroEnabled.12 |
    I org.openxmlformats.wordprocessingml.template | org.openxmlformats.openxml public.composite-content | dotx | application/vnd.openxmlformats-officedocument.wordprocessingml.template |
    I org.openxmlformats.wordprocessingml.template.macroenabled | org.openxmlformats.openxml public.composite-content public.executable | dotm | application/vnd.ms-word.template.macroEnabled.12 |
    I org.openxmlformats.spreadsheetml.sheet | org.openxmlformats.openxml public.composite-content public.spreadsheet | xlsx | application/vnd.openxmlformats-officedocument.spreadsheetml.sheet |
    I org.openxmlformats.spreadsheetml.sheet.macroenabled | org.openxmlformats.openxml public.composite-content public.spreadsheet public.executable | xlsm | application/vnd.ms-excel.sheet.macroEnabled.12 |
    I com.microsoft.excel.sheet.binary.macroenabled | public.zip-archive public.composite-content public.spreadsheet public.executable | xlsb | application/vnd.ms-excel.sheet.binary.macroEnabled.12 |
    I org.openxmlformats.spreadsheetml.template | org.openxmlformats.openxml public.composite-content public.spreadsheet | xltx | application/vnd.openxmlformats-officedocument.spreadsheetml.template |
    I org.openxmlformats.spreadsheetml.template.macroenabled | org.openxmlformats.openxml public.composite-content public.spreadsheet public.executable | xltm | application/vnd.ms-excel.template.macroEnabled.12 |
    I org.openxmlformats.presentationml.presentation | org.openxmlformats.openxml public.presentation | pptx | application/vnd.openxmlformats-officedocument.presentationml.presentation |
    I org.openxmlformats.presentationml.presentation.macroenabled | org.openxmlformats.openxml public.presentation public.executable | pptm | application/vnd.ms-powerpoint.presentation.macroEnabled.12 |
    I org.openxmlformats.presentationml.slideshow | org.openxmlformats.openxml public.presentation | ppsx | application/vnd.openxmlformats-officedocument.presentationml.slideshow |
    I org.openxmlformats.presentationml.slideshow.macroenabled | org.openxmlformats.openxml public.presentation public.executable | ppsm | application/vnd.ms-powerpoint.slideshow.macroEnabled.12 |
    I org.openxmlformats.presentationml.template | org.openxmlformats.openxml public.presentation | potx | application/vnd.openxmlformats-officedocument.presentationml.template |
    I org.openxmlformats.presentationml.template.macroenabled | org.openxmlformats.openxml public.presentation public.executable | potm | application/vnd.ms-powerpoint.template.macroEnabled.12 |
    I com.microsoft.word.doc | public.data public.composite-content | doc | application/msword |
    I com.microsoft.word.dot | public.data public.composite-content | dot | application/msword |
    I com.microsoft.excel.xls | public.data public.composite-content public.spreadsheet | xls | application/vnd.ms-excel application/msexcel |
    I com.microsoft.excel.xlt | public.data public.spreadsheet | xlt | application/vnd.ms-excel application/msexcel |
    I com.microsoft.excel.xlw | public.data public.spreadsheet | xlw | application/vnd.ms-excel application/msexcel |
    I com.microsoft.excel.xla | public.data | xla |  |
    I com.microsoft.powerpoint.ppt | public.data public.presentation | ppt | application/vnd.ms-powerpoint application/mspowerpoint |
    I com.microsoft.powerpoint.pot | public.data public.presentation | pot | application/vnd.ms-powerpoint application/mspowerpoint |
    I com.microsoft.powerpoint.pps | public.data public.presentation | pps | application/vnd.ms-powerpoint application/mspowerpoint |
    I com.adobe.photoshop-image | public.image | psd | image/vnd.adobe.photoshop image/photoshop image/x-photoshop image/psd application/photoshop |
    I com.adobe.photoshop-large-image | public.image | psb |  |
    I com.adobe.illustrator.ai-image | public.image | ai |  |
    I com.truevision.tga-image | public.image | tga | image/targa image/tga application/tga |
    I com.sgi.sgi-image | public.image | sgi | image/sgi |
    I com.ilm.openexr-image | public.image | exr |  |
    I com.kodak.flashpix-image | public.image | fpx | image/fpx application/vnd.fpx |
    I com.j2.jfx-fax | public.fax | jfx |  |
    I com.j2.efx-fax | public.fax | efx | image/efax |
    I com.digidesign.sd2-audio | public.audio | sd2 |  |
    I com.microsoft.waveform-audio | public.audio | wav wave bwf | audio/vnd.wave audio/wav audio/wave audio/x-wav |
    I com.microsoft.advanced-systems-format | public.audiovisual-content | asf | video/x-ms-asf |
    I com.microsoft.windows-media-wm | public.movie com.microsoft.advanced-systems-format | wm | video/x-ms-wm |
    I com.microsoft.windows-media-wmv | public.movie com.microsoft.advanced-systems-format | wmv | video/x-ms-wmv |
    I com.microsoft.windows-media-wmp | public.movie com.microsoft.advanced-systems-format | wmp | video/x-ms-wmp |
    I com.microsoft.windows-media-wma | public.audio com.microsoft.advanced-systems-format | wma | video/x-ms-wma |
    I com.microsoft.advanced-stream-redirector | public.audiovisual-content public.xml | asx | video/x-ms-asx |
    I com.microsoft.windows-media-wmx | public.movie com.microsoft.advanced-stream-redirector | wmx | video/x-ms-wmx |
    I com.microsoft.windows-media-wvx | public.movie com.microsoft.advanced-stream-redirector | wvx | video/x-ms-wvx |
    I com.microsoft.windows-media-wax | public.audio com.microsoft.advanced-stream-redirector | wax | video/x-ms-wax |
    I com.real.realmedia | public.movie | rm | application/vnd.rn-realmedia |
    I com.real.realmedia-vbr | public.movie | rmvb | application/vnd.rn-realmedia-vbr |
    I org.smpte.mxf | public.movie | mxf | application/mxf |
    I com.real.realaudio | public.audio | ram ra | audio/vnd.rn-realaudio audio/x-pn-realaudio audio/x-realaudio |
    I com.soundblaster.soundfont | public.audio | sf2 |  |
    I org.xiph.flac | public.audio | flac | audio/flac |
    I com.avid.open-media-framework | public.audiovisual-content | omf |  |
    I com.allume.stuffit-archive | public.data public.archive |  |  |
    I com.stuffit.archive.sitx | com.allume.stuffit-archive | sitx | application/x-stuffitx application/x-sitx |
    I com.stuffit.archive.sidx | com.allume.stuffit-archive | sidx | application/x-stuffitx-index application/x-sitx-index |
    I com.stuffit.archive.sit | com.allume.stuffit-archive | sit sea | application/x-stuffit application/x-sit |
    I com.adobe.flash.video | public.movie | flv f4v f4p f4a f4b | video/x-flv |
    I org.khronos.collada.digital-asset-exchange | public.xml public.audiovisual-content public.3d-content | dae |  |
    I org.7-zip.7-zip-archive | public.data public.archive | 7z | application/x-7z-compressed |
    I org.tukaani.xz-archive | public.data public.archive | xz | application/x-xz |
    I org.tukaani.tar-xz-archive | public.data public.archive | txz |  |
    I com.microsoft.cab | public.data public.archive | cab |  |
    """
}
