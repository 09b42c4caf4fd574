extension SystemCatalogue {
  /// Types in Apple's `com.apple` domain.
  static let appleTypes = """
    E com.apple.application | public.executable |  |  |
    E com.apple.csstore | public.data public.database | csstore |  |
    E com.apple.iCloud | public.item |  |  |
    E com.apple.reality | public.data | reality | model/vnd.reality |
    E com.apple.scenekit.scene | public.data public.3d-content | scn scnz |  |
    E com.apple.arobject | public.data | arobject |  |
    E com.apple.ical.vcs | public.text public.item public.calendar-event | vcs vcal | text/x-vcalendar |
    E com.apple.ical.ics | public.text public.item public.calendar-event | ics | text/calendar |
    E com.apple.shazamsignature | public.data | shazamsignature |  |
    E com.apple.shazamcatalog | public.data | shazamcatalog |  |
    E com.apple.traditional-mac-plain-text | public.plain-text |  |  |
    E com.apple.log | public.plain-text public.log | log |  |
    E com.apple.shutdownStall | public.utf8-plain-text public.log | shutdownStall |  |
    E com.apple.gpuRestart | public.utf8-plain-text public.log | gpuRestart |  |
    E com.apple.crashreport | public.utf8-plain-text public.log | crash |  |
    E com.apple.hangreport | public.utf8-plain-text public.log | hang |  |
    E com.apple.spinreport | public.utf8-plain-text public.log | spin |  |
    E com.apple.panicreport | public.utf8-plain-text public.log | panic |  |
    E com.apple.ktrace | public.data public.log | ktrace |  |
    E com.apple.ostype | public.text |  |  |
    E com.apple.nspboard-type | public.text |  |  |
    E com.apple.device-model-code | public.text |  |  |
    E com.apple.pasteboard.promised-file-url |  |  |  |
    E com.apple.pasteboard.promised-file-content-type |  |  |  |
    E com.apple.cocoa.pasteboard.color | public.data |  |  |
    E com.apple.cocoa.pasteboard.sound | public.data |  |  |
    E com.apple.cocoa.pasteboard.character-formatting | public.data |  |  |
    E com.apple.cocoa.pasteboard.paragraph-formatting | public.data |  |  |
    E com.apple.cocoa.pasteboard.multiple-text-selection | public.data |  |  |
    E com.apple.cocoa.pasteboard.find-panel-search-options | public.data |  |  |
    E com.apple.mapkit.map-item | public.data |  |  |
    E com.apple.resolvable |  |  |  |
    E com.apple.mount-point | public.item com.apple.resolvable |  |  |
    E com.apple.bookmark | public.data com.apple.resolvable |  |  |
    E com.apple.alias-file | public.data com.apple.resolvable |  |  |
    E com.apple.alias-record | public.data com.apple.resolvable |  |  |
    E com.apple.icloud-file-fault | public.data | icloud |  |
    E com.apple.finder.clipping | public.data |  |  |
    E com.apple.finder.sound-clipping | com.apple.finder.clipping | sndClipping |  |
    E com.apple.finder.textclipping | com.apple.finder.clipping | textclipping |  |
    E com.apple.finder.pictclipping | com.apple.finder.clipping public.image | pictclipping |  |
    E com.apple.finder.burn-folder | public.folder | fpbf |  |
    E com.apple.iconset | public.folder | iconset |  |
    E com.apple.finder.smart-folder | public.data | savedSearch |  |
    E com.apple.finder.recent-items | com.apple.finder.smart-folder |  |  |
    E com.apple.mach-o-binary | public.unix-executable |  |  |
    E com.apple.mach-o-object | com.apple.mach-o-binary |  |  |
    E com.apple.mach-o-executable | com.apple.mach-o-binary |  |  |
    E com.apple.x11-mach-o-executable | com.apple.mach-o-binary |  |  |
    E com.apple.mach-o-core | com.apple.mach-o-binary |  |  |
    E com.apple.mach-o-dylib | com.apple.mach-o-binary | dylib |  |
    E com.apple.mach-o-bundle | com.apple.mach-o-binary |  |  |
    E com.apple.pef-binary | public.data public.executable |  |  |
    E com.apple.quartz-composer-composition | public.data public.executable | qtz | application/x-quartzcomposer |
    E com.apple.bom-archive | public.archive |  |  |
    E com.apple.binhex-archive | public.data public.archive | hqx | application/mac-binhex40 application/mac-binhex application/binhex |
    E com.apple.macbinary-archive | public.data public.archive | bin | application/macbinary application/x-macbinary |
    E com.apple.applesingle-archive | public.data public.archive | as |  |
    E com.apple.bom-compressed-cpio | public.data com.apple.bom-archive | cpgz |  |
    E com.apple.xar-archive | public.data public.archive | xar |  |
    E com.apple.xip-archive | com.apple.xar-archive | xip |  |
    E com.apple.installer-package-archive | public.data public.archive | pkg mpkg |  |
    E com.apple.archive | public.data public.archive | aar yaa |  |
    E com.apple.encrypted-archive | public.data public.archive | aea |  |
    E com.apple.internet-location | public.stored-url public.data |  |  |
    E com.apple.web-internet-location | com.apple.internet-location | webloc |  |
    E com.apple.vnc-internet-location | com.apple.internet-location | vncloc |  |
    E com.apple.mail-internet-location | com.apple.internet-location | mailloc |  |
    E com.apple.afp-internet-location | com.apple.internet-location | afploc |  |
    E com.apple.file-internet-location | com.apple.internet-location | fileloc |  |
    E com.apple.ftp-internet-location | com.apple.internet-location | ftploc |  |
    E com.apple.news-internet-location | com.apple.internet-location | newsloc |  |
    E com.apple.generic-internet-location | com.apple.internet-location | inetloc |  |
    E com.apple.itunes.store-url | public.url | itms |  |
    E com.apple.generic-stationery | public.data |  |  |
    E com.apple.property-list | public.data | plist |  |
    E com.apple.xml-property-list | public.xml com.apple.property-list | plist |  |
    E com.apple.binary-property-list | com.apple.property-list | plist |  |
    E com.apple.ascii-property-list | public.text com.apple.property-list | plist |  |
    E com.apple.iig-source | public.c-source | iig |  |
    E com.apple.rez-source | public.source-code | r |  |
    E com.apple.symbol-export | public.source-code | exp |  |
    E com.apple.xcode.dsym | com.apple.package | dsym |  |
    E com.apple.live-photo |  |  |  |
    E com.apple.private.live-photo-bundle | com.apple.live-photo com.apple.bundle com.apple.package | pvt |  |
    E com.apple.pict | public.image | pict pct pic | image/pict image/x-pict image/x-macpict |
    E com.apple.macpaint-image | public.image | pntg |  |
    E com.apple.quicktime-image | public.image | qtif qti | image/x-quicktime |
    E com.apple.icns | public.image | icns |  |
    E com.apple.quicktime-movie | public.movie | mov qt | video/quicktime |
    E com.apple.m4v-video | public.mpeg-4 | m4v | video/x-m4v |
    E com.apple.protected-mpeg-4-video | com.apple.m4v-video |  |  |
    E com.apple.audio-unit-preset | com.apple.xml-property-list | aupreset |  |
    E com.apple.m4a-audio | public.mpeg-4-audio | m4a | audio/x-m4a |
    E com.apple.mpeg-4-ringtone | public.mpeg-4-audio | m4r | audio/x-m4r |
    E com.apple.protected-mpeg-4-audio | public.audio | m4p |  |
    E com.apple.protected-mpeg-4-audio-b | com.apple.protected-mpeg-4-audio | m4b |  |
    E com.apple.coreaudio-format | public.audio | caf |  |
    E com.apple.truetype-datafork-suitcase-font | public.truetype-font | dfont |  |
    E com.apple.font-suitcase | public.font | suit |  |
    E com.apple.profile-font-icon | public.item |  |  |
    E com.apple.applescript.text | public.script | applescript |  |
    E com.apple.applescript.script | public.data public.script | scpt |  |
    E com.apple.applescript.script-bundle | com.apple.bundle com.apple.package | scptd |  |
    E com.apple.scripting-definition | public.xml | sdef |  |
    E com.apple.drop-folder | public.folder |  |  |
    E com.apple.applications-folder | public.folder |  |  |
    E com.apple.server-applications-folder | public.folder |  |  |
    E com.apple.library-folder | public.folder |  |  |
    E com.apple.document-type.system-folder | public.folder |  |  |
    E com.apple.trash-empty | public.folder |  |  |
    E com.apple.trash-full | public.folder |  |  |
    E com.apple.sites-folder | public.folder |  |  |
    E com.apple.groups-folder | public.folder |  |  |
    E com.apple.servers-folder | public.folder |  |  |
    E com.apple.desktop-folder | public.folder |  |  |
    E com.apple.documents-folder | public.folder |  |  |
    E com.apple.downloads-folder | public.folder |  |  |
    E com.apple.movie-folder | public.folder |  |  |
    E com.apple.music-folder | public.folder |  |  |
    E com.apple.pictures-folder | public.folder |  |  |
    E com.apple.public-folder | public.folder |  |  |
    E com.apple.home-folder | public.folder |  |  |
    E com.apple.developer-folder | public.folder |  |  |
    E com.apple.users-folder | public.folder |  |  |
    E com.apple.utilities-folder | public.folder |  |  |
    E com.apple.network-neighborhood |  |  |  |
    E com.apple.dot-mac |  |  |  |
    E com.apple.idisk |  |  |  |
    E com.apple.user-idisk |  |  |  |
    E com.apple.package | public.directory |  |  |
    E com.apple.bundle | public.directory |  |  |
    E com.apple.generic-bundle | com.apple.bundle com.apple.package | bundle |  |
    E com.apple.systempreference.prefpane | com.apple.package com.apple.bundle | prefPane |  |
    E com.apple.systempreference.screen-saver | com.apple.package com.apple.bundle | saver |  |
    E com.apple.systempreference.screen-slide-saver | com.apple.package com.apple.bundle | slideSaver |  |
    E com.apple.menu-extra | com.apple.package com.apple.bundle | menu |  |
    E com.apple.localizable-name-bundle | com.apple.bundle |  |  |
    E com.apple.framework | com.apple.bundle | framework |  |
    E com.apple.application-bundle | com.apple.application com.apple.localizable-name-bundle com.apple.package | app |  |
    E com.apple.application-file | com.apple.application public.data | app |  |
    E com.apple.deprecated-application-file | com.apple.application-file |  |  |
    E com.apple.flat-rtfd | public.data public.composite-content |  |  |
    E com.apple.installer-package | com.apple.bundle com.apple.package | pkg |  |
    E com.apple.installer-distribution-package | com.apple.bundle com.apple.package | dist distz |  |
    E com.apple.installer-meta-package | com.apple.bundle com.apple.package | mpkg |  |
    E com.apple.intelligentsuggestions.assets | com.apple.bundle com.apple.package | suggestionsassets |  |
    E com.apple.rtfd | com.apple.package public.composite-content | rtfd |  |
    E com.apple.application-placeholder | com.apple.application-bundle | placeholder |  |
    E com.apple.service-application | com.apple.application-bundle | service |  |
    E com.apple.plugin | com.apple.bundle com.apple.package | plugin |  |
    E com.apple.xpc-service | com.apple.bundle com.apple.package | xpc |  |
    E com.apple.kernel-extension | com.apple.bundle com.apple.package | kext |  |
    E com.apple.application-and-system-extension | com.apple.xpc-service | appex |  |
    E com.apple.pluginkit | com.apple.bundle com.apple.package | pluginkit |  |
    E com.apple.webkit-plugin | com.apple.plugin | webplugin |  |
    E com.apple.metadata-importer | com.apple.plugin | mdimporter |  |
    E com.apple.quicklook-generator | com.apple.plugin | qlgenerator |  |
    E com.apple.dashboard-widget | com.apple.localizable-name-bundle com.apple.package | wdgt |  |
    E com.apple.driver-extension | com.apple.localizable-name-bundle com.apple.package | dext |  |
    E com.apple.system-extension | com.apple.localizable-name-bundle com.apple.package | systemextension |  |
    E com.apple.ppp-plug-in | com.apple.plugin | ppp |  |
    E com.apple.file-system-plug-in | com.apple.plugin | fs |  |
    E com.apple.data-container | public.folder com.apple.localizable-name-bundle |  |  |
    E com.apple.alert |  |  |  |
    E com.apple.alert-note | com.apple.alert |  |  |
    E com.apple.alert-caution | com.apple.alert |  |  |
    E com.apple.alert-stop | com.apple.alert |  |  |
    E com.apple.webarchive | public.data public.composite-content | webarchive | application/x-webarchive |
    E com.apple.localized-pdf-bundle | com.apple.localizable-name-bundle com.apple.package public.composite-content | lpdf |  |
    E com.apple.txn.text-multimedia-data | public.data public.composite-content |  |  |
    E com.apple.colorsync-profile | public.data | icc icm pf |  |
    E com.apple.profile-background-color | public.data |  |  |
    E com.apple.profile-font-and-color | public.data |  |  |
    E com.apple.color-file | public.data | clr ccl |  |
    E com.apple.ink.inktext | public.data |  |  |
    E com.apple.mobileconfig | public.xml | mobileconfig mobile | application/x-apple-aspen-config |
    E com.apple.provisionprofile | public.xml | provisionprofile |  |
    E com.apple.configprofile | public.xml | configprofile |  |
    E com.apple.user |  |  |  |
    E com.apple.guest-user | com.apple.user |  |  |
    E com.apple.help-document | public.data |  |  |
    E com.apple.user-group |  |  |  |
    E com.apple.user-unknown |  |  |  |
    E com.apple.airdrop |  |  |  |
    E com.apple.bonjour |  |  |  |
    E com.apple.notifications |  |  |  |
    E com.apple.mobileprovision | public.data | mobileprovision | application/x-apple-aspen-mobileprovision |
    E com.apple.pkpass | com.apple.bundle com.apple.package | pkpass | application/vnd.apple.pkpass |
    E com.apple.pkpass-data | public.data | pkpass |  |
    E com.apple.pkpasses-data | public.data | pkpasses | application/vnd.apple.pkpasses |
    E com.apple.watchface | public.data public.content | watchface |  |
    E com.apple.device | public.device |  |  |
    E com.apple.ios-device | com.apple.device |  |  |
    E com.apple.homepod | com.apple.ios-device public.speaker |  |  |
    E com.apple.ios-simulator | com.apple.ios-device |  |  |
    E com.apple.legacy-ipod | com.apple.device |  |  |
    E com.apple.ipod-shuffle | com.apple.legacy-ipod |  |  |
    E com.apple.ipod-shuffle-gen1 | com.apple.ipod-shuffle |  |  |
    E com.apple.ipod-shuffle-gen2 | com.apple.ipod-shuffle |  |  |
    E com.apple.ipod-shuffle-gen3 | com.apple.ipod-shuffle |  |  |
    E com.apple.ipod-shuffle-gen4 | com.apple.ipod-shuffle |  |  |
    E com.apple.ipod-nano | com.apple.legacy-ipod |  |  |
    E com.apple.ipod-mini | com.apple.legacy-ipod |  |  |
    E com.apple.ipod-classic | com.apple.legacy-ipod |  |  |
    E com.apple.cinema-display | public.display |  |  |
    E com.apple.led-cinema-display-24 | public.display |  |  |
    E com.apple.led-cinema-display-27 | public.display |  |  |
    E com.apple.pro-display-xdr | public.display |  |  |
    E com.apple.storage-external | public.storage |  |  |
    E com.apple.generic-time-machine-disk | public.storage |  |  |
    E com.apple.storage-netboot | public.storage |  |  |
    E com.apple.file-server | public.storage |  |  |
    E com.apple.storage-internal | public.storage |  |  |
    E com.apple.storage-removable | public.storage |  |  |
    E com.apple.file-vault |  |  |  |
    E com.apple.generic-airdisk | public.storage |  |  |
    E com.apple.structured-text | public.plain-text |  |  |
    E com.apple.structured-text.date | com.apple.structured-text |  |  |
    E com.apple.structured-text.address | com.apple.structured-text |  |  |
    E com.apple.structured-text.telephone-number | com.apple.structured-text |  |  |
    E com.apple.structured-text.transit-information | com.apple.structured-text |  |  |
    E com.apple.active-webpage |  |  |  |
    I com.apple.keynote.key | com.apple.package public.presentation |  |  |
    I com.apple.keynote.kth | com.apple.package public.presentation |  |  |
    I com.apple.iWork.Keynote.key | com.apple.package public.presentation com.apple.keynote.key | key |  |
    I com.apple.iWork.Keynote.key-tef | com.apple.package public.presentation com.apple.keynote.key | key-tef |  |
    I com.apple.iWork.Keynote.sffkey | public.data public.presentation | key | application/x-iwork-keynote-sffkey |
    I com.apple.iWork.Keynote.kth | com.apple.package public.presentation com.apple.keynote.kth | kth |  |
    I com.apple.iWork.Keynote.sffkth | public.data public.presentation | kth | application/x-iwork-keynote-sffkth |
    I com.apple.iWork.Pages.pages | com.apple.package public.composite-content | pages |  |
    I com.apple.iWork.Pages.pages-tef | com.apple.package public.composite-content | pages-tef |  |
    I com.apple.iWork.Pages.sffpages | public.data public.composite-content | pages | application/x-iwork-pages-sffpages |
    I com.apple.iWork.Pages.template | com.apple.package public.composite-content | template |  |
    I com.apple.iWork.Pages.sfftemplate | public.data public.composite-content | template | application/x-iwork-pages-sfftemplate |
    I com.apple.iWork.Numbers.numbers | com.apple.package public.composite-content public.spreadsheet | numbers |  |
    I com.apple.iWork.Numbers.numbers-tef | com.apple.package public.composite-content public.spreadsheet | numbers-tef |  |
    I com.apple.iWork.Numbers.sffnumbers | public.data public.composite-content public.spreadsheet | numbers | application/x-iwork-numbers-sffnumbers |
    I com.apple.iWork.Numbers.template | com.apple.package public.composite-content public.spreadsheet | nmbtemplate |  |
    I com.apple.iWork.Numbers.sfftemplate | public.data public.composite-content public.spreadsheet | nmbtemplate | application/x-iwork-numbers-sfftemplate |
    I com.apple.garageband.project | com.apple.package public.audiovisual-content | band gbProj |  |
    I com.apple.drawing | public.image | drawing |  |
    I com.apple.iMovieLibrary | com.apple.package | imovielibrary |  |
    I com.apple.iMovieTheater | com.apple.package | theater |  |
    I com.apple.haptics.ahap | public.haptics-content public.json | ahap |  |
    I com.apple.coreml.model | public.data | mlmodel mlkitmodel |  |
    I com.apple.coreml.mlpackage | com.apple.package | mlpackage |  |
    I com.apple.groupactivities.activity | public.data | groupactivity |  |
    I com.apple.icon-decoration |  |  |  |
    I com.apple.icon-decoration-position |  |  |  |
    I com.apple.icon-decoration-position.center | com.apple.icon-decoration-position |  |  |
    I com.apple.icon-decoration-position.leading-bottom | com.apple.icon-decoration-position |  |  |
    I com.apple.icon-decoration-position.trailing-bottom | com.apple.icon-decoration-position |  |  |
    I com.apple.icon-decoration-position.overlay | com.apple.icon-decoration-position |  |  |
    I com.apple.icon-decoration.badge | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration |  |  |
    I com.apple.icon-decoration.emboss | com.apple.icon-decoration-position.center com.apple.icon-decoration |  |  |
    I com.apple.icon-decoration.system | com.apple.icon-decoration |  |  |
    I com.apple.icon-decoration.system.unsupported | com.apple.icon-decoration.system |  |  |
    I com.apple.icon-decoration.system.caution-alert | com.apple.icon-decoration.system |  |  |
    I com.apple.icon-decoration.system.alias | com.apple.icon-decoration.system |  |  |
    I com.apple.icon-decoration.system.new-folder | com.apple.icon-decoration.system |  |  |
    I com.apple.icon-decoration.badge.locked | com.apple.icon-decoration-position.leading-bottom com.apple.icon-decoration.system |  |  |
    I com.apple.icon-decoration.badge.checkmark | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.comments | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.drop-folder | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.heart | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.in-review | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.locked-by-collaborator | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.locked-by-user | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.pinned | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.private-folder | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.syncing | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.trending | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.icon-decoration.badge.warning | com.apple.icon-decoration-position.trailing-bottom com.apple.icon-decoration.badge |  |  |
    I com.apple.document-type | public.item |  |  |
    I com.apple.document-type.dictionary | com.apple.document-type |  |  |
    I com.apple.accounts-icon | com.apple.document-type |  |  |
    I com.apple.legacy.actions-icon | com.apple.document-type |  |  |
    I com.apple.everyone-icon | com.apple.document-type |  |  |
    I com.apple.legacy.general-icon | com.apple.document-type |  |  |
    I com.apple.legacy.sidebar-prefs-icon | com.apple.document-type |  |  |
    I com.apple.legacy.toolbar-advanced-icon | com.apple.document-type |  |  |
    I com.apple.legacy.toolbar-info-icon | com.apple.document-type |  |  |
    I com.apple.legacy.toolbar-labels-icon | com.apple.document-type |  |  |
    I com.apple.legacy.clock-icon | com.apple.document-type |  |  |
    I com.apple.legacy.synchronize | com.apple.document-type |  |  |
    I com.apple.icon-overlay.new-folder-badge | com.apple.document-type |  |  |
    I com.apple.legacy.finder-icon | com.apple.document-type |  |  |
    I com.apple.unknown-object | com.apple.document-type |  |  |
    I com.apple.not-loaded | com.apple.document-type |  |  |
    I com.apple.legacy.window | com.apple.document-type |  |  |
    I com.apple.legacy.question-mark | com.apple.document-type |  |  |
    I com.apple.legacy.eject-media | com.apple.document-type |  |  |
    I com.apple.legacy.burn | com.apple.document-type |  |  |
    I com.apple.legacy.customize-toolbar | com.apple.document-type |  |  |
    I com.apple.legacy.delete-toolbar | com.apple.document-type |  |  |
    I com.apple.legacy.right-container-arrow | com.apple.document-type |  |  |
    I com.apple.icon-overlay.drop-folder-badge | com.apple.document-type |  |  |
    I com.apple.icon-overlay.private-folder-badge | com.apple.document-type |  |  |
    I com.apple.icon-overlay.private-folder | com.apple.document-type |  |  |
    I com.apple.legacy.open-folder | com.apple.document-type |  |  |
    I com.apple.legacy.favorite-items | com.apple.document-type |  |  |
    I com.apple.legacy.locked | com.apple.document-type |  |  |
    I com.apple.legacy.unlocked | com.apple.document-type |  |  |
    I com.apple.legacy.no-write | com.apple.document-type |  |  |
    I com.apple.legacy.keep-arranged | com.apple.document-type |  |  |
    I com.apple.legacy.grid | com.apple.document-type |  |  |
    I com.apple.legacy.connect-to | com.apple.document-type |  |  |
    I com.apple.legacy.backward-arrow | com.apple.document-type |  |  |
    I com.apple.legacy.forward-arrow | com.apple.document-type |  |  |
    I com.apple.icon-overlay.locked-badge | com.apple.document-type |  |  |
    I com.apple.icon-overlay.alias-badge | com.apple.document-type |  |  |
    I com.apple.icon-overlay.alert-caution-badge | com.apple.document-type |  |  |
    I com.apple.icon-overlay.unsupported-badge | com.apple.document-type |  |  |
    I com.apple.legacy.magnifying-glass | com.apple.document-type |  |  |
    I com.apple.legacy.erasing | com.apple.document-type |  |  |
    I com.apple.legacy.multiple-items | com.apple.document-type |  |  |
    """
}
