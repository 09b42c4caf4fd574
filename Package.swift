// swift-tools-version: 6.2
import PackageDescription

/// Modules named after Apple's, so iOS code keeps its imports: `UniformTypeIdentifiers`
/// re-exports `UTI`; `MobileCoreServices` and `CoreServices` re-export it with the legacy
/// `kUTType…` constants and the functions of `UTType.h` (`UTCoreTypes`); `UIKit` holds only what
/// item-provider code needs of UIKit (`UIImage`, decoded by `ImageCodecs`); `CoreTransferable`
/// holds `Transferable` and NSItemProvider's transferable loads. Linux only: on Apple
/// platforms the SDK has these modules, and a package module of the same name would shadow them.
#if os(Linux)
  let appleModuleNames = [
    "UniformTypeIdentifiers", "MobileCoreServices", "CoreServices", "UIKit", "CoreTransferable",
  ]
#else
  let appleModuleNames: [String] = []
#endif

/// Settings every Swift target shares (see ../shared/design/STYLE.md).
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// What the portability tests (in both language modes) link: the package's modules under
/// Apple's names, as an iOS extension imports them.
let portabilityDependencies: [Target.Dependency] =
  ["ItemProvider", "UTI", "ActivationRules", "Ingest", "Sniffing", "ImageCodecs", "TestSupport"]
  + appleModuleNames.map { .target(name: $0) }

let package = Package(
  name: "share-ingest",
  products: [
    .library(name: "UTI", targets: ["UTI"]),
    .library(name: "ItemProvider", targets: ["ItemProvider"]),
    .library(name: "Sniffing", targets: ["Sniffing"]),
    .library(name: "ActivationRules", targets: ["ActivationRules"]),
    .library(name: "Ingest", targets: ["Ingest"]),
    .library(name: "InboxReading", targets: ["InboxReading"]),
    .library(name: "Importer", targets: ["Importer"]),
    .library(name: "IngestPostgres", targets: ["IngestPostgres"]),
    .library(name: "TypeMatrix", targets: ["TypeMatrix"]),
    .library(name: "Shortcuts", targets: ["Shortcuts"]),
    .library(name: "PropertyLists", targets: ["PropertyLists"]),
    .library(name: "ShareServer", targets: ["ShareServer"]),
    .library(name: "ShareWebApp", targets: ["ShareWebApp"]),
    .executable(name: "ingest-cli", targets: ["ingest-cli"]),
  ],
  targets: [
    // MARK: Libraries
    // The bottom layer: every system call on files (descriptors, typed errno, EINTR retry,
    // fault injection) and the one I/O error shape. Package access except for the error types
    // (IOError, Errno, FileKind) and TerminalText.
    .target(name: "SystemCalls", swiftSettings: swiftSettings),
    // Beside it: the one reader of property lists users give (size, depth and expanded-object
    // limits checked before Foundation parses a byte). Depends on Foundation only.
    .target(name: "PropertyLists", swiftSettings: swiftSettings),
    .target(
      name: "UTI", dependencies: ["SystemCalls", "PropertyLists"], swiftSettings: swiftSettings),
    .target(
      name: "ItemProvider", dependencies: ["UTI", "SystemCalls", "PropertyLists"],
      swiftSettings: swiftSettings),
    // libmagic's header only: Sniffing loads the library the first time its own signatures do
    // not know a file (see shim.h and SystemCalls' SharedLibrary).
    .systemLibrary(
      name: "CMagic",
      providers: [.apt(["libmagic-dev"])]
    ),
    .target(
      name: "Sniffing", dependencies: ["UTI", "SystemCalls", "PropertyLists", "CMagic"],
      swiftSettings: swiftSettings),
    .target(
      name: "ActivationRules", dependencies: ["UTI", "SystemCalls", "PropertyLists"],
      swiftSettings: swiftSettings),
    .target(
      name: "Ingest",
      dependencies: [
        "UTI", "ItemProvider", "Sniffing", "ActivationRules", "SystemCalls", "Digests",
      ],
      swiftSettings: swiftSettings
    ),
    // The inbox's reading side, beside the importer: the reading protocol (InboxReader), the
    // directory inbox's listing and claims, a claim's payloads, the drain, the watcher,
    // deliveries to a handler, a folder or a shell command, the sweeper. Ingest never depends
    // on it: the share extension only writes the inbox (InboxWriter).
    .target(
      name: "InboxReading", dependencies: ["Ingest", "SystemCalls"], swiftSettings: swiftSettings),
    // The main app's side: the importer, the SQLite library, the hand-off summary card. Ingest
    // never depends on it: the share extension never opens the database.
    .target(
      name: "Importer", dependencies: ["Ingest", "InboxReading", "SystemCalls", "CSQLite"],
      swiftSettings: swiftSettings),
    // The inbox and the library on PostgreSQL: a module of its own, so neither Ingest nor
    // Importer links libpq. Every libpq call is in its `LibPQ/` folder.
    .target(
      name: "IngestPostgres",
      dependencies: ["Ingest", "InboxReading", "Importer", "SystemCalls", "CPostgres", "Digests"],
      swiftSettings: swiftSettings),
    // libpq's header only: IngestPostgres loads the library on first use (see shim.h).
    .systemLibrary(
      name: "CPostgres",
      providers: [.apt(["libpq-dev"])]
    ),
    // SQLite's header only: Importer loads the library when a library database first opens.
    .systemLibrary(
      name: "CSQLite",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // The type matrix: rows of shares and what the main app must end up with, run end to end.
    .target(
      name: "TypeMatrix",
      dependencies: [
        "Ingest", "InboxReading", "Importer", "ItemProvider", "ActivationRules", "UTI",
        "SystemCalls",
      ],
      swiftSettings: swiftSettings),
    // libcrypto's headers only: Shortcuts loads the library the first time it verifies or
    // signs.
    .systemLibrary(
      name: "COpenSSL",
      providers: [.apt(["libssl-dev"])]
    ),
    // libgcrypt's header only: Digests loads the library the first time something is hashed.
    .systemLibrary(
      name: "CGcrypt",
      providers: [.apt(["libgcrypt20-dev"])]
    ),
    // The package's one SHA-256 (libgcrypt), for payload digests and shortcut checksums alike.
    .target(
      name: "Digests", dependencies: ["SystemCalls", "CGcrypt"], swiftSettings: swiftSettings),
    .target(
      name: "Shortcuts", dependencies: ["SystemCalls", "PropertyLists", "Digests", "COpenSSL"],
      swiftSettings: swiftSettings),
    // Image decoding and encoding for UIKit's UIImage on Linux, with the system's libraries:
    // libpng, libjpeg-turbo (TurboJPEG API) and libheif, every call in its `Internals/` file.
    // A module of its own, so ItemProvider and UTI stay free of C libraries.
    .target(
      name: "ImageCodecs",
      dependencies: ["CPNG", "CTurboJPEG", "CHeif", "CHeifGuard", "SystemCalls"],
      swiftSettings: swiftSettings),
    // libheif's calls that can throw, each run inside try/catch (C++): no exception from
    // libheif ever unwinds into Swift. Declares no libheif type (see its header).
    .target(name: "CHeifGuard"),
    // For ImageCodecsTests only: stand-ins for libheif's functions that throw, to prove
    // CHeifGuard catches each exception.
    .target(name: "CHeifGuardThrowing", path: "Tests/CHeifGuardThrowing"),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    .systemLibrary(
      name: "CTurboJPEG",
      pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"])]
    ),
    .systemLibrary(
      name: "CHeif",
      providers: [.apt(["libheif-dev"])]
    ),
    // The share target over HTTP (`ingest-cli serve`): libmicrohttpd, every call of it in the
    // module's `Internals/` file, and the share route in front of the same pipeline
    // `ingest-cli share` runs. It never reads the library.
    .target(
      name: "ShareServer",
      dependencies: [
        "Ingest", "ActivationRules", "ItemProvider", "Sniffing", "UTI", "SystemCalls",
        "CMicroHTTPD", "Digests",
      ],
      swiftSettings: swiftSettings),
    // The web app around the share route: pages, pairing, the library with its thumbnails and
    // card, which is why it reads Importer's library and draws through ImageCodecs.
    .target(
      name: "ShareWebApp",
      dependencies: [
        "ShareServer", "Ingest", "InboxReading", "Importer", "ImageCodecs", "UTI", "SystemCalls",
        "Digests",
      ],
      swiftSettings: swiftSettings),
    // libmicrohttpd's header, linked (a server maps it for its whole life anyway).
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"])]
    ),

    // MARK: Executables
    .executableTarget(
      name: "ingest-cli",
      dependencies: [
        "UTI", "ItemProvider", "Sniffing", "ActivationRules", "Ingest", "InboxReading", "Importer",
        "TypeMatrix", "Shortcuts", "IngestPostgres", "ShareServer", "ShareWebApp", "SystemCalls",
      ],
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "UTI", "ItemProvider", "Sniffing", "ActivationRules", "Ingest", "InboxReading", "Importer",
        "TypeMatrix", "Shortcuts", "PropertyLists", "IngestPostgres", "ImageCodecs", "ShareServer",
        "ShareWebApp", "SystemCalls",
        "CMicroHTTPD", "TestSupport",
      ] + appleModuleNames.filter { $0 == "UIKit" }.map { .target(name: $0) },
      path: "Benchmarks",
      exclude: ["README.md"],
      swiftSettings: swiftSettings
    ),

    // MARK: Tests
    // Shared by the test targets and the benchmarks: project paths, temporary directories, a
    // seeded generator. Not a product.
    .target(
      name: "TestSupport", dependencies: ["SystemCalls"], path: "Tests/TestSupport",
      swiftSettings: swiftSettings),
    // Crash states a power loss could leave, drawn from what the system-call layer recorded
    // under a persistence model, and written out one by one for a restarted program to meet.
    .target(
      name: "CrashStates", dependencies: ["SystemCalls", "TestSupport"], path: "Tests/CrashStates",
      swiftSettings: swiftSettings),
    .testTarget(
      name: "SystemCallsTests", dependencies: ["SystemCalls", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "PropertyListsTests", dependencies: ["PropertyLists", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "UTITests", dependencies: ["UTI", "SystemCalls", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "ItemProviderTests",
      dependencies: ["ItemProvider", "UTI", "SystemCalls", "TestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SniffingTests", dependencies: ["Sniffing", "UTI", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "ActivationRulesTests",
      dependencies: ["ActivationRules", "UTI", "SystemCalls", "TestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "IngestTests",
      dependencies: [
        "Ingest", "InboxReading", "ItemProvider", "Sniffing", "ActivationRules", "UTI",
        "SystemCalls", "TestSupport",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "ImporterTests",
      dependencies: ["Importer", "Ingest", "InboxReading", "SystemCalls", "TestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "IngestPostgresTests",
      dependencies: [
        "IngestPostgres", "Importer", "Ingest", "InboxReading", "ItemProvider", "SystemCalls",
        "TestSupport",
      ],
      swiftSettings: swiftSettings
    ),
    // Compiles iOS share-extension code with only its imports changed (see the target's files).
    .testTarget(
      name: "PortabilityTests",
      dependencies: portabilityDependencies,
      swiftSettings: swiftSettings
    ),
    // The same files (Tests/PortabilityTestsSwift5 is a link to Tests/PortabilityTests) in the
    // Swift 5 language mode, which most shipping extensions are still built in: the code must
    // compile and behave the same in both modes with only its imports changed.
    .testTarget(
      name: "PortabilityTestsSwift5",
      dependencies: portabilityDependencies,
      swiftSettings: swiftSettings + [.swiftLanguageMode(.v5)]
    ),
    .testTarget(
      name: "ImageCodecsTests",
      dependencies: [
        "ImageCodecs", "Sniffing", "UTI", "SystemCalls", "TestSupport", "CHeifGuard",
        "CHeifGuardThrowing",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "TypeMatrixTests",
      dependencies: ["TypeMatrix", "Ingest", "InboxReading", "ActivationRules", "TestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "ShortcutsTests", dependencies: ["Shortcuts", "Digests", "SystemCalls", "TestSupport"],
      swiftSettings: swiftSettings),
    // The share, the import, the sweep and their recovery, under power loss: every crash state
    // of each (within bounds) met by what a restarted program runs, and its invariants checked.
    .testTarget(
      name: "CrashStateTests",
      dependencies: [
        "CrashStates", "Ingest", "InboxReading", "Importer", "IngestPostgres", "ItemProvider",
        "SystemCalls", "TestSupport",
      ],
      swiftSettings: swiftSettings),
    // The web app's pieces on their own: escaping, header parsing, the same-origin rule, the
    // manifest's accept list, the HMAC, thumbnail scaling (the server itself is tested in
    // CLITests, with curl and a headless browser).
    .testTarget(
      name: "ShareServerTests",
      dependencies: [
        "ShareServer", "ShareWebApp", "Digests", "ImageCodecs", "Ingest", "Importer", "UTI",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "ingest-cli", "ActivationRules", "Importer", "IngestPostgres", "Ingest", "InboxReading",
        "SystemCalls", "TestSupport",
      ],
      swiftSettings: swiftSettings
    ),
  ]
)

#if os(Linux)
  package.products += appleModuleNames.map { .library(name: $0, targets: [$0]) }
  package.targets += [
    .target(
      name: "UTCoreTypes", dependencies: ["UniformTypeIdentifiers"], swiftSettings: swiftSettings),
    .target(name: "UniformTypeIdentifiers", dependencies: ["UTI"], swiftSettings: swiftSettings),
    .target(
      name: "MobileCoreServices", dependencies: ["UniformTypeIdentifiers", "UTCoreTypes"],
      swiftSettings: swiftSettings),
    .target(
      name: "CoreServices", dependencies: ["UniformTypeIdentifiers", "UTCoreTypes"],
      swiftSettings: swiftSettings),
    .target(
      name: "UIKit", dependencies: ["ItemProvider", "ImageCodecs", "_Testing_UIKit"],
      swiftSettings: swiftSettings),
    .target(
      name: "CoreTransferable",
      dependencies: ["ItemProvider", "UniformTypeIdentifiers", "SystemCalls"],
      swiftSettings: swiftSettings),
    // Swift Testing's cross-import overlay for UIKit is declared by the Linux toolchain but not
    // shipped; an empty one lets a file import both Testing and UIKit (see its source).
    .target(name: "_Testing_UIKit", swiftSettings: swiftSettings),
  ]
#endif
