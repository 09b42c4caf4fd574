#if os(Linux)
  import Foundation
  import UniformTypeIdentifiers

  /// One flattened representation: a content type, how it travels, and the closures that
  /// export and import it. The building blocks make these; `NSItemProvider.register(_:)` and
  /// `loadTransferable(type:completionHandler:)` use them. Not for callers.
  public struct _TransferEntry<Item: Transferable>: Sendable {
    var contentType: UTType
    var form: TransferForm
    var exporter: (@Sendable (Item) async throws -> TransferPayload)?
    var importer: (@Sendable (TransferPayload) async throws -> Item)?
    var suggestedFileName: (@Sendable (Item) -> String?)?
    var exportingCondition: (@Sendable (Item) -> Bool)?
    var visibility: TransferRepresentationVisibility = .all

    /// This entry for an item that travels as `Outer`, through `exporting` and `importing` (a
    /// proxy). The entry's own file name and condition apply to the proxy value, so the outer
    /// item's are left to its own modifiers.
    func proxied<Outer: Transferable>(
      exporting: (@Sendable (Outer) async throws -> Item)?,
      importing: (@Sendable (Item) async throws -> Outer)?
    ) -> _TransferEntry<Outer> {
      var outer = _TransferEntry<Outer>(contentType: contentType, form: form)
      outer.visibility = visibility
      if let exporter, let exporting {
        let condition = exportingCondition
        outer.exporter = { item in
          let proxy = try await exporting(item)
          if let condition, !condition(proxy) { throw TransferableError.notExportable }
          return try await exporter(proxy)
        }
      }
      if let importer, let importing {
        outer.importer = { payload in try await importing(try await importer(payload)) }
      }
      return outer
    }
  }

  /// How a representation travels.
  enum TransferForm: Sendable {
    /// As bytes in memory.
    case data
    /// As a file; `opensInPlace`: the exporter allows, or the importer asks for, the original
    /// file rather than a copy.
    case file(opensInPlace: Bool)
  }

  /// What an export produced, or what an import is given.
  enum TransferPayload: Sendable {
    /// Bytes.
    case data(Data)
    /// A file; `isOriginal`: the source's own file rather than a copy (for an export, whether
    /// the original may be handed over).
    case file(URL, isOriginal: Bool)
  }
#endif
