import Foundation
import SystemCalls
import Testing

@testable import UTI

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Info.plist type declarations")
struct DeclarationTests {
  /// Serializes an Info.plist dictionary with Foundation, in either format.
  static func plist(
    _ root: [String: Any],
    format: PropertyListSerialization.PropertyListFormat = .xml
  ) throws -> Data {
    try PropertyListSerialization.data(fromPropertyList: root, format: format, options: 0)
  }

  static var noteApp: [String: Any] {
    [
      "CFBundleIdentifier": "com.example.notes",
      "UTExportedTypeDeclarations": [
        [
          "UTTypeIdentifier": "com.example.note",
          "UTTypeConformsTo": ["public.plain-text", "public.composite-content"],
          "UTTypeDescription": "Example note",
          "UTTypeReferenceURL": "https://example.com/note-format",
          "UTTypeTagSpecification": [
            "public.filename-extension": ["exnote", "exn"],
            "public.mime-type": "application/x-example-note",
          ],
        ],
        [
          "UTTypeIdentifier": "com.example.note-bundle",
          "UTTypeConformsTo": "com.apple.package",
          "UTTypeTagSpecification": ["public.filename-extension": "exnotes"],
        ],
      ],
      "UTImportedTypeDeclarations": [
        [
          "UTTypeIdentifier": "org.example.sketch",
          "UTTypeConformsTo": "public.image",
          "UTTypeTagSpecification": ["public.filename-extension": "exsk"],
        ]
      ],
    ]
  }

  @Test(
    "Reads XML and binary Info.plists",
    arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func bothFormats(_ format: PropertyListSerialization.PropertyListFormat) throws {
    let registry = UTTypeRegistry()
    let warnings = try registry.registerDeclarations(
      fromInfoPlist: Self.plist(Self.noteApp, format: format))
    #expect(warnings.isEmpty)
    let note = try #require(registry.type(withIdentifier: "com.example.note"))
    #expect(note.isDeclared)
    #expect(note.localizedDescription == "Example note")
    #expect(note.referenceURL == URL(string: "https://example.com/note-format"))
    #expect(note.conforms(to: .text))
    #expect(note.conforms(to: .compositeContent))
    #expect(note.tags[.filenameExtension] == ["exnote", "exn"])
    #expect(note.preferredMIMEType == "application/x-example-note")
    #expect(
      registry.preferredType(tag: "EXN", tagClass: .filenameExtension, conformingTo: .data) == note)
    let bundle = try #require(registry.type(withIdentifier: "com.example.note-bundle"))
    #expect(bundle.conforms(to: .package))
    #expect(!bundle.conforms(to: .data))
    let sketch = try #require(registry.type(withIdentifier: "org.example.sketch"))
    #expect(sketch.conforms(to: .image))
  }

  @Test("Separate registries do not leak into the shared one")
  func noLeak() throws {
    let registry = UTTypeRegistry()
    try registry.registerDeclarations(fromInfoPlist: Self.plist(Self.noteApp))
    #expect(UTTypeRegistry.shared.type(withIdentifier: "com.example.note") == nil)
    #expect(registry.declaredTypeCount == UTTypeRegistry().declaredTypeCount + 3)
  }

  @Test("A declaration replaces an earlier dynamic answer")
  func replacesDynamic() throws {
    let registry = UTTypeRegistry()
    let before = try #require(registry.preferredType(tag: "zzq", tagClass: .filenameExtension))
    #expect(before.isDynamic)
    #expect(registry.preferredType(tag: "zzq", tagClass: .filenameExtension) == before)
    try registry.register([
      UTTypeDeclaration(
        identifier: "com.example.zzq", conformsTo: ["public.data"], filenameExtensions: ["zzq"])
    ])
    let after = try #require(registry.preferredType(tag: "zzq", tagClass: .filenameExtension))
    #expect(after.identifier == "com.example.zzq")
    #expect(!after.isDynamic)
  }

  @Test("An unknown parent is tolerated with a warning")
  func unknownParent() throws {
    let registry = UTTypeRegistry()
    let warnings = try registry.register([
      UTTypeDeclaration(
        identifier: "com.example.a", conformsTo: ["com.example.missing", "public.data"])
    ])
    #expect(warnings.count == 1)
    #expect(warnings.first?.keyPath == "declarations[0]")
    #expect(warnings.first?.message.contains("com.example.missing") == true)
    let type = try #require(registry.type(withIdentifier: "com.example.a"))
    #expect(type.conforms(to: .data))
  }

  @Test("A cycle is rejected, naming the key path")
  func cycle() throws {
    let root: [String: Any] = [
      "UTExportedTypeDeclarations": [
        ["UTTypeIdentifier": "com.example.a", "UTTypeConformsTo": "com.example.b"],
        ["UTTypeIdentifier": "com.example.b", "UTTypeConformsTo": ["com.example.c"]],
        ["UTTypeIdentifier": "com.example.c", "UTTypeConformsTo": ["com.example.a"]],
      ]
    ]
    let registry = UTTypeRegistry()
    #expect(
      throws: UTTypeDeclarationError.conformanceCycle(
        ["com.example.a", "com.example.b", "com.example.c", "com.example.a"],
        keyPath: "UTExportedTypeDeclarations[0].UTTypeConformsTo")
    ) {
      try registry.registerDeclarations(fromInfoPlist: Self.plist(root))
    }
    #expect(registry.type(withIdentifier: "com.example.a") == nil, "nothing registered on error")
  }

  @Test(
    "A malformed identifier is rejected",
    arguments: [
      "", "noDots", "com..example", ".com.example", "com.example.", "dyn.abc", "com.ex ample",
      "com.ex_ample",
    ])
  func malformedIdentifier(_ identifier: String) throws {
    let root: [String: Any] = [
      "UTImportedTypeDeclarations": [
        ["UTTypeIdentifier": "com.example.fine"], ["UTTypeIdentifier": identifier],
      ]
    ]
    #expect(
      throws: UTTypeDeclarationError.malformedIdentifier(
        identifier, keyPath: "UTImportedTypeDeclarations[1].UTTypeIdentifier")
    ) {
      try UTTypeRegistry().registerDeclarations(fromInfoPlist: Self.plist(root))
    }
  }

  @Test("Values of the wrong shape name the key path")
  func wrongShapes() throws {
    let cases: [([String: Any], UTTypeDeclarationError)] = [
      (
        ["UTExportedTypeDeclarations": "nope"],
        .wrongValueType(keyPath: "UTExportedTypeDeclarations", expected: "an array of dictionaries")
      ),
      (
        ["UTExportedTypeDeclarations": [["UTTypeConformsTo": "public.data"]]],
        .missingIdentifier(keyPath: "UTExportedTypeDeclarations[0]")
      ),
      (
        [
          "UTExportedTypeDeclarations": [
            ["UTTypeIdentifier": "com.example.x", "UTTypeConformsTo": [1]]
          ]
        ],
        .wrongValueType(
          keyPath: "UTExportedTypeDeclarations[0].UTTypeConformsTo[0]", expected: "a string")
      ),
      (
        [
          "UTExportedTypeDeclarations": [
            [
              "UTTypeIdentifier": "com.example.x",
              "UTTypeTagSpecification": ["public.filename-extension": 3],
            ]
          ]
        ],
        .wrongValueType(
          keyPath: "UTExportedTypeDeclarations[0].UTTypeTagSpecification.public.filename-extension",
          expected: "a string or an array of strings")
      ),
    ]
    for (root, expected) in cases {
      #expect(throws: expected) {
        try UTTypeRegistry().registerDeclarations(fromInfoPlist: Self.plist(root))
      }
    }
  }

  @Test("Garbage is a malformed property list, described by the parser")
  func garbage() {
    let error = #expect(throws: UTTypeDeclarationError.self) {
      try UTTypeRegistry().registerDeclarations(
        fromInfoPlist: Data("not a plist".utf8), source: "X/Info.plist")
    }
    guard case .malformedPropertyList(let source, let reason)? = error else {
      Issue.record("expected malformedPropertyList, got \(String(describing: error))")
      return
    }
    #expect(source == "X/Info.plist")
    #expect(!reason.contains("Error Domain="), "the parser's message, not an NSError dump")
  }

  @Test("An exported declaration beats an imported one")
  func exportedWins() throws {
    let root: [String: Any] = [
      "UTImportedTypeDeclarations": [
        ["UTTypeIdentifier": "com.example.doc", "UTTypeConformsTo": "public.text"]
      ],
      "UTExportedTypeDeclarations": [
        ["UTTypeIdentifier": "com.example.doc", "UTTypeConformsTo": "public.image"]
      ],
    ]
    let registry = UTTypeRegistry()
    let warnings = try registry.registerDeclarations(fromInfoPlist: Self.plist(root))
    let doc = try #require(registry.type(withIdentifier: "com.example.doc"))
    #expect(doc.conforms(to: .image))
    #expect(!doc.conforms(to: .text))
    #expect(
      warnings.map(\.description) == [
        "UTImportedTypeDeclarations[0]: imported com.example.doc is ignored: the exported"
          + " declaration wins"
      ])
  }

  @Test("System types cannot be exported again")
  func systemTypes() throws {
    let exported: [String: Any] = [
      "UTExportedTypeDeclarations": [
        ["UTTypeIdentifier": "PUBLIC.JPEG", "UTTypeConformsTo": "public.text"]
      ]
    ]
    #expect(
      throws: UTTypeDeclarationError.systemTypeRedeclared(
        "PUBLIC.JPEG", keyPath: "UTExportedTypeDeclarations[0]")
    ) {
      try UTTypeRegistry().registerDeclarations(fromInfoPlist: Self.plist(exported))
    }
    let imported: [String: Any] = [
      "UTImportedTypeDeclarations": [
        ["UTTypeIdentifier": "com.adobe.pdf", "UTTypeConformsTo": "public.text"]
      ]
    ]
    let registry = UTTypeRegistry()
    let warnings = try registry.registerDeclarations(fromInfoPlist: Self.plist(imported))
    #expect(warnings.count == 1)
    #expect(registry.type(withIdentifier: "com.adobe.pdf")?.conforms(to: .text) == false)
  }

  @Test("Apple's initializers answer from the shared registry, which holds the catalogue")
  func sharedRegistry() throws {
    let shared = UTTypeRegistry.shared
    for identifier in ["public.jpeg", "public.heic", "com.adobe.pdf", "public.folder"] {
      #expect(UTType(identifier) == shared.type(withIdentifier: identifier))
    }
    for tag in ["heic", "JPG", "never-an-extension"] {
      #expect(
        UTType(filenameExtension: tag)
          == shared.preferredType(tag: tag, tagClass: .filenameExtension, conformingTo: .data))
    }
    #expect(
      UTType(mimeType: "image/heic")
        == shared.preferredType(tag: "image/heic", tagClass: .mimeType, conformingTo: .data))
    // Declarations registered elsewhere never reach them.
    let registry = UTTypeRegistry()
    try registry.registerDeclarations(fromInfoPlist: Self.plist(Self.noteApp))
    #expect(UTType("com.example.note") == nil)
    #expect(UTType(filenameExtension: "exnote")?.isDynamic == true)
    #expect(
      registry.preferredType(tag: "exnote", tagClass: .filenameExtension)?.identifier
        == "com.example.note")
  }

  @Test("Types from an older snapshot still conform to the types registered after them")
  func olderSnapshots() throws {
    let registry = UTTypeRegistry()
    let before = try #require(registry.type(withIdentifier: "public.jpeg"))
    try registry.register([
      UTTypeDeclaration(
        identifier: "com.example.snapshot", conformsTo: ["public.jpeg"],
        filenameExtensions: ["snapshot"])
    ])
    let type = try #require(registry.type(withIdentifier: "com.example.snapshot"))
    #expect(type.conforms(to: before))
    #expect(
      registry.preferredType(tag: "snapshot", tagClass: .filenameExtension, conformingTo: .data)
        == type)
  }

  @Test("Reads an Info.plist from disk and reports missing and non-regular files")
  func fromDisk() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("uti-decl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("Info.plist")
    try Self.plist(Self.noteApp, format: .binary).write(to: url)
    let registry = UTTypeRegistry()
    try registry.registerDeclarations(fromInfoPlistAt: url)
    #expect(registry.type(withIdentifier: "com.example.note") != nil)
    let missing = directory.appendingPathComponent("missing.plist")
    let error = #expect(throws: UTTypeDeclarationError.self) {
      try registry.registerDeclarations(fromInfoPlistAt: missing)
    }
    #expect(
      error
        == .unreadableFile(
          IOError(operation: .openForReading, path: missing.path, errno: .noSuchFileOrDirectory)))
    let fifo = directory.appendingPathComponent("fifo.plist")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let notRegular = #expect(throws: UTTypeDeclarationError.self) {
      try registry.registerDeclarations(fromInfoPlistAt: fifo)
    }
    guard case .unreadableFile(let failure)? = notRegular else {
      Issue.record("expected unreadableFile, got \(String(describing: notRegular))")
      return
    }
    #expect(failure.code == .notRegularFile)
    #expect(failure.fileKind == .fifo)
    #expect(
      notRegular?.description
        == "cannot read type declarations: cannot read \(fifo.path): not a regular file (a FIFO)")
  }
}
