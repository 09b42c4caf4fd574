extension SystemCatalogue {
  /// Types in Apple's `com.apple` domain.
  static let appleTypes = """
    E com.apple.application | public.executable |  |  | Application in any packaging
    E com.apple.csstore | public.data public.database | csstore |  | Core Services data store
    E com.apple.iCloud | public.item |  |  | Item stored in iCloud
    E com.apple.reality | public.data | reality | model/vnd.reality | Reality Composer scene file
    E com.apple.scenekit.scene | public.data public.3d-content | scn scnz\
     |  | SceneKit 3D scene file
    E com.apple.arobject | public.data | arobject |  | ARKit scanned reference object
    E com.apple.ical.vcs | public.text public.item public.calendar-event | vcs vcal\
     | text/x-vcalendar | Calendar file in vCalendar format
    E com.apple.ical.ics | public.text public.item public.calendar-event | ics | text/calendar\
     | Calendar file in iCalendar format
    E com.apple.shazamsignature | public.data | shazamsignature |  | Shazam audio fingerprint data
    E com.apple.shazamcatalog | public.data | shazamcatalog |  | Custom catalog of Shazam signatures
    E com.apple.traditional-mac-plain-text | public.plain-text\
     |  |  | Plain text in a classic Mac encoding
    E com.apple.log | public.plain-text public.log | log |  | Plain text log file
    E com.apple.shutdownStall | public.utf8-plain-text public.log | shutdownStall\
     |  | Diagnostic report of a slow shutdown
    E com.apple.gpuRestart | public.utf8-plain-text public.log | gpuRestart\
     |  | Diagnostic report of a GPU reset
    E com.apple.crashreport | public.utf8-plain-text public.log | crash\
     |  | Diagnostic report of a crash
    E com.apple.hangreport | public.utf8-plain-text public.log | hang\
     |  | Diagnostic report of a hang
    E com.apple.spinreport | public.utf8-plain-text public.log | spin\
     |  | Diagnostic report of a spin
    E com.apple.panicreport | public.utf8-plain-text public.log | panic\
     |  | Diagnostic report of a kernel panic
    E com.apple.ktrace | public.data public.log | ktrace |  | Recorded kernel trace
    E com.apple.ostype | public.text |  |  | Classic Mac OS type code
    E com.apple.nspboard-type | public.text |  |  | Cocoa pasteboard type name
    E com.apple.device-model-code | public.text |  |  | Hardware model identifier
    E com.apple.pasteboard.promised-file-url |  |  |  | Location of a promised file
    E com.apple.pasteboard.promised-file-content-type |  |  |  | Content type of a promised file
    E com.apple.cocoa.pasteboard.color | public.data |  |  | Color value on the pasteboard
    E com.apple.cocoa.pasteboard.sound | public.data |  |  | Sound data on the pasteboard
    E com.apple.cocoa.pasteboard.character-formatting | public.data\
     |  |  | Font and character style on the pasteboard
    E com.apple.cocoa.pasteboard.paragraph-formatting | public.data\
     |  |  | Paragraph style on the pasteboard
    E com.apple.cocoa.pasteboard.multiple-text-selection | public.data\
     |  |  | Multi-range text selection on the pasteboard
    E com.apple.cocoa.pasteboard.find-panel-search-options | public.data\
     |  |  | Settings of the find panel
    E com.apple.mapkit.map-item | public.data |  |  | Place from MapKit
    E com.apple.resolvable |  |  |  | Item that resolves to another item
    E com.apple.mount-point | public.item com.apple.resolvable\
     |  |  | Point where a volume is mounted
    E com.apple.bookmark | public.data com.apple.resolvable |  |  | Bookmark data for a URL
    E com.apple.alias-file | public.data com.apple.resolvable |  |  | Finder alias file
    E com.apple.alias-record | public.data com.apple.resolvable |  |  | Alias record data
    E com.apple.icloud-file-fault | public.data | icloud |  | Placeholder for a file kept in iCloud
    E com.apple.finder.clipping | public.data |  |  | Finder clipping file
    E com.apple.finder.sound-clipping | com.apple.finder.clipping | sndClipping\
     |  | Finder clipping holding a sound
    E com.apple.finder.textclipping | com.apple.finder.clipping | textclipping\
     |  | Finder clipping holding text
    E com.apple.finder.pictclipping | com.apple.finder.clipping public.image | pictclipping\
     |  | Finder clipping holding a picture
    E com.apple.finder.burn-folder | public.folder | fpbf |  | Folder staged for disc burning
    E com.apple.iconset | public.folder | iconset |  | Folder of icon images (iconset)
    E com.apple.finder.smart-folder | public.data | savedSearch\
     |  | Saved Spotlight search (smart folder)
    E com.apple.finder.recent-items | com.apple.finder.smart-folder\
     |  |  | Smart folder of recently used items
    E com.apple.mach-o-binary | public.unix-executable |  |  | Mach-O binary of any kind
    E com.apple.mach-o-object | com.apple.mach-o-binary |  |  | Relocatable Mach-O object file
    E com.apple.mach-o-executable | com.apple.mach-o-binary |  |  | Runnable Mach-O program
    E com.apple.x11-mach-o-executable | com.apple.mach-o-binary\
     |  |  | Mach-O program for the X11 system
    E com.apple.mach-o-core | com.apple.mach-o-binary |  |  | Mach-O process core dump
    E com.apple.mach-o-dylib | com.apple.mach-o-binary | dylib |  | Shared Mach-O library (dylib)
    E com.apple.mach-o-bundle | com.apple.mach-o-binary |  |  | Loadable Mach-O bundle binary
    E com.apple.pef-binary | public.data public.executable\
     |  |  | Classic Mac Preferred Executable Format binary
    E com.apple.quartz-composer-composition | public.data public.executable | qtz\
     | application/x-quartzcomposer | Quartz Composer visual program
    E com.apple.bom-archive | public.archive |  |  | Archive described by a bill of materials
    E com.apple.binhex-archive | public.data public.archive | hqx\
     | application/mac-binhex40 application/mac-binhex application/binhex\
     | File encoded with BinHex 4.0
    E com.apple.macbinary-archive | public.data public.archive | bin\
     | application/macbinary application/x-macbinary | File encoded as MacBinary
    E com.apple.applesingle-archive | public.data public.archive | as\
     |  | File encoded as AppleSingle
    E com.apple.bom-compressed-cpio | public.data com.apple.bom-archive | cpgz\
     |  | Compressed cpio archive with bill of materials
    E com.apple.xar-archive | public.data public.archive | xar |  | Extensible archive (XAR)
    E com.apple.xip-archive | com.apple.xar-archive | xip |  | Signed XIP archive
    E com.apple.installer-package-archive | public.data public.archive | pkg mpkg\
     |  | Flat installer package
    E com.apple.archive | public.data public.archive | aar yaa |  | Apple Archive (AAR)
    E com.apple.encrypted-archive | public.data public.archive | aea\
     |  | Encrypted Apple Archive (AEA)
    E com.apple.internet-location | public.stored-url public.data\
     |  |  | Saved internet location file
    E com.apple.web-internet-location | com.apple.internet-location | webloc\
     |  | Saved web link (webloc)
    E com.apple.vnc-internet-location | com.apple.internet-location | vncloc\
     |  | Saved screen sharing link
    E com.apple.mail-internet-location | com.apple.internet-location | mailloc\
     |  | Saved email address link
    E com.apple.afp-internet-location | com.apple.internet-location | afploc\
     |  | Saved AFP server link
    E com.apple.file-internet-location | com.apple.internet-location | fileloc\
     |  | Saved link to a file
    E com.apple.ftp-internet-location | com.apple.internet-location | ftploc\
     |  | Saved FTP server link
    E com.apple.news-internet-location | com.apple.internet-location | newsloc\
     |  | Saved Usenet newsgroup link
    E com.apple.generic-internet-location | com.apple.internet-location | inetloc\
     |  | Saved link with another scheme
    E com.apple.itunes.store-url | public.url | itms |  | Link into the iTunes Store
    E com.apple.generic-stationery | public.data |  |  | Document stationery template
    E com.apple.property-list | public.data | plist |  | Property list of any encoding
    E com.apple.xml-property-list | public.xml com.apple.property-list | plist\
     |  | Property list in XML
    E com.apple.binary-property-list | com.apple.property-list | plist\
     |  | Property list in binary form
    E com.apple.ascii-property-list | public.text com.apple.property-list | plist\
     |  | Property list in OpenStep text form
    E com.apple.iig-source | public.c-source | iig |  | IOKit interface generator source
    E com.apple.rez-source | public.source-code | r |  | Rez resource description source
    E com.apple.symbol-export | public.source-code | exp |  | List of symbols to export
    E com.apple.xcode.dsym | com.apple.package | dsym |  | Debug symbols bundle (dSYM)
    E com.apple.live-photo |  |  |  | Live Photo (still plus short movie)
    E com.apple.private.live-photo-bundle | com.apple.live-photo com.apple.bundle com.apple.package\
     | pvt |  | Private Live Photo package (pvt)
    E com.apple.pict | public.image | pict pct pic | image/pict image/x-pict image/x-macpict\
     | QuickDraw PICT picture
    E com.apple.macpaint-image | public.image | pntg |  | MacPaint bitmap picture
    E com.apple.quicktime-image | public.image | qtif qti | image/x-quicktime\
     | QuickTime still image
    E com.apple.icns | public.image | icns |  | Icon resource for macOS (icns)
    E com.apple.quicktime-movie | public.movie | mov qt | video/quicktime\
     | Apple QuickTime (MOV) movie
    E com.apple.m4v-video | public.mpeg-4 | m4v | video/x-m4v | M4V video from Apple
    E com.apple.protected-mpeg-4-video | com.apple.m4v-video |  |  | DRM-protected M4V video
    E com.apple.audio-unit-preset | com.apple.xml-property-list | aupreset\
     |  | Saved Audio Unit settings
    E com.apple.m4a-audio | public.mpeg-4-audio | m4a | audio/x-m4a | AAC or ALAC audio in M4A file
    E com.apple.mpeg-4-ringtone | public.mpeg-4-audio | m4r | audio/x-m4r | Ringtone in M4R format
    E com.apple.protected-mpeg-4-audio | public.audio | m4p |  | DRM-protected AAC audio (M4P)
    E com.apple.protected-mpeg-4-audio-b | com.apple.protected-mpeg-4-audio | m4b\
     |  | DRM-protected audiobook (M4B)
    E com.apple.coreaudio-format | public.audio | caf |  | Core Audio Format (CAF) sound
    E com.apple.truetype-datafork-suitcase-font | public.truetype-font | dfont\
     |  | Data-fork TrueType suitcase (dfont)
    E com.apple.font-suitcase | public.font | suit |  | Classic Mac font suitcase
    E com.apple.profile-font-icon | public.item |  |  | Font installed by a configuration profile
    E com.apple.applescript.text | public.script | applescript |  | AppleScript source text
    E com.apple.applescript.script | public.data public.script | scpt\
     |  | Compiled AppleScript (scpt)
    E com.apple.applescript.script-bundle | com.apple.bundle com.apple.package | scptd\
     |  | Compiled AppleScript bundle (scptd)
    E com.apple.scripting-definition | public.xml | sdef |  | Scripting dictionary definition (sdef)
    E com.apple.drop-folder | public.folder |  |  | Shared drop box folder
    E com.apple.applications-folder | public.folder |  |  | Folder holding applications
    E com.apple.server-applications-folder | public.folder\
     |  |  | Folder holding server applications
    E com.apple.library-folder | public.folder |  |  | Library folder of support files
    E com.apple.document-type.system-folder | public.folder |  |  | Classic Mac OS System Folder
    E com.apple.trash-empty | public.folder |  |  | Trash with nothing in it
    E com.apple.trash-full | public.folder |  |  | Trash holding items
    E com.apple.sites-folder | public.folder |  |  | Personal web Sites folder
    E com.apple.groups-folder | public.folder |  |  | Shared Groups folder
    E com.apple.servers-folder | public.folder |  |  | Folder of network servers
    E com.apple.desktop-folder | public.folder |  |  | User's Desktop folder
    E com.apple.documents-folder | public.folder |  |  | User's Documents folder
    E com.apple.downloads-folder | public.folder |  |  | User's Downloads folder
    E com.apple.movie-folder | public.folder |  |  | User's Movies folder
    E com.apple.music-folder | public.folder |  |  | User's Music folder
    E com.apple.pictures-folder | public.folder |  |  | User's Pictures folder
    E com.apple.public-folder | public.folder |  |  | User's Public folder
    E com.apple.home-folder | public.folder |  |  | User's home folder
    E com.apple.developer-folder | public.folder |  |  | Folder of developer tools
    E com.apple.users-folder | public.folder |  |  | Folder of all user accounts
    E com.apple.utilities-folder | public.folder |  |  | Folder of utility applications
    E com.apple.network-neighborhood |  |  |  | Local network neighborhood
    E com.apple.dot-mac |  |  |  | Legacy .Mac online service
    E com.apple.idisk |  |  |  | Legacy iDisk online storage
    E com.apple.user-idisk |  |  |  | Personal iDisk of one user
    E com.apple.package | public.directory |  |  | Directory shown as a single file
    E com.apple.bundle | public.directory |  |  | Directory with a standard bundle layout
    E com.apple.generic-bundle | com.apple.bundle com.apple.package | bundle\
     |  | Bundle of no specific kind
    E com.apple.systempreference.prefpane | com.apple.package com.apple.bundle | prefPane\
     |  | System Preferences pane plug-in
    E com.apple.systempreference.screen-saver | com.apple.package com.apple.bundle | saver\
     |  | Screen saver plug-in
    E com.apple.systempreference.screen-slide-saver | com.apple.package com.apple.bundle\
     | slideSaver |  | Slideshow screen saver module
    E com.apple.menu-extra | com.apple.package com.apple.bundle | menu |  | Menu bar extra plug-in
    E com.apple.localizable-name-bundle | com.apple.bundle\
     |  |  | Bundle with a localized display name
    E com.apple.framework | com.apple.bundle | framework |  | Shared code framework bundle
    E com.apple.application-bundle\
     | com.apple.application com.apple.localizable-name-bundle com.apple.package | app\
     |  | Application packaged as a bundle
    E com.apple.application-file | com.apple.application public.data | app\
     |  | Application in a single file
    E com.apple.deprecated-application-file | com.apple.application-file\
     |  |  | Obsolete single-file application
    E com.apple.flat-rtfd | public.data public.composite-content\
     |  |  | Flattened RTFD with attachments
    E com.apple.installer-package | com.apple.bundle com.apple.package | pkg\
     |  | Bundle-style installer package
    E com.apple.installer-distribution-package | com.apple.bundle com.apple.package | dist distz\
     |  | Installer distribution definition
    E com.apple.installer-meta-package | com.apple.bundle com.apple.package | mpkg\
     |  | Installer metapackage of packages
    E com.apple.intelligentsuggestions.assets | com.apple.bundle com.apple.package\
     | suggestionsassets |  | Asset bundle for system suggestions
    E com.apple.rtfd | com.apple.package public.composite-content | rtfd\
     |  | Rich text package with attachments
    E com.apple.application-placeholder | com.apple.application-bundle | placeholder\
     |  | Placeholder for an app being installed
    E com.apple.service-application | com.apple.application-bundle | service\
     |  | Background service application
    E com.apple.plugin | com.apple.bundle com.apple.package | plugin |  | Loadable plug-in bundle
    E com.apple.xpc-service | com.apple.bundle com.apple.package | xpc\
     |  | XPC helper service bundle
    E com.apple.kernel-extension | com.apple.bundle com.apple.package | kext\
     |  | Kernel extension bundle (kext)
    E com.apple.application-and-system-extension | com.apple.xpc-service | appex\
     |  | App or system extension (appex)
    E com.apple.pluginkit | com.apple.bundle com.apple.package | pluginkit\
     |  | PlugInKit extension bundle
    E com.apple.webkit-plugin | com.apple.plugin | webplugin |  | WebKit browser plug-in
    E com.apple.metadata-importer | com.apple.plugin | mdimporter\
     |  | Spotlight metadata importer plug-in
    E com.apple.quicklook-generator | com.apple.plugin | qlgenerator |  | Quick Look preview plug-in
    E com.apple.dashboard-widget | com.apple.localizable-name-bundle com.apple.package | wdgt\
     |  | Widget bundle for Dashboard
    E com.apple.driver-extension | com.apple.localizable-name-bundle com.apple.package | dext\
     |  | DriverKit driver extension (dext)
    E com.apple.system-extension | com.apple.localizable-name-bundle com.apple.package\
     | systemextension |  | Bundle of a system extension
    E com.apple.ppp-plug-in | com.apple.plugin | ppp |  | PPP networking plug-in
    E com.apple.file-system-plug-in | com.apple.plugin | fs |  | Plug-in adding a file system
    E com.apple.data-container | public.folder com.apple.localizable-name-bundle\
     |  |  | App sandbox data container
    E com.apple.alert |  |  |  | Alert icon of any kind
    E com.apple.alert-note | com.apple.alert |  |  | Informational alert icon
    E com.apple.alert-caution | com.apple.alert |  |  | Warning alert icon
    E com.apple.alert-stop | com.apple.alert |  |  | Error alert icon
    E com.apple.webarchive | public.data public.composite-content | webarchive\
     | application/x-webarchive | WebKit saved web page archive
    E com.apple.localized-pdf-bundle\
     | com.apple.localizable-name-bundle com.apple.package public.composite-content | lpdf\
     |  | PDF bundle with localized variants
    E com.apple.txn.text-multimedia-data | public.data public.composite-content\
     |  |  | MLTE text with embedded media
    E com.apple.colorsync-profile | public.data | icc icm pf |  | ICC color profile (ColorSync)
    E com.apple.profile-background-color | public.data |  |  | Background color setting of a profile
    E com.apple.profile-font-and-color | public.data |  |  | Font and color setting of a profile
    E com.apple.color-file | public.data | clr ccl |  | Saved color palette
    E com.apple.ink.inktext | public.data |  |  | Handwriting recognized by Ink
    E com.apple.mobileconfig | public.xml | mobileconfig mobile | application/x-apple-aspen-config\
     | Device configuration profile (mobileconfig)
    E com.apple.provisionprofile | public.xml | provisionprofile\
     |  | Provisioning profile for macOS apps
    E com.apple.configprofile | public.xml | configprofile\
     |  | Configuration profile (configprofile)
    E com.apple.user |  |  |  | Local user account
    E com.apple.guest-user | com.apple.user |  |  | Account for guest logins
    E com.apple.help-document | public.data |  |  | Apple Help book page
    E com.apple.user-group |  |  |  | Group of user accounts
    E com.apple.user-unknown |  |  |  | Unidentified user account
    E com.apple.airdrop |  |  |  | AirDrop sharing service
    E com.apple.bonjour |  |  |  | Bonjour network service
    E com.apple.notifications |  |  |  | Notification Center item
    E com.apple.mobileprovision | public.data | mobileprovision\
     | application/x-apple-aspen-mobileprovision | Provisioning profile for iOS apps
    E com.apple.pkpass | com.apple.bundle com.apple.package | pkpass | application/vnd.apple.pkpass\
     | Wallet pass package
    E com.apple.pkpass-data | public.data | pkpass |  | Wallet pass archive
    E com.apple.pkpasses-data | public.data | pkpasses | application/vnd.apple.pkpasses\
     | Bundle of several Wallet passes
    E com.apple.watchface | public.data public.content | watchface |  | Shared Apple Watch face
    E com.apple.device | public.device |  |  | Device made by Apple
    E com.apple.ios-device | com.apple.device |  |  | Device running iOS
    E com.apple.homepod | com.apple.ios-device public.speaker |  |  | HomePod smart speaker
    E com.apple.ios-simulator | com.apple.ios-device |  |  | Simulated iOS device
    E com.apple.legacy-ipod | com.apple.device |  |  | Legacy iPod music player
    E com.apple.ipod-shuffle | com.apple.legacy-ipod |  |  | Apple iPod shuffle player
    E com.apple.ipod-shuffle-gen1 | com.apple.ipod-shuffle |  |  | First-generation iPod shuffle
    E com.apple.ipod-shuffle-gen2 | com.apple.ipod-shuffle |  |  | Second-generation iPod shuffle
    E com.apple.ipod-shuffle-gen3 | com.apple.ipod-shuffle |  |  | Third-generation iPod shuffle
    E com.apple.ipod-shuffle-gen4 | com.apple.ipod-shuffle |  |  | Fourth-generation iPod shuffle
    E com.apple.ipod-nano | com.apple.legacy-ipod |  |  | Apple iPod nano player
    E com.apple.ipod-mini | com.apple.legacy-ipod |  |  | Apple iPod mini player
    E com.apple.ipod-classic | com.apple.legacy-ipod |  |  | Apple iPod classic player
    E com.apple.cinema-display | public.display |  |  | Apple Cinema Display monitor
    E com.apple.led-cinema-display-24 | public.display |  |  | 24-inch LED Cinema Display
    E com.apple.led-cinema-display-27 | public.display |  |  | 27-inch LED Cinema Display
    E com.apple.pro-display-xdr | public.display |  |  | Apple Pro Display XDR monitor
    E com.apple.storage-external | public.storage |  |  | External storage disk
    E com.apple.generic-time-machine-disk | public.storage |  |  | Time Machine backup disk
    E com.apple.storage-netboot | public.storage |  |  | NetBoot network volume
    E com.apple.file-server | public.storage |  |  | Server sharing files on a network
    E com.apple.storage-internal | public.storage |  |  | Internal storage disk
    E com.apple.storage-removable | public.storage |  |  | Removable storage disk
    E com.apple.file-vault |  |  |  | FileVault encrypted storage
    E com.apple.generic-airdisk | public.storage |  |  | Disk shared by an AirPort base station
    E com.apple.structured-text | public.plain-text |  |  | Text recognized as structured data
    E com.apple.structured-text.date | com.apple.structured-text |  |  | Date recognized in text
    E com.apple.structured-text.address | com.apple.structured-text\
     |  |  | Postal address recognized in text
    E com.apple.structured-text.telephone-number | com.apple.structured-text\
     |  |  | Phone number recognized in text
    E com.apple.structured-text.transit-information | com.apple.structured-text\
     |  |  | Transit details recognized in text
    E com.apple.active-webpage |  |  |  | Web page open in a browser
    I com.apple.keynote.key | com.apple.package public.presentation\
     |  |  | Keynote presentation package
    I com.apple.keynote.kth | com.apple.package public.presentation |  |  | Keynote theme package
    I com.apple.iWork.Keynote.key | com.apple.package public.presentation com.apple.keynote.key\
     | key |  | Keynote presentation (key)
    I com.apple.iWork.Keynote.key-tef | com.apple.package public.presentation com.apple.keynote.key\
     | key-tef |  | Keynote presentation (key-tef)
    I com.apple.iWork.Keynote.sffkey | public.data public.presentation | key\
     | application/x-iwork-keynote-sffkey | Keynote presentation as a single file
    I com.apple.iWork.Keynote.kth | com.apple.package public.presentation com.apple.keynote.kth\
     | kth |  | Keynote theme (kth)
    I com.apple.iWork.Keynote.sffkth | public.data public.presentation | kth\
     | application/x-iwork-keynote-sffkth | Keynote theme as a single file
    I com.apple.iWork.Pages.pages | com.apple.package public.composite-content | pages\
     |  | Pages document package
    I com.apple.iWork.Pages.pages-tef | com.apple.package public.composite-content | pages-tef\
     |  | Pages document (pages-tef)
    I com.apple.iWork.Pages.sffpages | public.data public.composite-content | pages\
     | application/x-iwork-pages-sffpages | Pages document as a single file
    I com.apple.iWork.Pages.template | com.apple.package public.composite-content | template\
     |  | Pages template package
    I com.apple.iWork.Pages.sfftemplate | public.data public.composite-content | template\
     | application/x-iwork-pages-sfftemplate | Pages template as a single file
    I com.apple.iWork.Numbers.numbers\
     | com.apple.package public.composite-content public.spreadsheet | numbers\
     |  | Numbers spreadsheet package
    I com.apple.iWork.Numbers.numbers-tef\
     | com.apple.package public.composite-content public.spreadsheet | numbers-tef\
     |  | Numbers spreadsheet (numbers-tef)
    I com.apple.iWork.Numbers.sffnumbers | public.data public.composite-content public.spreadsheet\
     | numbers | application/x-iwork-numbers-sffnumbers | Numbers spreadsheet as a single file
    I com.apple.iWork.Numbers.template\
     | com.apple.package public.composite-content public.spreadsheet | nmbtemplate\
     |  | Numbers template package
    I com.apple.iWork.Numbers.sfftemplate | public.data public.composite-content public.spreadsheet\
     | nmbtemplate | application/x-iwork-numbers-sfftemplate | Numbers template as a single file
    I com.apple.garageband.project | com.apple.package public.audiovisual-content | band gbProj\
     |  | GarageBand song project
    I com.apple.drawing | public.image | drawing |  | Apple freehand drawing file
    I com.apple.iMovieLibrary | com.apple.package | imovielibrary |  | Media library for iMovie
    I com.apple.iMovieTheater | com.apple.package | theater |  | Theater collection for iMovie
    I com.apple.haptics.ahap | public.haptics-content public.json | ahap\
     |  | Haptic pattern in AHAP JSON
    I com.apple.coreml.model | public.data | mlmodel mlkitmodel |  | Core ML model file
    I com.apple.coreml.mlpackage | com.apple.package | mlpackage |  | Core ML model package
    I com.apple.groupactivities.activity | public.data | groupactivity |  | SharePlay group activity
    I com.apple.icon-decoration |  |  |  | Decoration drawn over an icon
    I com.apple.icon-decoration-position |  |  |  | Placement of an icon decoration
    I com.apple.icon-decoration-position.center | com.apple.icon-decoration-position\
     |  |  | Decoration placed at icon center
    I com.apple.icon-decoration-position.leading-bottom | com.apple.icon-decoration-position\
     |  |  | Decoration at bottom leading corner
    I com.apple.icon-decoration-position.trailing-bottom | com.apple.icon-decoration-position\
     |  |  | Decoration at bottom trailing corner
    I com.apple.icon-decoration-position.overlay | com.apple.icon-decoration-position\
     |  |  | Decoration covering the whole icon
    I com.apple.icon-decoration.badge\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration\
     |  |  | Badge drawn on an icon
    I com.apple.icon-decoration.emboss\
     | com.apple.icon-decoration-position.center com.apple.icon-decoration\
     |  |  | Embossed icon decoration
    I com.apple.icon-decoration.system | com.apple.icon-decoration\
     |  |  | Decoration supplied by the system
    I com.apple.icon-decoration.system.unsupported | com.apple.icon-decoration.system\
     |  |  | Decoration marking unsupported items
    I com.apple.icon-decoration.system.caution-alert | com.apple.icon-decoration.system\
     |  |  | Caution sign decoration for icons
    I com.apple.icon-decoration.system.alias | com.apple.icon-decoration.system\
     |  |  | Alias arrow decoration for icons
    I com.apple.icon-decoration.system.new-folder | com.apple.icon-decoration.system\
     |  |  | New folder decoration for icons
    I com.apple.icon-decoration.badge.locked\
     | com.apple.icon-decoration-position.leading-bottom com.apple.icon-decoration.system\
     |  |  | Badge for a locked item
    I com.apple.icon-decoration.badge.checkmark\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Checkmark badge
    I com.apple.icon-decoration.badge.comments\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Badge for items with comments
    I com.apple.icon-decoration.badge.drop-folder\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Badge for a drop box folder
    I com.apple.icon-decoration.badge.heart\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Heart badge
    I com.apple.icon-decoration.badge.in-review\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Badge for items under review
    I com.apple.icon-decoration.badge.locked-by-collaborator\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Badge for a collaborator's lock
    I com.apple.icon-decoration.badge.locked-by-user\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Badge for the user's own lock
    I com.apple.icon-decoration.badge.pinned\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Badge for a pinned item
    I com.apple.icon-decoration.badge.private-folder\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Badge for a private folder
    I com.apple.icon-decoration.badge.syncing\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Badge for a sync in progress
    I com.apple.icon-decoration.badge.trending\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Badge for a trending item
    I com.apple.icon-decoration.badge.warning\
     | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge\
     |  |  | Warning sign badge
    I com.apple.document-type | public.item |  |  | Icon-only system document type
    I com.apple.document-type.dictionary | com.apple.document-type\
     |  |  | Icon type for dictionaries
    I com.apple.accounts-icon | com.apple.document-type |  |  | Icon for user accounts
    I com.apple.legacy.actions-icon | com.apple.document-type |  |  | Legacy icon for actions
    I com.apple.everyone-icon | com.apple.document-type |  |  | Icon for everyone (all users)
    I com.apple.legacy.general-icon | com.apple.document-type |  |  | Legacy general settings icon
    I com.apple.legacy.sidebar-prefs-icon | com.apple.document-type\
     |  |  | Legacy sidebar settings icon
    I com.apple.legacy.toolbar-advanced-icon | com.apple.document-type\
     |  |  | Legacy advanced settings toolbar icon
    I com.apple.legacy.toolbar-info-icon | com.apple.document-type |  |  | Legacy info toolbar icon
    I com.apple.legacy.toolbar-labels-icon | com.apple.document-type\
     |  |  | Legacy labels toolbar icon
    I com.apple.legacy.clock-icon | com.apple.document-type |  |  | Legacy icon of a clock
    I com.apple.legacy.synchronize | com.apple.document-type |  |  | Legacy sync icon
    I com.apple.icon-overlay.new-folder-badge | com.apple.document-type\
     |  |  | Overlay badge for a new folder
    I com.apple.legacy.finder-icon | com.apple.document-type |  |  | Legacy Finder icon
    I com.apple.unknown-object | com.apple.document-type |  |  | Icon for an unknown item
    I com.apple.not-loaded | com.apple.document-type |  |  | Icon for an item not yet loaded
    I com.apple.legacy.window | com.apple.document-type |  |  | Legacy window icon
    I com.apple.legacy.question-mark | com.apple.document-type |  |  | Legacy question mark icon
    I com.apple.legacy.eject-media | com.apple.document-type |  |  | Legacy eject icon
    I com.apple.legacy.burn | com.apple.document-type |  |  | Legacy disc burning icon
    I com.apple.legacy.customize-toolbar | com.apple.document-type\
     |  |  | Legacy toolbar customization icon
    I com.apple.legacy.delete-toolbar | com.apple.document-type |  |  | Legacy toolbar removal icon
    I com.apple.legacy.right-container-arrow | com.apple.document-type\
     |  |  | Legacy right-pointing container arrow
    I com.apple.icon-overlay.drop-folder-badge | com.apple.document-type\
     |  |  | Overlay badge for a drop box folder
    I com.apple.icon-overlay.private-folder-badge | com.apple.document-type\
     |  |  | Overlay badge for a private folder
    I com.apple.icon-overlay.private-folder | com.apple.document-type\
     |  |  | Overlay icon for a private folder
    I com.apple.legacy.open-folder | com.apple.document-type |  |  | Legacy opened folder icon
    I com.apple.legacy.favorite-items | com.apple.document-type |  |  | Legacy favorites icon
    I com.apple.legacy.locked | com.apple.document-type |  |  | Legacy closed padlock icon
    I com.apple.legacy.unlocked | com.apple.document-type |  |  | Legacy open padlock icon
    I com.apple.legacy.no-write | com.apple.document-type |  |  | Legacy read-only icon
    I com.apple.legacy.keep-arranged | com.apple.document-type |  |  | Legacy keep arranged icon
    I com.apple.legacy.grid | com.apple.document-type |  |  | Legacy grid layout icon
    I com.apple.legacy.connect-to | com.apple.document-type |  |  | Legacy connect to server icon
    I com.apple.legacy.backward-arrow | com.apple.document-type |  |  | Legacy back arrow icon
    I com.apple.legacy.forward-arrow | com.apple.document-type |  |  | Legacy forward arrow icon
    I com.apple.icon-overlay.locked-badge | com.apple.document-type\
     |  |  | Overlay badge for a locked item
    I com.apple.icon-overlay.alias-badge | com.apple.document-type\
     |  |  | Overlay badge for an alias
    I com.apple.icon-overlay.alert-caution-badge | com.apple.document-type\
     |  |  | Overlay badge with a caution sign
    I com.apple.icon-overlay.unsupported-badge | com.apple.document-type\
     |  |  | Overlay badge for an unsupported item
    I com.apple.legacy.magnifying-glass | com.apple.document-type |  |  | Legacy magnifier icon
    I com.apple.legacy.erasing | com.apple.document-type |  |  | Legacy erase icon
    I com.apple.legacy.multiple-items | com.apple.document-type |  |  | Legacy multiple items icon
    """
}
