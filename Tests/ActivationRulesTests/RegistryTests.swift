import Foundation
import TestSupport
import Testing
import UTI

@testable import ActivationRules

/// Rules resolve type identifiers in the registry they are given, and the shared registry is
/// never changed by reading one.
@Suite("Activation rules in a registry of their own")
struct RegistryTests {
  static let photoType = "org.example.registry-tests.photo"

  /// A registry declaring a photo type of the app's own, an image.
  static func registry() throws -> UTTypeRegistry {
    let registry = UTTypeRegistry()
    try registry.register([UTTypeDeclaration(identifier: photoType, conformsTo: ["public.image"])])
    return registry
  }

  static let appPhoto = ActivationAttachment(
    registeredTypeIdentifiers: [photoType], hasFileRepresentation: true)

  @Test("An Info.plist's own declarations are registered in the registry passed, not .shared")
  func infoPlistDeclarations() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let rule =
      "SUBQUERY(extensionItems, $i, SUBQUERY($i.attachments, $f, ANY"
      + " $f.registeredTypeIdentifiers UTI-CONFORMS-TO \"org.example.registry-tests.score\""
      + ").@count == 1).@count == 1"
    let info: [String: Any] = [
      "NSExtension": ["NSExtensionAttributes": ["NSExtensionActivationRule": rule]],
      "UTExportedTypeDeclarations": [
        [
          "UTTypeIdentifier": "org.example.registry-tests.score",
          "UTTypeConformsTo": ["public.data", "org.example.registry-tests.unknown-parent"],
        ]
      ],
    ]
    let url = directory.file("Info.plist")
    try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
      .write(to: url)
    let registry = UTTypeRegistry()
    let loaded = try ActivationRule(contentsOf: url, registry: registry)
    #expect(loaded.registry === registry)
    #expect(registry.type(withIdentifier: "org.example.registry-tests.score") != nil)
    #expect(UTTypeRegistry.shared.type(withIdentifier: "org.example.registry-tests.score") == nil)
    #expect(!loaded.warnings.contains { $0.code == .unknownTypeIdentifier })
    let tolerated = try #require(loaded.warnings.first { $0.code == .typeDeclaration })
    #expect(tolerated.message.contains(url.path))
    #expect(tolerated.message.contains("unknown-parent"))
    let score = ActivationAttachment(registeredTypeIdentifiers: ["org.example.registry-tests.score"]
    )
    #expect(loaded.matches(ActivationInput(attachments: [score])))
  }

  @Test("Declarations that cannot be registered fail the rule, naming the file and the key")
  func badDeclarations() throws {
    let info: [String: Any] = [
      "NSExtension": [
        "NSExtensionAttributes": ["NSExtensionActivationRule": "extensionItems.@count == 1"]
      ],
      "UTExportedTypeDeclarations": [["UTTypeConformsTo": "public.data"]],
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
    #expect(
      throws: ActivationRuleError.typeDeclarations(
        .missingIdentifier(keyPath: "UTExportedTypeDeclarations[0]"), path: "Info.plist")
    ) {
      try ActivationRule(data: data, path: "Info.plist", registry: UTTypeRegistry())
    }
  }

  @Test("The dictionary form counts a declared type by what it conforms to in its registry")
  func dictionaryKinds() throws {
    let counts = ["NSExtensionActivationSupportsImageWithMaxCount": 1]
    let own = try ActivationRule(propertyListValue: counts, registry: Self.registry())
    let shared = try ActivationRule(propertyListValue: counts)
    // The attachment was made in the shared registry; each rule resolves it in its own.
    let share = ActivationInput(attachments: [Self.appPhoto])
    #expect(own.matches(share))
    #expect(own.evaluate(share).isShown)
    #expect(!shared.matches(share))
  }

  @Test("A predicate resolves the identifiers it meets when evaluated in its own registry")
  func predicateFallback() throws {
    let format = "SELF UTI-CONFORMS-TO 'public.image'"
    let own = try FormatPredicate(format: format, registry: Self.registry())
    let shared = try FormatPredicate(format: format)
    #expect(own.evaluate(with: .string(Self.photoType)))
    #expect(!shared.evaluate(with: .string(Self.photoType)))
    // And the constant of a type test resolves there when the rule is parsed.
    let declared = try ActivationRule(
      predicateFormat: "SELF UTI-CONFORMS-TO '\(Self.photoType)'", registry: Self.registry())
    #expect(!declared.warnings.contains { $0.code == .unknownTypeIdentifier })
  }

  @Test("An input made in one registry is resolved again in the rule's, once")
  func inputResolution() throws {
    let registry = try Self.registry()
    let input = ActivationInput(attachments: [Self.appPhoto])
    #expect(input.registry === UTTypeRegistry.shared)
    let resolved = input.resolved(in: registry)
    #expect(resolved.registry === registry)
    #expect(resolved.resolved(in: registry).registry === registry)
    let made = ActivationInput(
      attachments: [
        ActivationAttachment(registeredTypeIdentifiers: [Self.photoType], registry: registry),
        Self.appPhoto,
      ])
    #expect(made.registry === registry, "the first attachment's registry")
    #expect(made.extensionItems[0].attachments.allSatisfy { $0.registry === registry })
  }
}
