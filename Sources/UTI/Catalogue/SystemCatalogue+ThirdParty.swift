extension SystemCatalogue {
  /// Types other vendors own that Apple's systems declare (Adobe, Microsoft, OASIS, ...).
  static let thirdPartyTypes = """
    E com.pixar.universal-scene-description | public.3d-content public.data | usd usda usdc\
     |  | Pixar USD 3D scene
    E com.pixar.universal-scene-description-mobile | public.3d-content public.data | usdz\
     | model/vnd.usdz+zip | USDZ zipped 3D scene package
    E com.microsoft.windows-executable | public.data public.executable | exe\
     | application/x-msdownload | Windows program (EXE)
    E com.microsoft.windows-dynamic-link-library | public.data public.executable | dll\
     | application/x-msdownload | Windows shared library (DLL)
    E com.sun.java-class | public.data public.executable | class |  | Compiled Java class file
    E com.sun.java-archive | public.zip-archive public.executable | jar | application/java-archive\
     | Java archive (JAR)
    E com.sun.web-application-archive | com.sun.java-archive | war\
     |  | Java web application archive (WAR)
    E org.gnu.gnu-tar-archive | public.data public.archive | gtar | application/x-gtar\
     | GNU-flavored tape archive (tar)
    E org.gnu.gnu-zip-archive | public.data public.archive | gz gzip\
     | application/x-gzip application/gzip | File compressed with gzip
    E org.gnu.gnu-zip-tar-archive | org.gnu.gnu-zip-archive | tgz\
     |  | Tar archive compressed with gzip
    E com.pkware.zip-archive | public.data public.archive |  |  | PKWARE ZIP format family
    E com.microsoft.internet-shortcut | public.stored-url public.data | url\
     |  | Windows URL shortcut file
    E com.scenarist.closed-caption | public.text | scc |  | Scenarist closed captions (SCC)
    E org.w3.webvtt | public.text | vtt | text/vtt | WebVTT subtitle track
    E com.sun.java-source | public.source-code | java jav |  | Java program source
    E com.netscape.javascript-source | public.script public.executable | js jscript javascript mjs\
     | text/javascript | JavaScript program source
    E com.sun.java-web-start | public.xml | jnlp | application/x-java-jnlp-file application/jnlp\
     | Java Web Start launch file (JNLP)
    E ca.mcgill.mni.bic.mnc | public.image | mnc minc |  | MINC medical image volume
    E org.nema.dicom | public.data | dcm dicom | application/dicom | DICOM medical image
    E gov.nih.nifti-1 | public.data | nii |  | NIfTI-1 neuroimaging volume
    E org.3gpp.adaptive-multi-rate-audio | public.audio | amr | audio/amr\
     | Adaptive Multi-Rate (AMR) speech audio
    E com.audible.aa-audio | public.audio |  |  | Audible spoken word audio family
    E com.audible.aa-audiobook | com.audible.aa-audio | aa\
     | audio/audible audio/x-pn-audibleaudio audio/x-audible | Audible audiobook (AA)
    E com.audible.aax-audiobook | com.audible.aa-audio | aax | audio/vnd.audible.aax\
     | Audible enhanced audiobook (AAX)
    E com.sony.wave64 | public.audio | w64 |  | Sony Wave64 (W64) audio
    E com.adobe.postscript-font | public.font |  |  | PostScript font in any packaging
    E com.adobe.postscript-lwfn-font | com.adobe.postscript-font\
     |  |  | PostScript Type 1 outlines (LWFN)
    E com.adobe.postscript-pfb-font | com.adobe.postscript-font | pfb\
     |  | PostScript Type 1 binary font (PFB)
    E com.adobe.postscript-pfa-font | com.adobe.postscript-font | pfa\
     |  | PostScript Type 1 ASCII font (PFA)
    E org.openxmlformats.openxml | public.data |  |  | Office Open XML document family
    E org.oasis-open.opendocument | public.data |  |  | OpenDocument format family
    E com.rsa.pkcs-12 | public.data | p12 pfx | application/x-pkcs12 | PKCS #12 identity bundle
    E org.idpf.epub-container | public.data public.composite-content | epub | application/epub+zip\
     | EPUB electronic book
    E org.aafassociation.advanced-authoring-format | public.data public.composite-content | aaf\
     |  | Advanced Authoring Format (AAF) project
    I com.adobe.pdf | public.data public.composite-content | pdf | application/pdf\
     | Portable Document Format (PDF) file
    I com.adobe.edn | public.data | edn |  | Adobe DRM activation token (EDN)
    I com.adobe.etd | public.data | etd |  | Adobe Digital Editions ticket (ETD)
    I com.adobe.xfdf | public.data public.composite-content | xfdf |  | PDF form data in XML (XFDF)
    I com.adobe.fdf | public.data | fdf |  | PDF form data (FDF)
    I com.adobe.postscript | public.data public.composite-content | ps | application/postscript\
     | PostScript page description
    I com.adobe.encapsulated-postscript | com.adobe.postscript | eps\
     |  | Encapsulated PostScript graphic (EPS)
    I com.compuserve.gif | public.image | gif | image/gif | GIF image, still or animated
    I com.microsoft.bmp | public.image | bmp dib | image/bmp | Windows bitmap (BMP) image
    I com.microsoft.ico | public.image | ico | image/vnd.microsoft.icon | Windows icon (ICO) image
    I org.webmproject.webp | public.image | webp | image/webp | Google WebP image
    I org.webmproject.webm | public.movie | webm | video/webm audio/webm | WebM audio or video
    I org.openoffice.text | public.data public.content | sxw sdw\
     | application/vnd.sun.xml.writer application/vnd.stardivision.writer\
     | Legacy OpenOffice Writer document (SXW)
    I org.openoffice.text-template | public.data public.content | stw\
     | application/vnd.sun.xml.writer.template | Legacy OpenOffice Writer template (STW)
    I org.oasis-open.opendocument.text | org.oasis-open.opendocument public.composite-content | odt\
     | application/vnd.oasis.opendocument.text | OpenDocument text document (ODT)
    I org.oasis-open.opendocument.text-template\
     | org.oasis-open.opendocument public.composite-content | ott\
     | application/vnd.oasis.opendocument.text-template | OpenDocument text template (OTT)
    I org.openoffice.graphics | public.data public.content | sxd sda\
     | application/vnd.sun.xml.draw application/vnd.stardivision.draw\
     | Legacy OpenOffice Draw drawing (SXD)
    I org.openoffice.graphics-template | public.data public.content | std\
     | application/vnd.sun.xml.draw.template | Legacy OpenOffice Draw template (STD)
    I org.oasis-open.opendocument.graphics | org.oasis-open.opendocument public.composite-content\
     | odg | application/vnd.oasis.opendocument.graphics | OpenDocument drawing (ODG)
    I org.oasis-open.opendocument.graphics-template\
     | org.oasis-open.opendocument public.composite-content | otg\
     | application/vnd.oasis.opendocument.graphics-template | OpenDocument drawing template (OTG)
    I org.openoffice.presentation | public.data public.content public.presentation | sxi sdd sdp\
     | application/vnd.sun.xml.impress application/vnd.stardivision.impress\
     application/vnd.stardivision.impress-packed | Legacy OpenOffice Impress presentation (SXI)
    I org.openoffice.presentation-template | public.data public.content public.presentation | sti\
     | application/vnd.sun.xml.impress.template | Legacy OpenOffice Impress template (STI)
    I org.oasis-open.opendocument.presentation\
     | org.oasis-open.opendocument public.composite-content public.presentation | odp\
     | application/vnd.oasis.opendocument.presentation | OpenDocument presentation (ODP)
    I org.oasis-open.opendocument.presentation-template\
     | org.oasis-open.opendocument public.composite-content public.presentation | otp\
     | application/vnd.oasis.opendocument.presentation-template\
     | OpenDocument presentation template (OTP)
    I org.openoffice.spreadsheet | public.data public.spreadsheet | sxc sdc\
     | application/vnd.sun.xml.calc application/vnd.stardivision.calc\
     | Legacy OpenOffice Calc spreadsheet (SXC)
    I org.openoffice.spreadsheet-template | public.data public.spreadsheet | stc\
     | application/vnd.sun.xml.calc.template | Legacy OpenOffice Calc template (STC)
    I org.oasis-open.opendocument.spreadsheet\
     | org.oasis-open.opendocument public.composite-content public.spreadsheet | ods\
     | application/vnd.oasis.opendocument.spreadsheet | OpenDocument spreadsheet (ODS)
    I org.oasis-open.opendocument.spreadsheet-template\
     | org.oasis-open.opendocument public.composite-content public.spreadsheet | ots\
     | application/vnd.oasis.opendocument.spreadsheet-template\
     | OpenDocument spreadsheet template (OTS)
    I org.oasis-open.opendocument.chart | org.oasis-open.opendocument public.composite-content\
     | odc | application/vnd.oasis.opendocument.chart | OpenDocument chart (ODC)
    I org.oasis-open.opendocument.chart-template\
     | org.oasis-open.opendocument public.composite-content | otc\
     | application/vnd.oasis.opendocument.chart-template | OpenDocument chart template (OTC)
    I org.oasis-open.opendocument.image | org.oasis-open.opendocument public.image | odi\
     | application/vnd.oasis.opendocument.image | OpenDocument image (ODI)
    I org.oasis-open.opendocument.image-template | org.oasis-open.opendocument public.image | oti\
     | application/vnd.oasis.opendocument.image-template | OpenDocument image template (OTI)
    I org.openoffice.formula | public.data public.content | sxm smf\
     | application/vnd.sun.xml.math application/vnd.stardivision.math\
     | Legacy OpenOffice Math formula (SXM)
    I org.oasis-open.opendocument.formula | org.oasis-open.opendocument public.content | odf\
     | application/vnd.oasis.opendocument.formula | OpenDocument formula (ODF)
    I org.oasis-open.opendocument.formula-template | org.oasis-open.opendocument public.content\
     | otf | application/vnd.oasis.opendocument.formula-template\
     | OpenDocument formula template (OTF)
    I org.openoffice.text-master | public.data public.content | sxg\
     | application/vnd.sun.xml.writer.global | Legacy OpenOffice master document (SXG)
    I org.oasis-open.opendocument.text-master\
     | org.oasis-open.opendocument public.composite-content | odm\
     | application/vnd.oasis.opendocument.text-master | OpenDocument master document (ODM)
    I org.oasis-open.opendocument.text-web | org.oasis-open.opendocument public.composite-content\
     | oth | application/vnd.oasis.opendocument.text-web | OpenDocument web page template (OTH)
    I org.oasis-open.opendocument.database | public.data public.content public.database | odb\
     | application/vnd.oasis.opendocument.database | OpenDocument database (ODB)
    I com.microsoft.word.wordml | public.xml public.composite-content | xml\
     |  | WordprocessingML document from Word 2003
    I org.openxmlformats.wordprocessingml.document\
     | org.openxmlformats.openxml public.composite-content | docx\
     | application/vnd.openxmlformats-officedocument.wordprocessingml.document\
     | Word document (DOCX)
    I org.openxmlformats.wordprocessingml.document.macroenabled\
     | org.openxmlformats.openxml public.composite-content public.executable | docm\
     | application/vnd.ms-word.document.macroEnabled.12 | Word document with macros (DOCM)
    I org.openxmlformats.wordprocessingml.template\
     | org.openxmlformats.openxml public.composite-content | dotx\
     | application/vnd.openxmlformats-officedocument.wordprocessingml.template\
     | Word template (DOTX)
    I org.openxmlformats.wordprocessingml.template.macroenabled\
     | org.openxmlformats.openxml public.composite-content public.executable | dotm\
     | application/vnd.ms-word.template.macroEnabled.12 | Word template with macros (DOTM)
    I org.openxmlformats.spreadsheetml.sheet\
     | org.openxmlformats.openxml public.composite-content public.spreadsheet | xlsx\
     | application/vnd.openxmlformats-officedocument.spreadsheetml.sheet | Excel workbook (XLSX)
    I org.openxmlformats.spreadsheetml.sheet.macroenabled\
     | org.openxmlformats.openxml public.composite-content public.spreadsheet public.executable\
     | xlsm | application/vnd.ms-excel.sheet.macroEnabled.12 | Excel workbook with macros (XLSM)
    I com.microsoft.excel.sheet.binary.macroenabled\
     | public.zip-archive public.composite-content public.spreadsheet public.executable | xlsb\
     | application/vnd.ms-excel.sheet.binary.macroEnabled.12 | Excel binary workbook (XLSB)
    I org.openxmlformats.spreadsheetml.template\
     | org.openxmlformats.openxml public.composite-content public.spreadsheet | xltx\
     | application/vnd.openxmlformats-officedocument.spreadsheetml.template | Excel template (XLTX)
    I org.openxmlformats.spreadsheetml.template.macroenabled\
     | org.openxmlformats.openxml public.composite-content public.spreadsheet public.executable\
     | xltm | application/vnd.ms-excel.template.macroEnabled.12 | Excel template with macros (XLTM)
    I org.openxmlformats.presentationml.presentation\
     | org.openxmlformats.openxml public.presentation | pptx\
     | application/vnd.openxmlformats-officedocument.presentationml.presentation\
     | PowerPoint presentation (PPTX)
    I org.openxmlformats.presentationml.presentation.macroenabled\
     | org.openxmlformats.openxml public.presentation public.executable | pptm\
     | application/vnd.ms-powerpoint.presentation.macroEnabled.12\
     | PowerPoint presentation with macros (PPTM)
    I org.openxmlformats.presentationml.slideshow | org.openxmlformats.openxml public.presentation\
     | ppsx | application/vnd.openxmlformats-officedocument.presentationml.slideshow\
     | PowerPoint slide show (PPSX)
    I org.openxmlformats.presentationml.slideshow.macroenabled\
     | org.openxmlformats.openxml public.presentation public.executable | ppsm\
     | application/vnd.ms-powerpoint.slideshow.macroEnabled.12\
     | PowerPoint slide show with macros (PPSM)
    I org.openxmlformats.presentationml.template | org.openxmlformats.openxml public.presentation\
     | potx | application/vnd.openxmlformats-officedocument.presentationml.template\
     | PowerPoint template (POTX)
    I org.openxmlformats.presentationml.template.macroenabled\
     | org.openxmlformats.openxml public.presentation public.executable | potm\
     | application/vnd.ms-powerpoint.template.macroEnabled.12\
     | PowerPoint template with macros (POTM)
    I com.microsoft.word.doc | public.data public.composite-content | doc | application/msword\
     | Legacy Word document (DOC)
    I com.microsoft.word.dot | public.data public.composite-content | dot | application/msword\
     | Legacy Word template (DOT)
    I com.microsoft.excel.xls | public.data public.composite-content public.spreadsheet | xls\
     | application/vnd.ms-excel application/msexcel | Legacy Excel workbook (XLS)
    I com.microsoft.excel.xlt | public.data public.spreadsheet | xlt\
     | application/vnd.ms-excel application/msexcel | Legacy Excel template (XLT)
    I com.microsoft.excel.xlw | public.data public.spreadsheet | xlw\
     | application/vnd.ms-excel application/msexcel | Legacy Excel workspace (XLW)
    I com.microsoft.excel.xla | public.data | xla |  | Excel add-in (XLA)
    I com.microsoft.powerpoint.ppt | public.data public.presentation | ppt\
     | application/vnd.ms-powerpoint application/mspowerpoint | Legacy PowerPoint presentation (PPT)
    I com.microsoft.powerpoint.pot | public.data public.presentation | pot\
     | application/vnd.ms-powerpoint application/mspowerpoint | Legacy PowerPoint template (POT)
    I com.microsoft.powerpoint.pps | public.data public.presentation | pps\
     | application/vnd.ms-powerpoint application/mspowerpoint | Legacy PowerPoint slide show (PPS)
    I com.adobe.photoshop-image | public.image | psd\
     | image/vnd.adobe.photoshop image/photoshop image/x-photoshop image/psd application/photoshop\
     | Photoshop document (PSD)
    I com.adobe.photoshop-large-image | public.image | psb |  | Photoshop large document (PSB)
    I com.adobe.illustrator.ai-image | public.image | ai |  | Illustrator artwork (AI)
    I com.truevision.tga-image | public.image | tga | image/targa image/tga application/tga\
     | Truevision Targa (TGA) image
    I com.sgi.sgi-image | public.image | sgi | image/sgi | SGI raster image
    I com.ilm.openexr-image | public.image | exr |  | OpenEXR high dynamic range image
    I com.kodak.flashpix-image | public.image | fpx | image/fpx application/vnd.fpx\
     | Kodak FlashPix image
    I com.j2.jfx-fax | public.fax | jfx |  | Fax in j2 JFX format
    I com.j2.efx-fax | public.fax | efx | image/efax | Fax in eFax EFX format
    I com.digidesign.sd2-audio | public.audio | sd2 |  | Digidesign Sound Designer II audio
    I com.microsoft.waveform-audio | public.audio | wav wave bwf\
     | audio/vnd.wave audio/wav audio/wave audio/x-wav | RIFF WAVE audio (WAV)
    I com.microsoft.advanced-systems-format | public.audiovisual-content | asf | video/x-ms-asf\
     | Windows Media ASF container
    I com.microsoft.windows-media-wm | public.movie com.microsoft.advanced-systems-format | wm\
     | video/x-ms-wm | Windows Media file (WM)
    I com.microsoft.windows-media-wmv | public.movie com.microsoft.advanced-systems-format | wmv\
     | video/x-ms-wmv | Windows Media video (WMV)
    I com.microsoft.windows-media-wmp | public.movie com.microsoft.advanced-systems-format | wmp\
     | video/x-ms-wmp | Windows Media player file (WMP)
    I com.microsoft.windows-media-wma | public.audio com.microsoft.advanced-systems-format | wma\
     | video/x-ms-wma | Windows Media audio (WMA)
    I com.microsoft.advanced-stream-redirector | public.audiovisual-content public.xml | asx\
     | video/x-ms-asx | Windows Media stream redirector (ASX)
    I com.microsoft.windows-media-wmx | public.movie com.microsoft.advanced-stream-redirector | wmx\
     | video/x-ms-wmx | Windows Media redirector (WMX)
    I com.microsoft.windows-media-wvx | public.movie com.microsoft.advanced-stream-redirector | wvx\
     | video/x-ms-wvx | Windows Media video redirector (WVX)
    I com.microsoft.windows-media-wax | public.audio com.microsoft.advanced-stream-redirector | wax\
     | video/x-ms-wax | Windows Media audio redirector (WAX)
    I com.real.realmedia | public.movie | rm | application/vnd.rn-realmedia\
     | RealNetworks RealMedia file
    I com.real.realmedia-vbr | public.movie | rmvb | application/vnd.rn-realmedia-vbr\
     | RealMedia variable bitrate file (RMVB)
    I org.smpte.mxf | public.movie | mxf | application/mxf | SMPTE Material Exchange Format (MXF)
    I com.real.realaudio | public.audio | ram ra\
     | audio/vnd.rn-realaudio audio/x-pn-realaudio audio/x-realaudio | RealNetworks RealAudio stream
    I com.soundblaster.soundfont | public.audio | sf2 |  | SoundFont 2 instrument bank
    I org.xiph.flac | public.audio | flac | audio/flac | Free Lossless Audio Codec (FLAC)
    I com.avid.open-media-framework | public.audiovisual-content | omf\
     |  | Avid OMF interchange file
    I com.allume.stuffit-archive | public.data public.archive |  |  | StuffIt archive of any version
    I com.stuffit.archive.sitx | com.allume.stuffit-archive | sitx\
     | application/x-stuffitx application/x-sitx | StuffIt X compressed archive
    I com.stuffit.archive.sidx | com.allume.stuffit-archive | sidx\
     | application/x-stuffitx-index application/x-sitx-index | Index of a StuffIt X archive
    I com.stuffit.archive.sit | com.allume.stuffit-archive | sit sea\
     | application/x-stuffit application/x-sit | Classic StuffIt archive (SIT)
    I com.adobe.flash.video | public.movie | flv f4v f4p f4a f4b | video/x-flv\
     | Adobe Flash video (FLV)
    I org.khronos.collada.digital-asset-exchange\
     | public.xml public.audiovisual-content public.3d-content | dae |  | COLLADA 3D asset (DAE)
    I org.7-zip.7-zip-archive | public.data public.archive | 7z | application/x-7z-compressed\
     | 7-Zip compressed archive
    I org.tukaani.xz-archive | public.data public.archive | xz | application/x-xz\
     | File compressed with XZ (LZMA2)
    I org.tukaani.tar-xz-archive | public.data public.archive | txz\
     |  | Tar archive compressed with XZ
    I com.microsoft.cab | public.data public.archive | cab |  | Windows Cabinet (CAB) archive
    """
}
