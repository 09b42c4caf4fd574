import Foundation
import Testing

#if os(Linux)
  import MobileCoreServices

  /// The C functions of `UTType.h` answer as Apple's do, from the same registry as `UTType`.
  @Suite("UTType.h: the C functions, with CFString and Unmanaged results")
  struct UTTypeFunctionsTests {
    /// The preferred identifier of a tag, as a caller takes it.
    func identifier(_ tagClass: CFString, _ tag: String, _ conformingTo: CFString? = nil)
      -> String?
    {
      UTTypeCreatePreferredIdentifierForTag(tagClass, tag as CFString, conformingTo)?
        .takeRetainedValue() as String?
    }

    /// The preferred tag of a class, as a caller takes it.
    func tag(_ identifier: String, _ tagClass: CFString) -> String? {
      UTTypeCopyPreferredTagWithClass(identifier as CFString, tagClass)?.takeRetainedValue()
        as String?
    }

    @Test("UTTypeConformsTo follows the type graph, reflexively and ignoring case")
    func conformance() {
      #expect(UTTypeConformsTo(kUTTypeJPEG, kUTTypeImage))
      #expect(UTTypeConformsTo("public.heic" as CFString, kUTTypeImage))
      #expect(UTTypeConformsTo(kUTTypeQuickTimeMovie, kUTTypeMovie))
      #expect(UTTypeConformsTo(kUTTypeQuickTimeMovie, kUTTypeData))
      #expect(!UTTypeConformsTo(kUTTypeImage, kUTTypeJPEG))
      #expect(!UTTypeConformsTo(kUTTypeURL, kUTTypeImage))
      #expect(UTTypeConformsTo("PUBLIC.JPEG" as CFString, kUTTypeImage))
      // An identifier nothing declares conforms to itself only.
      #expect(UTTypeConformsTo("com.example.unknown" as CFString, "COM.example.unknown"))
      #expect(!UTTypeConformsTo("com.example.unknown" as CFString, kUTTypeData))
      #expect(!UTTypeConformsTo(kUTTypeData, "com.example.unknown"))
      #expect(UTTypeEqual("public.JPEG" as CFString, kUTTypeJPEG))
      #expect(!UTTypeEqual(kUTTypeJPEG, kUTTypePNG))
    }

    @Test("UTTypeCreatePreferredIdentifierForTag: extensions and MIME types to identifiers")
    func identifiersForTags() throws {
      #expect(identifier(kUTTagClassFilenameExtension, "jpg") == "public.jpeg")
      #expect(identifier(kUTTagClassFilenameExtension, "JPG") == "public.jpeg")
      #expect(identifier(kUTTagClassFilenameExtension, "mov") == "com.apple.quicktime-movie")
      #expect(identifier(kUTTagClassMIMEType, "image/png") == "public.png")
      #expect(identifier(kUTTagClassMIMEType, "application/pdf") == "com.adobe.pdf")
      // Limited to a supertype: an image cannot be a PDF.
      let notImage = try #require(identifier(kUTTagClassFilenameExtension, "pdf", kUTTypeImage))
      #expect(notImage.hasPrefix("dyn."))
      // An unknown extension gives a dynamic identifier that carries the extension back.
      let dynamic = try #require(identifier(kUTTagClassFilenameExtension, "xyz123"))
      #expect(dynamic.hasPrefix("dyn."))
      #expect(UTTypeIsDynamic(dynamic as CFString))
      #expect(!UTTypeIsDeclared(dynamic as CFString))
      #expect(tag(dynamic, kUTTagClassFilenameExtension) == "xyz123")
      #expect(identifier(kUTTagClassFilenameExtension, "") == nil)
      let all =
        UTTypeCreateAllIdentifiersForTag(kUTTagClassFilenameExtension, "jpg", nil)?
        .takeRetainedValue() as? [String]
      #expect(all?.first == "public.jpeg")
    }

    @Test("UTTypeCopyPreferredTagWithClass: identifiers to extensions and MIME types")
    func tagsForIdentifiers() {
      #expect(tag("public.jpeg", kUTTagClassMIMEType) == "image/jpeg")
      #expect(tag("public.jpeg", kUTTagClassFilenameExtension) == "jpeg")
      #expect(tag("public.heic", kUTTagClassFilenameExtension) == "heic")
      #expect(tag("com.apple.quicktime-movie", kUTTagClassMIMEType) == "video/quicktime")
      // Abstract and unknown types carry no tags.
      #expect(tag("public.image", kUTTagClassMIMEType) == nil)
      #expect(tag("com.example.unknown", kUTTagClassFilenameExtension) == nil)
      let extensions =
        UTTypeCopyAllTagsWithClass(kUTTypeJPEG, kUTTagClassFilenameExtension)?
        .takeRetainedValue() as? [String]
      #expect(extensions?.contains("jpg") == true)
      #expect(extensions?.first == "jpeg")
      #expect(UTTypeCopyDescription(kUTTypePDF)?.takeRetainedValue() != nil)
      #expect(UTTypeIsDeclared(kUTTypePDF))
      #expect(!UTTypeIsDynamic(kUTTypePDF))
    }

    @Test("The tag classes and keys hold Apple's strings")
    func constants() {
      #expect(kUTTagClassFilenameExtension as String == UTTagClass.filenameExtension.rawValue)
      #expect(kUTTagClassMIMEType as String == UTTagClass.mimeType.rawValue)
      #expect(kUTExportedTypeDeclarationsKey as String == "UTExportedTypeDeclarations")
      #expect(kUTTypeConformsToKey as String == "UTTypeConformsTo")
      // The constants bridge as CFStrings do: to String, and into arrays and sets of them.
      let types: [CFString] = [kUTTypeImage, kUTTypeMovie]
      #expect(types.contains(kUTTypeImage))
      #expect(String(kUTTypeImage) == "public.image")
      #expect((kUTTypeImage as NSString) as String == "public.image")
    }

    @Test("UTTypeCopyDeclaration: the declaration dictionary of a declared type, nil otherwise")
    func declaration() throws {
      let jpeg = try #require(
        UTTypeCopyDeclaration(kUTTypeJPEG)?.takeRetainedValue() as? [String: Any])
      #expect(jpeg[kUTTypeIdentifierKey as String] as? String == "public.jpeg")
      #expect((jpeg[kUTTypeConformsToKey as String] as? [String])?.contains("public.image") == true)
      let tags = try #require(jpeg[kUTTypeTagSpecificationKey as String] as? [String: Any])
      #expect((tags[kUTTagClassFilenameExtension as String] as? [String])?.contains("jpg") == true)
      #expect((tags[kUTTagClassMIMEType as String] as? [String])?.first == "image/jpeg")
      #expect(jpeg[kUTTypeDescriptionKey as String] as? String != nil)
      // Case is ignored, as everywhere in UTType.h; undeclared and dynamic types have none.
      #expect(UTTypeCopyDeclaration("PUBLIC.JPEG" as CFString) != nil)
      #expect(UTTypeCopyDeclaration("com.example.undeclared" as CFString) == nil)
      let dynamic = try #require(
        UTTypeCreatePreferredIdentifierForTag(
          kUTTagClassFilenameExtension, "receipt-unknown" as CFString, nil)?
          .takeRetainedValue() as String?)
      #expect(UTTypeIsDynamic(dynamic as CFString))
      #expect(UTTypeCopyDeclaration(dynamic as CFString) == nil)
      #expect(UTTypeCopyDeclaringBundleURL(dynamic as CFString) == nil)
    }

    @Test("UTTypeCopyDeclaringBundleURL: the bundle of the Info.plist that declared the type")
    func declaringBundle() throws {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("uttype-bundle-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      let bundle = directory.appendingPathComponent("Receipts.appex", isDirectory: true)
      try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
      // A fresh identifier each run: the shared registry outlives this test.
      let identifier = "org.example.receipts-\(UUID().uuidString.lowercased())"
      let info: [String: Any] = [
        "UTExportedTypeDeclarations": [
          [
            "UTTypeIdentifier": identifier, "UTTypeConformsTo": ["public.data"],
            "UTTypeDescription": "Receipt",
            "UTTypeTagSpecification": ["public.filename-extension": ["receipt"]],
          ]
        ]
      ]
      let plist = bundle.appendingPathComponent("Info.plist")
      try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
        .write(to: plist)
      try UTTypeRegistry.shared.registerDeclarations(fromInfoPlistAt: plist)
      let url = try #require(
        UTTypeCopyDeclaringBundleURL(identifier as CFString)?.takeRetainedValue() as URL?)
      #expect(url.standardizedFileURL.path == bundle.standardizedFileURL.path)
      let declared = try #require(
        UTTypeCopyDeclaration(identifier as CFString)?.takeRetainedValue() as? [String: Any])
      #expect(declared["UTTypeIdentifier"] as? String == identifier)
      #expect(declared["UTTypeDescription"] as? String == "Receipt")
      #expect(declared["UTTypeConformsTo"] as? [String] == ["public.data"])
      // A built-in type's bundle is a system one Linux does not have.
      #expect(UTTypeCopyDeclaringBundleURL(kUTTypeJPEG) == nil)
    }
  }
#endif
