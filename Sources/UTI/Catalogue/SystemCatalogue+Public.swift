extension SystemCatalogue {
  /// Types in the reserved `public` domain.
  static let publicTypes = """
    E public.item |  |  |  | Base of the physical type tree
    E public.data | public.item |  | application/octet-stream | Byte stream, on disk or in memory
    E public.directory | public.item |  |  | File system directory
    E public.content |  |  |  | User-facing content of any kind
    E public.composite-content | public.content |  |  | Content mixing several media kinds
    E public.named-pipe | public.item |  |  | Named pipe (FIFO)
    E public.character-special | public.item |  |  | Character device file
    E public.block-special | public.item |  |  | Block device file
    E public.socket | public.item |  |  | Unix domain socket
    E public.executable |  |  |  | Anything that can be run
    E public.unix-executable | public.data public.executable\
     |  |  | Executable file for Unix systems
    E public.archive |  |  |  | Archive of files and folders
    E public.bookmark |  |  |  | Saved bookmark of any kind
    E public.database |  |  |  | Database of any kind
    E public.presentation | public.composite-content |  |  | Slide show presentation
    E public.spreadsheet | public.content |  |  | Spreadsheet document
    E public.3d-content | public.content |  |  | Three-dimensional content
    E public.alembic | public.3d-content public.data | abc |  | Alembic 3D scene cache
    E public.geometry-definition-format | public.3d-content public.text | obj\
     |  | Wavefront OBJ geometry file
    E public.standard-tesselated-geometry-format | public.3d-content public.data | stl\
     |  | STL triangle mesh file
    E public.polygon-file-format | public.3d-content public.data | ply |  | PLY polygon mesh file
    E public.message |  |  |  | Message of any kind
    E public.email-message | public.message |  |  | Internet mail message
    E public.to-do-item |  |  |  | Task on a to-do list
    E public.calendar-event |  |  |  | Entry in a calendar
    E public.contact |  |  |  | Contact details for a person or group
    E public.vcard | public.text public.contact | vcf vcard\
     | text/vcard text/directory text/x-vcard | Contact card in vCard format
    E public.text | public.data public.content |  |  | Text of any encoding or markup
    E public.plain-text | public.text | txt text | text/plain | Unformatted text
    E public.utf8-plain-text | public.plain-text\
     |  | text/plain;charset=utf-8 text/plain;charset="utf-8" | Unformatted text in UTF-8
    E public.utf16-external-plain-text | public.plain-text\
     |  |  | Unformatted UTF-16 text, big-endian by default
    E public.utf16-plain-text | public.plain-text\
     |  | text/plain;charset=utf-16 text/plain;charset="utf-16"\
     | Unformatted UTF-16 text in native byte order
    E public.case-insensitive-text | public.text |  |  | Text compared without regard to case
    E public.log | public.item |  |  | Log output of any kind
    E public.filename-extension | public.case-insensitive-text\
     |  |  | Tag naming a filename extension
    E public.mime-type | public.case-insensitive-text |  |  | Tag naming an internet media type
    E public.symlink | public.item com.apple.resolvable |  |  | Symbolic link in the file system
    E public.object-code | public.data public.executable | o |  | Compiled object code
    E public.elf-binary | public.data public.executable |  |  | ELF executable or library
    E public.disk-image | public.archive |  |  | Mountable disk image
    E public.tar-archive | org.gnu.gnu-tar-archive | tar | application/x-tar application/tar\
     | Unix tape archive (tar)
    E public.bzip2-archive | public.data public.archive | bz2 bz\
     | application/x-bzip2 application/x-bzip application/bzip2 application/bzip application/x-bz2\
     | File compressed with bzip2
    E public.tar-bzip2-archive | public.bzip2-archive | tbz2 tbz\
     |  | Tar archive compressed with bzip2
    E public.uuencoded-archive | public.data public.archive | uu | text/x-uuencode\
     | File encoded with uuencode
    E public.z-archive | public.data public.archive | z | application/x-compress\
     | File compressed with Unix compress
    E public.cpio-archive | public.data public.archive | cpio pax |  | Unix cpio archive
    E public.zip-archive | com.pkware.zip-archive | zip\
     | application/zip application/x-zip-compressed | ZIP archive (PKWARE)
    E public.url | public.data |  |  | Uniform resource locator
    E public.file-url | public.url |  |  | URL with the file scheme
    E public.url-name | public.data |  |  | Display title of a URL
    E public.stored-url |  |  |  | URL saved in a file
    E public.delimited-values-text | public.text |  |  | Text of delimiter-separated values
    E public.comma-separated-values-text | public.plain-text public.delimited-values-text | csv\
     | text/csv text/comma-separated-values | CSV table text
    E public.tab-separated-values-text | public.plain-text public.delimited-values-text | tsv\
     | text/tab-separated-values | TSV table text
    E public.utf8-tab-separated-values-text\
     | public.tab-separated-values-text public.utf8-plain-text |  |  | TSV table text in UTF-8
    E public.rtf | public.text | rtf | text/rtf | Rich Text Format document
    E public.html | public.text | html htm shtml shtm | text/html | HTML web page
    E public.xml | public.text | xml | application/xml text/xml | XML document
    E public.xhtml | public.xml | xhtml xhtm xht | application/xhtml+xml | Web page in XHTML
    E public.rss | public.xml | rss | application/rss+xml | RSS news feed
    E public.xfd | public.xml | xfd |  | XML form definition (XFD)
    E public.css | public.text | css | text/css | Cascading style sheet
    E public.patch-file | public.plain-text | patch diff |  | Text diff for patching files
    E public.json | public.text | json | application/json | JavaScript Object Notation data
    E public.ndjson | public.text | ndjson | application/x-ndjson | Newline-delimited JSON records
    E public.yaml | public.text | yml yaml | application/x-yaml | YAML document
    E public.source-code | public.plain-text |  |  | Source text of a program
    E public.source-code.preprocessed | public.source-code |  |  | Source code after preprocessing
    E public.c-source | public.source-code | c |  | C program source
    E public.c-source.preprocessed | public.c-source public.source-code.preprocessed | i\
     |  | C source after preprocessing
    E public.objective-c-source | public.source-code | m |  | Objective-C program source
    E public.objective-c-source.preprocessed\
     | public.objective-c-source public.source-code.preprocessed | mi\
     |  | Objective-C source after preprocessing
    E public.c-plus-plus-source | public.source-code | cp cpp c++ cc cxx |  | C++ program source
    E public.c-plus-plus-source.preprocessed\
     | public.c-plus-plus-source public.source-code.preprocessed | ii\
     |  | C++ source after preprocessing
    E public.objective-c-plus-plus-source | public.source-code | mm\
     |  | Objective-C++ program source
    E public.objective-c-plus-plus-source.preprocessed\
     | public.objective-c-plus-plus-source public.source-code.preprocessed | mii\
     |  | Objective-C++ source after preprocessing
    E public.c-header | public.source-code | h |  | C header file
    E public.precompiled-c-header | public.source-code | pch |  | C header in precompiled form
    E public.c-plus-plus-header | public.source-code | hh hp hpp hxx h++ ipp |  | C++ header file
    E public.c-plus-plus-inline-header | public.c-plus-plus-header | inl\
     |  | C++ header of inline definitions
    E public.precompiled-c-plus-plus-header | public.source-code | pch++\
     |  | C++ header in precompiled form
    E public.swift-source | public.source-code | swift |  | Swift program source
    E public.script | public.source-code |  |  | Script source in any language
    E public.assembly-source | public.source-code | s |  | Assembly language source
    E public.lex-source | public.source-code | l lm lmm lpp lxx ll |  | Lex scanner source
    E public.yacc-source | public.source-code | y ym ymm ypp yxx yy |  | Yacc grammar source
    E public.mig-source | public.source-code | defs mig |  | Mach interface generator definitions
    E public.fortran-source | public.source-code | f for |  | Fortran program source
    E public.fortran-77-source | public.fortran-source | f77 |  | Fortran 77 program source
    E public.fortran-90-source | public.fortran-source | f90 |  | Fortran 90 program source
    E public.fortran-95-source | public.fortran-source | f95 |  | Fortran 95 program source
    E public.pascal-source | public.source-code | pas |  | Pascal program source
    E public.ada-source | public.source-code | ada adb ads |  | Ada program source
    E public.dylan-source | public.source-code | dlyan lid |  | Dylan program source
    E public.shell-script | public.script | sh |  | Script for a Unix shell
    E public.bash-script | public.shell-script | bash |  | Script for the Bash shell
    E public.csh-script | public.shell-script | csh |  | Script for the C shell (csh)
    E public.ksh-script | public.shell-script | ksh |  | Script for the Korn shell (ksh)
    E public.tcsh-script | public.shell-script | tcsh |  | Script for the tcsh shell
    E public.zsh-script | public.shell-script | zsh |  | Script for the Z shell (zsh)
    E public.perl-script | public.shell-script | pl pm | text/x-perl-script | Perl program script
    E public.python-script | public.shell-script | py | text/x-python-script | Python program script
    E public.ruby-script | public.shell-script | rb rbw | text/x-ruby-script | Ruby program script
    E public.php-script | public.shell-script | php php3 php4 ph3 ph4 phtml\
     | text/php text/x-php-script application/php | PHP program script
    E public.make-source | public.script | make mak gmk mk |  | Makefile of build rules
    E public.image | public.data public.content |  |  | Image of any format
    E public.fax | public.image public.message |  |  | Fax document
    E public.camera-raw-image | public.image |  |  | Unprocessed camera sensor image
    E public.jpeg | public.image | jpeg jpg jpe | image/jpeg image/jpg | JPEG (JFIF/Exif) image
    E public.jpeg-2000 | public.image | jp2 jpf jpx j2k j2c | image/jp2 | JPEG 2000 wavelet image
    E public.tiff | public.image | tiff tif | image/tiff | TIFF raster image
    E public.png | public.image | png | image/png | Portable Network Graphics image
    E public.svg-image | public.image public.xml | svg svgz | image/svg+xml\
     | Scalable vector graphic (SVG)
    E public.xbitmap-image | public.image | xbm | image/x-xbitmap | X Window System bitmap
    E public.mpo-image | public.image | mpo |  | Multi-picture stereo image (MPO)
    E public.audiovisual-content | public.data public.content |  |  | Audio or video content
    E public.movie | public.audiovisual-content |  |  | Time-based media with picture or sound
    E public.video | public.movie |  |  | Moving pictures without sound
    E public.audio | public.audiovisual-content |  |  | Sound without pictures
    E public.mpeg | public.movie | mpg mpeg mpe m75 m15\
     | video/mpeg video/mpg video/x-mpeg video/x-mpg | MPEG-1 or MPEG-2 movie file
    E public.mpeg-2-video | public.video | m2v | video/mpeg2 video/mpeg2-video\
     | MPEG-2 elementary video stream
    E public.mpeg-4 | public.movie | mp4 mpg4 | video/mp4 video/mp4v-es | MPEG-4 Part 14 (MP4) movie
    E public.dv-movie | public.movie | dv dif | video/x-dv | Digital Video (DV) movie
    E public.avi | public.movie | avi vfw | video/avi video/msvideo video/x-msvideo\
     | Audio Video Interleave (AVI) movie
    E public.3gpp | public.movie | 3gp 3gpp sdv | video/3gpp audio/3gpp\
     | 3GPP mobile multimedia file
    E public.3gpp2 | public.movie | 3g2 3gp2 | video/3gpp2 audio/3gpp2\
     | 3GPP2 mobile multimedia file
    E public.flc-animation | public.movie | flc fli cel | video/flc | Autodesk FLIC animation
    E public.mpeg-2-transport-stream | public.movie | ts |  | MPEG-2 transport stream (TS)
    E public.audiovisual-content-collection |  |  |  | Collection of audio and video items
    E public.avchd-collection | com.apple.package public.audiovisual-content-collection | avchd\
     |  | AVCHD camcorder media folder
    E public.mp2 | public.audio | mp2 |  | MPEG audio layer II (MP2)
    E public.mp3 | public.audio | mp3 mpga\
     | audio/mpeg audio/mpeg3 audio/mpg audio/mp3 audio/x-mpeg audio/x-mpeg3 audio/x-mpg\
     audio/x-mp3 | MPEG audio layer III (MP3)
    E public.playlist |  |  |  | Media playlist of any format
    E public.m3u-playlist | public.plain-text public.playlist | m3u m3u8\
     | audio/mpegurl application/vnd.apple.mpegurl audio/x-mpegurl | M3U or M3U8 media playlist
    E public.pls-playlist | public.text public.playlist | pls | audio/x-scpls\
     | PLS streaming playlist
    E public.mpeg-4-audio | public.audio | mp4 mpg4 | audio/mp4 audio/mp4a-latm\
     | Audio in an MPEG-4 container
    E public.ulaw-audio | public.audio | ul ulw ulaw |  | Mu-law encoded audio
    E public.au-audio | public.audio | au snd | audio/basic | Sun/NeXT AU audio
    E public.aifc-audio | public.audio | aifc |  | Compressed AIFF-C audio
    E public.aiff-audio | public.aifc-audio | aiff aif | audio/aiff audio/x-aiff\
     | Audio Interchange File Format sound
    E public.cdda-audio | public.aifc-audio | cdda |  | Compact Disc digital audio track
    E public.midi-audio | public.audio | midi mid smf kar | audio/midi audio/x-midi\
     | MIDI music sequence
    E public.downloadable-sound | public.audio | dls | audio/dls | DLS instrument sound bank
    E public.ac3-audio | public.audio | ac3 | audio/ac3 | Dolby Digital (AC-3) audio
    E public.enhanced-ac3-audio | public.audio | eac3 ec3 | audio/eac3\
     | Dolby Digital Plus (E-AC-3) audio
    E public.aac-audio | public.audio | aac adts | audio/aac audio/x-aac\
     | AAC audio in an ADTS stream
    E public.font | public.data |  |  | Font of any format
    E public.truetype-font | public.font |  |  | TrueType font in any packaging
    E public.opentype-font | public.font | otf | font/otf | OpenType font with CFF outlines
    E public.opentype-collection-font | public.opentype-font | otc\
     |  | OpenType font collection (OTC)
    E public.truetype-ttf-font | public.truetype-font | ttf | font/ttf | TrueType font file (TTF)
    E public.truetype-collection-font | public.truetype-font | ttc\
     |  | TrueType font collection (TTC)
    E public.folder | public.directory |  |  | Folder a user can browse
    E public.volume | public.folder |  |  | Root folder of a volume
    E public.file-sharepoint |  |  |  | Shared file point on a network
    E public.x509-certificate | public.data | cer der crt pem | application/x-x509-ca-cert\
     | X.509 public key certificate
    E public.device |  |  |  | Hardware device
    E public.display |  |  |  | Display or monitor
    E public.speaker |  |  |  | Audio speaker device
    E public.computer | public.device |  |  | Computer of any make
    E public.storage |  |  |  | Storage device of any kind
    E public.optical-storage-media | public.storage |  |  | Optical disc media
    E public.cd-based-media | public.optical-storage-media |  |  | Disc of the CD family
    E public.cd-media | public.cd-based-media |  |  | Compact disc
    E public.cd-r-media | public.cd-based-media |  |  | Recordable CD (CD-R)
    E public.cd-rw-media | public.cd-based-media |  |  | Rewritable CD (CD-RW)
    E public.dvd-based-media | public.optical-storage-media |  |  | Disc of the DVD family
    E public.dvd-media | public.dvd-based-media |  |  | Digital versatile disc
    E public.dvd-r-media | public.dvd-based-media |  |  | Recordable DVD (DVD-R)
    E public.dvd-rw-media | public.dvd-based-media |  |  | Rewritable DVD (DVD-RW)
    E public.dvd-ram-media | public.dvd-based-media |  |  | Random-access DVD (DVD-RAM)
    E public.dvd-plus-r-media | public.dvd-based-media |  |  | Recordable DVD+R disc
    E public.dvd-plus-rw-media | public.dvd-based-media |  |  | Rewritable DVD+RW disc
    E public.hd-dvd-based-media | public.optical-storage-media |  |  | Disc of the HD DVD family
    E public.hd-dvd-media | public.hd-dvd-based-media |  |  | High-definition DVD disc
    E public.hd-dvd-r-media | public.hd-dvd-based-media |  |  | Recordable HD DVD-R disc
    E public.hd-dvd-rw-media | public.hd-dvd-based-media |  |  | Rewritable HD DVD-RW disc
    E public.hd-dvd-ram-media | public.hd-dvd-based-media |  |  | Random-access HD DVD-RAM disc
    E public.app-category |  |  |  | App category of any kind
    E public.app-category.business | public.app-category |  |  | App category for business
    E public.app-category.developer-tools | public.app-category\
     |  |  | App category for developer tools
    E public.app-category.education | public.app-category |  |  | App category for education
    E public.app-category.entertainment | public.app-category |  |  | App category for entertainment
    E public.app-category.finance | public.app-category |  |  | App category for finance
    E public.app-category.games | public.app-category |  |  | App category for games
    E public.app-category.action-games | public.app-category.games |  |  | Action game genre
    E public.app-category.adventure-games | public.app-category.games |  |  | Adventure game genre
    E public.app-category.arcade-games | public.app-category.games |  |  | Arcade game genre
    E public.app-category.board-games | public.app-category.games |  |  | Board game genre
    E public.app-category.card-games | public.app-category.games |  |  | Card game genre
    E public.app-category.casino-games | public.app-category.games |  |  | Casino game genre
    E public.app-category.dice-games | public.app-category.games |  |  | Dice game genre
    E public.app-category.educational-games | public.app-category.games\
     |  |  | Educational game genre
    E public.app-category.family-games | public.app-category.games |  |  | Family game genre
    E public.app-category.kids-games | public.app-category.games |  |  | Game genre for children
    E public.app-category.music-games | public.app-category.games |  |  | Music game genre
    E public.app-category.puzzle-games | public.app-category.games |  |  | Puzzle game genre
    E public.app-category.racing-games | public.app-category.games |  |  | Racing game genre
    E public.app-category.role-playing-games | public.app-category.games\
     |  |  | Role-playing game genre
    E public.app-category.simulation-games | public.app-category.games |  |  | Simulation game genre
    E public.app-category.sports-games | public.app-category.games |  |  | Sports game genre
    E public.app-category.strategy-games | public.app-category.games |  |  | Strategy game genre
    E public.app-category.trivia-games | public.app-category.games |  |  | Trivia game genre
    E public.app-category.word-games | public.app-category.games |  |  | Word game genre
    E public.app-category.graphics-design | public.app-category\
     |  |  | App category for graphics and design
    E public.app-category.healthcare-fitness | public.app-category\
     |  |  | App category for health and fitness
    E public.app-category.lifestyle | public.app-category |  |  | App category for lifestyle
    E public.app-category.medical | public.app-category |  |  | App category for medicine
    E public.app-category.music | public.app-category |  |  | App category for music
    E public.app-category.news | public.app-category |  |  | App category for news
    E public.app-category.photography | public.app-category |  |  | App category for photography
    E public.app-category.productivity | public.app-category |  |  | App category for productivity
    E public.app-category.reference | public.app-category |  |  | App category for reference
    E public.app-category.social-networking | public.app-category\
     |  |  | App category for social networking
    E public.app-category.sports | public.app-category |  |  | App category for sports
    E public.app-category.travel | public.app-category |  |  | App category for travel
    E public.app-category.utilities | public.app-category |  |  | App category for utilities
    E public.app-category.video | public.app-category |  |  | App category for video
    E public.app-category.weather | public.app-category |  |  | App category for weather
    E public.app-category.bookmarks | public.app-category |  |  | App category for bookmarks
    E public.app-category.books | public.app-category |  |  | App category for books
    E public.app-category.navigation | public.app-category |  |  | App category for navigation
    E public.app-category.photography-and-video\
     | public.app-category.photography public.app-category.video\
     |  |  | App category for photo and video
    E public.app-category.food-and-drink | public.app-category\
     |  |  | App category for food and drink
    E public.app-category.shopping | public.app-category |  |  | App category for shopping
    E public.app-category.magazines-and-newspapers | public.app-category\
     |  |  | App category for magazines and newspapers
    I public.ofd | public.data public.composite-content | ofd | application/ofd\
     | Chinese fixed-layout document (OFD)
    I public.heif-standard | public.image |  |  | Image in the HEIF container
    I public.heif | public.heif-standard | heif hif | image/heif | HEIF image with any codec
    I public.heic | public.heif-standard | heic | image/heic | HEIF image with HEVC coding
    I public.avci | public.heif-standard | avci | image/avci | HEIF image with AVC coding
    I public.heifs | public.heif-standard | heifs | image/heif-sequence\
     | HEIF image sequence with any codec
    I public.heics | public.heif-standard | heics | image/heic-sequence\
     | HEIF image sequence with HEVC coding
    I public.avcs | public.heif-standard | avcs | image/avcs | HEIF image sequence with AVC coding
    I public.mp4a-loas | public.audio | loas latm |  | MPEG-4 audio in a LOAS stream
    I public.mp4a-latm | public.audio |  | audio/mp4a-latm | MPEG-4 audio in a LATM multiplex
    I public.haptics-content |  |  |  | Haptic feedback content
    """
}
