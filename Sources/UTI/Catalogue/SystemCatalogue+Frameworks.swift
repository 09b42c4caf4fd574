extension SystemCatalogue {
  /// Types Apple's systems declare outside the main CoreTypes list that the oracle test reads:
  /// ImageIO's texture and HDR formats, the disk-image formats, AVCHD camcorder files, Mail's
  /// message files, and the camera raw formats of the `RawCameraTypes` bundle inside
  /// CoreTypes.bundle.
  ///
  /// A Mac answers these for their extensions (macOS 10.15 already did), so a catalogue of the
  /// main CoreTypes list alone answered `dyn.` where a user's Mac gives a name. The notes cite
  /// their sources by these short names:
  ///
  /// - "10.15.7 answers": a real Mac's answers cached in osxphotos
  ///   (github.com/RhetTbull/osxphotos, `osxphotos/uti.py`, "all the UTIs known to my Mac
  ///   running macOS 10.15.7"): for each extension of up to five characters, the identifier
  ///   `UTTypeCreatePreferredIdentifierForTag` gave, with that type's preferred extension and
  ///   preferred MIME type ("None" when it has none). That confirms the identifier, that the
  ///   extension maps to it, the first extension and the first MIME type; it says nothing of
  ///   parents, of the order of the other tags, or of the declaration kind.
  /// - "ImageIO lists": the output of `CGImageSourceCopyTypeIdentifiers()` and
  ///   `CGImageDestinationCopyTypeIdentifiers()` quoted in public code (an iOS 10.1 list in a
  ///   header comment; later macOS lists naming public.radiance): the identifiers exist on iOS
  ///   as well as on macOS.
  /// - Apple's `UTType.h` (CoreServices): "public types may be declared only by Apple", so a
  ///   `public.*` identifier a Mac answers is Apple's own.
  ///
  /// Parents and declaration kinds are UNVERIFIED on every line: none of the sources above
  /// shows them. Kinds follow CoreTypes' habit (codec and vendor formats imported, Apple's own
  /// containers exported). Introduced: every type here was on macOS 10.15.7 (the answers);
  /// the release that first declared each is UNVERIFIED. On iOS, the ImageIO types are there
  /// since at least iOS 10.1 (its list); the disk-image, AVCHD and camera raw types are
  /// UNVERIFIED on iOS.
  static let frameworkTypes = """
    # ImageIO formats. Identifiers: ImageIO lists. Parent public.image: UNVERIFIED.
    # public.pbm: 10.15.7 answers pbm, pgm, ppm and pfm -> public.pbm, preferred extension pbm,
    # no MIME type. The order after pbm is UNVERIFIED.
    I public.pbm | public.image | pbm pgm ppm pfm |  | Netpbm bitmap, graymap or pixmap image
    # public.radiance: 10.15.7 answers hdr -> public.radiance, whose preferred extension is pic,
    # no MIME type. `pic` is left out on purpose: 10.15.7 answers pic -> com.apple.pict, and
    # with public.radiance declaring it this catalogue's lookup order (public types first)
    # would answer public.radiance. Deliberate difference: preferred extension hdr, not pic.
    I public.radiance | public.image | hdr |  | Radiance RGBE high-dynamic-range image
    # public.pvr, org.khronos.ktx, org.khronos.astc, com.microsoft.dds: 10.15.7 answers pvr,
    # ktx, astc and dds -> these, each its own preferred extension, no MIME types.
    I public.pvr | public.image | pvr |  | PowerVR compressed texture image
    I org.khronos.ktx | public.image | ktx |  | Khronos KTX texture container
    I org.khronos.astc | public.image | astc |  | ASTC compressed texture image
    I com.microsoft.dds | public.image | dds |  | DirectDraw Surface texture (DDS)
    # AVCHD (the folder type public.avchd-collection is in the macOS 12 list). 10.15.7 answers
    # mts and m2ts -> public.avchd-mpeg-2-transport-stream (preferred mts), bdm and bdmv ->
    # public.avchd-content (preferred bdm); no MIME types. Parents UNVERIFIED: the camcorder
    # stream as an MPEG-2 transport stream (a movie), the BDMV index and object files as
    # audiovisual content.
    E public.avchd-mpeg-2-transport-stream | public.mpeg-2-transport-stream | mts m2ts\
     |  | AVCHD camcorder video stream (MTS)
    E public.avchd-content | public.audiovisual-content | bdm bdmv\
     |  | AVCHD index or movie object file
    # Disk images. 10.15.7 answers iso -> public.iso-image; dmg and udif ->
    # com.apple.disk-image-udif (preferred dmg); ndif -> com.apple.disk-image-ndif; cdr and dvdr
    # -> com.apple.disk-image-cdr (preferred dvdr); smi, dart, dc42 -> com.apple.disk-image-smi,
    # -dart, -dc42; no MIME types. `img` is left out: 10.15.7 gives it to -ndif, a newer Mac's
    # extension list to -udif, so its owner today is UNVERIFIED. Parents UNVERIFIED:
    # public.disk-image (UTType.diskImage, "a data item that's mountable as a volume", which
    # CoreTypes derives from public.archive only) and public.data, since each is a file.
    E public.iso-image | public.disk-image public.data | iso |  | ISO 9660 optical disc image
    E com.apple.disk-image-udif | public.disk-image public.data | dmg udif\
     |  | Apple disk image (UDIF)
    E com.apple.disk-image-ndif | public.disk-image public.data | ndif\
     |  | Classic Mac NDIF disk image
    E com.apple.disk-image-cdr | public.disk-image public.data | dvdr cdr\
     |  | CD or DVD master disk image
    E com.apple.disk-image-smi | public.disk-image public.data | smi |  | Self-mounting disk image
    E com.apple.disk-image-dart | public.disk-image public.data | dart\
     |  | Classic Mac DART disk image
    E com.apple.disk-image-dc42 | public.disk-image public.data | dc42 |  | Disk Copy 4.2 disk image
    # E-mail message files. Mail declares com.apple.mail.email: public design notes for a
    # Spotlight importer ("Muttlight design notes") quote the UTExportedTypeDeclarations of
    # /Applications/Mail.app/Contents/Info.plist: conforming to public.data and
    # public.email-message, extension eml, MIME type message/rfc822. 10.15.7 answers eml ->
    # com.apple.mail.email, preferred extension eml, MIME type message/rfc822. The macOS 12
    # CoreTypes list declares only public.email-message, which is not a kind of data, so a
    # catalogue without this line named no .eml file. On iOS (Mail and MessageUI): UNVERIFIED.
    E com.apple.mail.email | public.data public.email-message | eml | message/rfc822\
     | E-mail message in Internet Message Format
    # Camera raw formats: the RawCameraTypes bundle inside CoreTypes.bundle declares them (the
    # bundle is in a public copy of macOS 12.7's CoreTypes.bundle,
    # github.com/redcat243/sammy-Cat-dock-mod; its Info.plist there is binary and was not
    # read). Identifiers, extensions and MIME types: 10.15.7 answers, each extension mapping
    # to its type as that type's preferred extension. Parent public.camera-raw-image (which
    # the sniffer already falls back to): UNVERIFIED.
    I com.canon.crw-raw-image | public.camera-raw-image | crw | image/x-canon-crw\
     | Canon CRW camera raw image
    I com.canon.cr2-raw-image | public.camera-raw-image | cr2 |  | Canon CR2 camera raw image
    I com.canon.cr3-raw-image | public.camera-raw-image | cr3 |  | Canon CR3 camera raw image
    I com.nikon.raw-image | public.camera-raw-image | nef |  | Nikon NEF camera raw image
    I com.nikon.nrw-raw-image | public.camera-raw-image | nrw | image/x-nikon-nrw\
     | Nikon NRW camera raw image
    I com.sony.arw-raw-image | public.camera-raw-image | arw |  | Sony ARW camera raw image
    I com.sony.sr2-raw-image | public.camera-raw-image | sr2 | image/x-sony-sr2\
     | Sony SR2 camera raw image
    I com.sony.raw-image | public.camera-raw-image | srf |  | Sony SRF camera raw image
    I com.fuji.raw-image | public.camera-raw-image | raf |  | Fujifilm RAF camera raw image
    I com.olympus.raw-image | public.camera-raw-image | orf |  | Olympus ORF camera raw image
    I com.panasonic.raw-image | public.camera-raw-image | raw |  | Panasonic RAW camera raw image
    I com.panasonic.rw2-raw-image | public.camera-raw-image | rw2\
     |  | Panasonic RW2 camera raw image
    I com.pentax.raw-image | public.camera-raw-image | pef |  | Pentax PEF camera raw image
    I com.samsung.raw-image | public.camera-raw-image | srw |  | Samsung SRW camera raw image
    I com.leica.rwl-raw-image | public.camera-raw-image | rwl |  | Leica RWL camera raw image
    I com.leica.pwl-raw-image | public.camera-raw-image | pwl | image/x-leica-pwl\
     | Leica PWL camera raw image
    I com.kodak.raw-image | public.camera-raw-image | dcr |  | Kodak DCR camera raw image
    I com.epson.raw-image | public.camera-raw-image | erf | image/x-epson-erf\
     | Epson ERF camera raw image
    I com.hasselblad.3fr-raw-image | public.camera-raw-image | 3fr\
     |  | Hasselblad 3FR camera raw image
    I com.hasselblad.fff-raw-image | public.camera-raw-image | fff\
     |  | Hasselblad FFF camera raw image
    I com.konicaminolta.raw-image | public.camera-raw-image | mrw\
     |  | Konica Minolta MRW camera raw image
    I com.leafamerica.raw-image | public.camera-raw-image | mos |  | Leaf MOS camera raw image
    I com.phaseone.raw-image | public.camera-raw-image | iiq |  | Phase One IIQ camera raw image
    I com.dxo.raw-image | public.camera-raw-image | dxo | image/x-dxo-dxo | DxO ONE camera raw image
    """
}
