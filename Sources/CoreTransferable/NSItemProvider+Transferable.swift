#if os(Linux)
  import Foundation
  import ItemProvider
  import SystemCalls

  extension NSItemProvider {
    /// Loads an item of `transferableType` from the first of its importable representations
    /// (in the order the type declares them) that the provider has a conforming type for.
    ///
    /// Mirrors CoreTransferable's method. Bytes come through `loadDataRepresentation`, files
    /// through `loadFileRepresentation` (or `loadInPlaceFileRepresentation` when the
    /// representation asks to open in place): a copy lives until the importing closure
    /// returns. The completion handler runs once, on a background thread, with the item or the
    /// error (`TransferableError.noImportableRepresentation` when nothing matches).
    @discardableResult
    public func loadTransferable<T: Transferable>(
      type transferableType: T.Type,
      completionHandler: @escaping @Sendable (Result<T, any Error>) -> Void
    ) -> Progress {
      let importable = T.transferEntries.filter { $0.importer != nil }
      guard
        let entry = importable.first(where: {
          hasItemConformingToTypeIdentifier($0.contentType.identifier)
        }), let importer = entry.importer
      else {
        let error = TransferableError.noImportableRepresentation(
          item: String(describing: T.self), importable: importable.map(\.contentType.identifier),
          registered: registeredTypeIdentifiers)
        IOExecutor.shared.execute { completionHandler(.failure(error)) }
        let progress = Progress(totalUnitCount: 1)
        progress.completedUnitCount = 1
        return progress
      }
      let type = entry.contentType.identifier
      @Sendable func run(_ payload: TransferPayload, cleanUp: URL? = nil) {
        Task(executorPreference: IOExecutor.shared) {
          defer { if let cleanUp { TransferFiles.remove(cleanUp) } }
          do {
            completionHandler(.success(try await importer(payload)))
          } catch {
            completionHandler(.failure(error))
          }
        }
      }
      switch entry.form {
      case .data:
        return loadDataRepresentation(forTypeIdentifier: type) { data, error in
          guard let data else {
            completionHandler(.failure(error ?? CocoaError(.fileReadUnknown)))
            return
          }
          run(.data(data))
        }
      case .file(let opensInPlace):
        let received: @Sendable (URL?, Bool, (any Error)?) -> Void = { url, inPlace, error in
          guard let url else {
            completionHandler(.failure(error ?? CocoaError(.fileReadUnknown)))
            return
          }
          if inPlace {
            run(.file(url, isOriginal: true))
            return
          }
          // The load deletes its copy when this handler returns; keep it until the importing
          // closure has.
          do {
            let kept = try TransferFiles.keep(url)
            run(.file(kept.file, isOriginal: false), cleanUp: kept.directory)
          } catch {
            completionHandler(.failure(error))
          }
        }
        if opensInPlace {
          return loadInPlaceFileRepresentation(forTypeIdentifier: type, completionHandler: received)
        }
        return loadFileRepresentation(forTypeIdentifier: type) { url, error in
          received(url, false, error)
        }
      }
    }

    /// Registers the item in each representation it exports, in its declared order; the item
    /// is made, and each representation exported, only when a consumer loads it.
    ///
    /// Mirrors CoreTransferable's method. Exporting conditions and suggested file names are
    /// evaluated once, here, with one item made for the purpose: a representation whose
    /// condition is false is not registered; the first name given becomes `suggestedName`.
    public func register<T: Transferable>(_ transferable: @autoclosure @escaping @Sendable () -> T)
    {
      var entries = T.transferEntries.filter { $0.exporter != nil }
      if entries.contains(where: { $0.exportingCondition != nil || $0.suggestedFileName != nil }) {
        let item = transferable()
        entries = entries.filter { $0.exportingCondition?(item) ?? true }
        if let name = entries.lazy.compactMap({ $0.suggestedFileName?(item) }).first {
          suggestedName = name
        }
      }
      for entry in entries {
        guard let exporter = entry.exporter else { continue }
        let identifier = entry.contentType.identifier
        let visibility = NSItemProviderRepresentationVisibility(entry.visibility)
        switch entry.form {
        case .data:
          registerDataRepresentation(forTypeIdentifier: identifier, visibility: visibility) {
            completion in
            Task(executorPreference: IOExecutor.shared) {
              do {
                switch try await exporter(transferable()) {
                case .data(let data): completion(data, nil)
                case .file(let url, _): completion(try Data(contentsOf: url), nil)
                }
              } catch {
                completion(nil, error)
              }
            }
            return nil
          }
        case .file(let opensInPlace):
          registerFileRepresentation(
            forTypeIdentifier: identifier, fileOptions: opensInPlace ? [.openInPlace] : [],
            visibility: visibility
          ) { completion in
            Task(executorPreference: IOExecutor.shared) {
              do {
                guard case .file(let url, let allowsOriginal) = try await exporter(transferable())
                else { throw CocoaError(.fileReadUnknown) }
                if opensInPlace, !allowsOriginal {
                  throw TransferableError.originalFileNotAllowed(identifier)
                }
                completion(url, false, nil)
              } catch {
                completion(nil, false, error)
              }
            }
            return nil
          }
        }
      }
    }
  }

  extension NSItemProviderRepresentationVisibility {
    init(_ visibility: TransferRepresentationVisibility) {
      switch visibility {
      case .all: self = .all
      case .team: self = .team
      case .group: self = .group
      case .ownProcess: self = .ownProcess
      }
    }
  }
#endif
