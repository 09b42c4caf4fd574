extension SystemCatalogue {
  /// Types in the reserved `public` domain.
  static let publicTypes = """
    E public.item |  |  |  |
    E public.data | public.item |  | application/octet-stream |
    E public.directory | public.item |  |  |
    E public.content |  |  |  |
    E public.composite-content | public.content |  |  |
    E public.named-pipe | public.item |  |  |
    E public.character-special | public.item |  |  |
    E public.block-special | public.item |  |  |
    E public.socket | public.item |  |  |
    E public.executable |  |  |  |
    E public.unix-executable | public.data public.executable |  |  |
    E public.archive |  |  |  |
    E public.bookmark |  |  |  |
    E public.database |  |  |  |
    E public.presentation | public.composite-content |  |  |
    E public.spreadsheet | public.content |  |  |
    E public.3d-content | public.content |  |  |
    E public.alembic | public.3d-content public.data | abc |  |
    E public.geometry-definition-format | public.3d-content public.text | obj |  |
    E public.standard-tesselated-geometry-format | public.3d-content public.data | stl |  |
    E public.polygon-file-format | public.3d-content public.data | ply |  |
    E public.message |  |  |  |
    E public.email-message | public.message |  |  |
    E public.to-do-item |  |  |  |
    E public.calendar-event |  |  |  |
    E public.contact |  |  |  |
    E public.vcard | public.text public.contact | vcf vcard | text/vcard text/directory text/x-vcard |
    E public.text | public.data public.content |  |  |
    E public.plain-text | public.text | txt text | text/plain |
    E public.utf8-plain-text | public.plain-text |  | text/plain;charset=utf-8 text/plain;charset="utf-8" |
    E public.utf16-external-plain-text | public.plain-text |  |  |
    E public.utf16-plain-text | public.plain-text |  | text/plain;charset=utf-16 text/plain;charset="utf-16" |
    E public.case-insensitive-text | public.text |  |  |
    E public.log | public.item |  |  |
    E public.filename-extension | public.case-insensitive-text |  |  |
    E public.mime-type | public.case-insensitive-text |  |  |
    E public.symlink | public.item com.apple.resolvable |  |  |
    E public.object-code | public.data public.executable | o |  |
    E public.elf-binary | public.data public.executable |  |  |
    E public.disk-image | public.archive |  |  |
    E public.tar-archive | org.gnu.gnu-tar-archive | tar | application/x-tar application/tar |
    E public.bzip2-archive | public.data public.archive | bz2 bz | application/x-bzip2 application/x-bzip application/bzip2 application/bzip application/x-bz2 |
    E public.tar-bzip2-archive | public.bzip2-archive | tbz2 tbz |  |
    E public.uuencoded-archive | public.data public.archive | uu | text/x-uuencode |
    E public.z-archive | public.data public.archive | z | application/x-compress |
    E public.cpio-archive | public.data public.archive | cpio pax |  |
    E public.zip-archive | com.pkware.zip-archive | zip | application/zip application/x-zip-compressed |
    E public.url | public.data |  |  |
    E public.file-url | public.url |  |  |
    E public.url-name | public.data |  |  |
    E public.stored-url |  |  |  |
    E public.delimited-values-text | public.text |  |  |
    E public.comma-separated-values-text | public.plain-text public.delimited-values-text | csv | text/csv text/comma-separated-values |
    E public.tab-separated-values-text | public.plain-text public.delimited-values-text | tsv | text/tab-separated-values |
    E public.utf8-tab-separated-values-text | public.tab-separated-values-text public.utf8-plain-text |  |  |
    E public.rtf | public.text | rtf | text/rtf |
    E public.html | public.text | html htm shtml shtm | text/html |
    E public.xml | public.text | xml | application/xml text/xml |
    E public.xhtml | public.xml | xhtml xhtm xht | application/xhtml+xml |
    E public.rss | public.xml | rss | application/rss+xml |
    E public.xfd | public.xml | xfd |  |
    E public.css | public.text | css | text/css |
    E public.patch-file | public.plain-text | patch diff |  |
    E public.json | public.text | json | application/json |
    E public.ndjson | public.text | ndjson | application/x-ndjson |
    E public.yaml | public.text | yml yaml | application/x-yaml |
    E public.source-code | public.plain-text |  |  |
    E public.source-code.preprocessed | public.source-code |  |  |
    E public.c-source | public.source-code | c |  |
    E public.c-source.preprocessed | public.c-source public.source-code.preprocessed | i |  |
    E public.objective-c-source | public.source-code | m |  |
    E public.objective-c-source.preprocessed | public.objective-c-source public.source-code.preprocessed | mi |  |
    E public.c-plus-plus-source | public.source-code | cp cpp c++ cc cxx |  |
    E public.c-plus-plus-source.preprocessed | public.c-plus-plus-source public.source-code.preprocessed | ii |  |
    E public.objective-c-plus-plus-source | public.source-code | mm |  |
    E public.objective-c-plus-plus-source.preprocessed | public.objective-c-plus-plus-source public.source-code.preprocessed | mii |  |
    E public.c-header | public.source-code | h |  |
    E public.precompiled-c-header | public.source-code | pch |  |
    E public.c-plus-plus-header | public.source-code | hh hp hpp hxx h++ ipp |  |
    E public.c-plus-plus-inline-header | public.c-plus-plus-header | inl |  |
    E public.precompiled-c-plus-plus-header | public.source-code | pch++ |  |
    E public.swift-source | public.source-code | swift |  |
    E public.script | public.source-code |  |  |
    E public.assembly-source | public.source-code | s |  |
    E public.lex-source | public.source-code | l lm lmm lpp lxx ll |  |
    E public.yacc-source | public.source-code | y ym ymm ypp yxx yy |  |
    E public.mig-source | public.source-code | defs mig |  |
    E public.fortran-source | public.source-code | f for |  |
    E public.fortran-77-source | public.fortran-source | f77 |  |
    E public.fortran-90-source | public.fortran-source | f90 |  |
    E public.fortran-95-source | public.fortran-source | f95 |  |
    E public.pascal-source | public.source-code | pas |  |
    E public.ada-source | public.source-code | ada adb ads |  |
    E public.dylan-source | public.source-code | dlyan lid |  |
    E public.shell-script | public.script | sh |  |
    E public.bash-script | public.shell-script | bash |  |
    E public.csh-script | public.shell-script | csh |  |
    E public.ksh-script | public.shell-script | ksh |  |
    E public.tcsh-script | public.shell-script | tcsh |  |
    E public.zsh-script | public.shell-script | zsh |  |
    E public.perl-script | public.shell-script | pl pm | text/x-perl-script |
    E public.python-script | public.shell-script | py | text/x-python-script |
    E public.ruby-script | public.shell-script | rb rbw | text/x-ruby-script |
    E public.php-script | public.shell-script | php php3 php4 ph3 ph4 phtml | text/php text/x-php-script application/php |
    E public.make-source | public.script | make mak gmk mk |  |
    E public.image | public.data public.content |  |  |
    E public.fax | public.image public.message |  |  |
    E public.camera-raw-image | public.image |  |  |
    E public.jpeg | public.image | jpeg jpg jpe | image/jpeg image/jpg |
    E public.jpeg-2000 | public.image | jp2 jpf jpx j2k j2c | image/jp2 |
    E public.tiff | public.image | tiff tif | image/tiff |
    E public.png | public.image | png | image/png |
    E public.svg-image | public.image public.xml | svg svgz | image/svg+xml |
    E public.xbitmap-image | public.image | xbm | image/x-xbitmap |
    E public.mpo-image | public.image | mpo |  |
    E public.audiovisual-content | public.data public.content |  |  |
    E public.movie | public.audiovisual-content |  |  |
    E public.video | public.movie |  |  |
    E public.audio | public.audiovisual-content |  |  |
    E public.mpeg | public.movie | mpg mpeg mpe m75 m15 | video/mpeg video/mpg video/x-mpeg video/x-mpg |
    E public.mpeg-2-video | public.video | m2v | video/mpeg2 video/mpeg2-video |
    E public.mpeg-4 | public.movie | mp4 mpg4 | video/mp4 video/mp4v-es |
    E public.dv-movie | public.movie | dv dif | video/x-dv |
    E public.avi | public.movie | avi vfw | video/avi video/msvideo video/x-msvideo |
    E public.3gpp | public.movie | 3gp 3gpp sdv | video/3gpp audio/3gpp |
    E public.3gpp2 | public.movie | 3g2 3gp2 | video/3gpp2 audio/3gpp2 |
    E public.flc-animation | public.movie | flc fli cel | video/flc |
    E public.mpeg-2-transport-stream | public.movie | ts |  |
    E public.audiovisual-content-collection |  |  |  |
    E public.avchd-collection | com.apple.package public.audiovisual-content-collection | avchd |  |
    E public.mp2 | public.audio | mp2 |  |
    E public.mp3 | public.audio | mp3 mpga | audio/mpeg audio/mpeg3 audio/mpg audio/mp3 audio/x-mpeg audio/x-mpeg3 audio/x-mpg audio/x-mp3 |
    E public.playlist |  |  |  |
    E public.m3u-playlist | public.plain-text public.playlist | m3u m3u8 | audio/mpegurl application/vnd.apple.mpegurl audio/x-mpegurl |
    E public.pls-playlist | public.text public.playlist | pls | audio/x-scpls |
    E public.mpeg-4-audio | public.audio | mp4 mpg4 | audio/mp4 audio/mp4a-latm |
    E public.ulaw-audio | public.audio | ul ulw ulaw |  |
    E public.au-audio | public.audio | au snd | audio/basic |
    E public.aifc-audio | public.audio | aifc |  |
    E public.aiff-audio | public.aifc-audio | aiff aif | audio/aiff audio/x-aiff |
    E public.cdda-audio | public.aifc-audio | cdda |  |
    E public.midi-audio | public.audio | midi mid smf kar | audio/midi audio/x-midi |
    E public.downloadable-sound | public.audio | dls | audio/dls |
    E public.ac3-audio | public.audio | ac3 | audio/ac3 |
    E public.enhanced-ac3-audio | public.audio | eac3 ec3 | audio/eac3 |
    E public.aac-audio | public.audio | aac adts | audio/aac audio/x-aac |
    E public.font | public.data |  |  |
    E public.truetype-font | public.font |  |  |
    E public.opentype-font | public.font | otf | font/otf |
    E public.opentype-collection-font | public.opentype-font | otc |  |
    E public.truetype-ttf-font | public.truetype-font | ttf | font/ttf |
    E public.truetype-collection-font | public.truetype-font | ttc |  |
    E public.folder | public.directory |  |  |
    E public.volume | public.folder |  |  |
    E public.file-sharepoint |  |  |  |
    E public.x509-certificate | public.data | cer der crt pem | application/x-x509-ca-cert |
    E public.device |  |  |  |
    E public.display |  |  |  |
    E public.speaker |  |  |  |
    E public.computer | public.device |  |  |
    E public.storage |  |  |  |
    E public.optical-storage-media | public.storage |  |  |
    E public.cd-based-media | public.optical-storage-media |  |  |
    E public.cd-media | public.cd-based-media |  |  |
    E public.cd-r-media | public.cd-based-media |  |  |
    E public.cd-rw-media | public.cd-based-media |  |  |
    E public.dvd-based-media | public.optical-storage-media |  |  |
    E public.dvd-media | public.dvd-based-media |  |  |
    E public.dvd-r-media | public.dvd-based-media |  |  |
    E public.dvd-rw-media | public.dvd-based-media |  |  |
    E public.dvd-ram-media | public.dvd-based-media |  |  |
    E public.dvd-plus-r-media | public.dvd-based-media |  |  |
    E public.dvd-plus-rw-media | public.dvd-based-media |  |  |
    E public.hd-dvd-based-media | public.optical-storage-media |  |  |
    E public.hd-dvd-media | public.hd-dvd-based-media |  |  |
    E public.hd-dvd-r-media | public.hd-dvd-based-media |  |  |
    E public.hd-dvd-rw-media | public.hd-dvd-based-media |  |  |
    E public.hd-dvd-ram-media | public.hd-dvd-based-media |  |  |
    E public.app-category |  |  |  |
    E public.app-category.business | public.app-category |  |  |
    E public.app-category.developer-tools | public.app-category |  |  |
    E public.app-category.education | public.app-category |  |  |
    E public.app-category.entertainment | public.app-category |  |  |
    E public.app-category.finance | public.app-category |  |  |
    E public.app-category.games | public.app-category |  |  |
    E public.app-category.action-games | public.app-category.games |  |  |
    E public.app-category.adventure-games | public.app-category.games |  |  |
    E public.app-category.arcade-games | public.app-category.games |  |  |
    E public.app-category.board-games | public.app-category.games |  |  |
    E public.app-category.card-games | public.app-category.games |  |  |
    E public.app-category.casino-games | public.app-category.games |  |  |
    E public.app-category.dice-games | public.app-category.games |  |  |
    E public.app-category.educational-games | public.app-category.games |  |  |
    E public.app-category.family-games | public.app-category.games |  |  |
    E public.app-category.kids-games | public.app-category.games |  |  |
    E public.app-category.music-games | public.app-category.games |  |  |
    E public.app-category.puzzle-games | public.app-category.games |  |  |
    E public.app-category.racing-games | public.app-category.games |  |  |
    E public.app-category.role-playing-games | public.app-category.games |  |  |
    E public.app-category.simulation-games | public.app-category.games |  |  |
    E public.app-category.sports-games | public.app-category.games |  |  |
    E public.app-category.strategy-games | public.app-category.games |  |  |
    E public.app-category.trivia-games | public.app-category.games |  |  |
    E public.app-category.word-games | public.app-category.games |  |  |
    E public.app-category.graphics-design | public.app-category |  |  |
    E public.app-category.healthcare-fitness | public.app-category |  |  |
    E public.app-category.lifestyle | public.app-category |  |  |
    E public.app-category.medical | public.app-category |  |  |
    E public.app-category.music | public.app-category |  |  |
    E public.app-category.news | public.app-category |  |  |
    E public.app-category.photography | public.app-category |  |  |
    E public.app-category.productivity | public.app-category |  |  |
    E public.app-category.reference | public.app-category |  |  |
    E public.app-category.social-networking | public.app-category |  |  |
    E public.app-category.sports | public.app-category |  |  |
    E public.app-category.travel | public.app-category |  |  |
    E public.app-category.utilities | public.app-category |  |  |
    E public.app-category.video | public.app-category |  |  |
    E public.app-category.weather | public.app-category |  |  |
    E public.app-category.bookmarks | public.app-category |  |  |
    E public.app-category.books | public.app-category |  |  |
    E public.app-category.navigation | public.app-category |  |  |
    E public.app-category.photography-and-video | public.app-category.photography public.app-category.video |  |  |
    E public.app-category.food-and-drink | public.app-category |  |  |
    E public.app-category.shopping | public.app-category |  |  |
    E public.app-category.magazines-and-newspapers | public.app-category |  |  |
    I public.ofd | public.data public.composite-content | ofd | application/ofd |
    I public.heif-standard | public.image |  |  |
    I public.heif | public.heif-standard | heif hif | image/heif |
    I public.heic | public.heif-standard | heic | image/heic |
    I public.avci | public.heif-standard | avci | image/avci |
    I public.heifs | public.heif-standard | heifs | image/heif-sequence |
    I public.heics | public.heif-standard | heics | image/heic-sequence |
    I public.avcs | public.heif-standard | avcs | image/avcs |
    I public.mp4a-loas | public.audio | loas latm |  |
    I public.mp4a-latm | public.audio |  | audio/mp4a-latm |
    I public.haptics-content |  |  |  |
    """
}
