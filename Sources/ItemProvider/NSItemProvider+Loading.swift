import Foundation
import SystemCalls

extension NSItemProvider {
  /// Loads a representation as data, returning a progress that can cancel the load.
  ///
  /// Uses the registered representation of `typeIdentifier`, else the first (in fidelity order)
  /// that conforms to it. A file representation is read; a folder comes as a ZIP archive with
  /// the folder as its top-level entry, as Apple documents. Fails with -1000 when no
  /// representation conforms or the source fails, times out or vanishes.
  @discardableResult
  public func loadDataRepresentation(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress {
    start(
      typeIdentifier, interface: .binary, representation: representations.best(for: typeIdentifier),
      onFailure: { completionHandler(nil, $0) },
      then: { result, operation in
        do {
          let data = try Self.data(from: result.get(), operation: operation)
          completionHandler(data, nil)
        } catch {
          completionHandler(nil, PayloadFetcher.failure(typeIdentifier, error))
        }
      })
  }

  /// Loads a representation as a file: a private temporary copy, deleted when the completion
  /// handler returns.
  ///
  /// Apple: "This file will be deleted when the completion handler returns" — copy or move it
  /// inside the handler. As on iOS, the copy is named from `suggestedName` (else the source
  /// file's name) with the preferred extension of the representation delivered, not of the type
  /// asked for (`public.image` from Photos gives `IMG_0412.heic`), and lives alone in a fresh
  /// `.com.apple.Foundation.NSItemProvider.XXXXXX` directory of the temporary directory, which
  /// only this user can read. A folder representation is copied as a folder.
  @discardableResult
  public func loadFileRepresentation(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
  ) -> Progress {
    loadCopy(typeIdentifier, inPlace: false) { url, _, error in completionHandler(url, error) }
  }

  /// Loads a representation as a file, in place when the source registered it with
  /// `.openInPlace` (`isInPlace` true: the source's own file, not deleted), otherwise as a
  /// temporary copy (`isInPlace` false) that is deleted when the completion handler returns.
  ///
  /// On iOS such a copy lives until a file coordinator lets go of it; there is no file
  /// coordination here, so the copy follows `loadFileRepresentation`'s rule.
  @discardableResult
  public func loadInPlaceFileRepresentation(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
  ) -> Progress {
    loadCopy(typeIdentifier, inPlace: true, completionHandler: completionHandler)
  }

  /// `loadInPlaceFileRepresentation` for the package's own loaders, which already run on a
  /// worker of the I/O executor (`IOExecutor`): the source is asked, and the completion handler
  /// called, on the calling worker before this returns when the source answers at once (as a
  /// registered file does), sparing the hand-off to another worker and back. A source that
  /// answers later calls the handler where it answers, as with the public method. From any
  /// other thread this is the public method.
  package func loadInPlaceFileRepresentationOnThisWorker(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
  ) -> Progress {
    loadCopy(
      typeIdentifier, inPlace: true, onThisWorker: IOExecutor.shared.isCurrent,
      completionHandler: completionHandler)
  }

  func loadCopy(
    _ typeIdentifier: String,
    inPlace: Bool,
    onThisWorker: Bool = false,
    completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
  ) -> Progress {
    let suggestedName = self.suggestedName
    let representation = representations.best(for: typeIdentifier)
    return start(
      typeIdentifier, interface: .binary, representation: representation,
      onThisWorker: onThisWorker,
      onFailure: { completionHandler(nil, false, $0) },
      then: { result, operation in
        let copy: TemporaryCopy
        do {
          let payload = try result.get()
          if inPlace, representation?.opensInPlace == true, case .file(let url) = payload {
            SecurityScopes.shared.grant(url)
            completionHandler(url, true, nil)
            return
          }
          copy = try Self.temporaryCopy(
            of: payload, suggestedName: suggestedName,
            deliveredType: representation?.typeIdentifier ?? typeIdentifier, operation: operation)
        } catch {
          completionHandler(nil, false, PayloadFetcher.failure(typeIdentifier, error))
          return
        }
        completionHandler(copy.url, false, nil)
        copy.remove()
      })
  }

  /// Finds the representation, arms the load and calls the source on a worker of the I/O
  /// executor (this one, with `onThisWorker`).
  func start(
    _ typeIdentifier: String,
    interface: FetchInterface,
    representation: Representation?,
    onThisWorker: Bool = false,
    onFailure: @escaping @Sendable (NSError) -> Void,
    then: @escaping @Sendable (Result<Payload, NSError>, LoadOperation) -> Void
  ) -> Progress {
    let operation = LoadOperation(typeIdentifier: typeIdentifier, onFailure: onFailure)
    operation.begin(timeout: loadTimeout)
    guard let chosen = representation else {
      operation.fail(Self.itemUnavailable(typeIdentifier))
      return operation.progress
    }
    let load: @Sendable () -> Void = {
      PayloadFetcher.fetch(chosen, interface: interface, operation: operation) { result in
        then(result, operation)
        operation.end()
      }
      operation.armTimeoutIfWaiting()
    }
    if onThisWorker {
      load()
    } else {
      IOExecutor.shared.execute(load)
    }
    return operation.progress
  }

  /// The bytes a binary load hands over for `payload`.
  static func data(from payload: Payload, operation: LoadOperation) throws -> Data {
    if operation.isCancelled { throw CocoaError(.userCancelled) }
    switch payload {
    case .data(let data):
      return data
    case .file(let url):
      let path = url.path
      switch try FileSystem.status(ofPath: path).kind {
      case .directory:
        return try FolderArchiver.archive(folderAt: path) { operation.isCancelled }
      case .regularFile:
        return try FileCopier.readFile(at: path) { operation.isCancelled }
      default:
        throw ItemProviderError.unsupportedFileKind(path: path)
      }
    case .object(let object):
      return try ObjectCoercion.data(of: object)
    }
  }

  /// The private copy a file load hands over for `payload`.
  static func temporaryCopy(
    of payload: Payload, suggestedName: String?, deliveredType: String,
    operation: LoadOperation
  ) throws -> TemporaryCopy {
    if operation.isCancelled { throw CocoaError(.userCancelled) }
    var sourcePath: String?
    if case .file(let url) = payload { sourcePath = url.path }
    let copy = try TemporaryCopy.reserve(
      suggestedName: suggestedName,
      sourceName: sourcePath.map { ($0 as NSString).lastPathComponent },
      deliveredType: deliveredType)
    do {
      switch payload {
      case .file(let url):
        switch try FileSystem.status(ofPath: url.path).kind {
        case .directory:
          try FileCopier.copyTree(
            from: url.path, to: copy.path, progress: operation.progress
          ) { operation.isCancelled }
        case .regularFile:
          try FileCopier.copyFile(
            from: url.path, to: copy.path, progress: operation.progress
          ) { operation.isCancelled }
        default:
          throw ItemProviderError.unsupportedFileKind(path: url.path)
        }
      case .data(let data):
        try FileCopier.writeFile(data, to: copy.path)
      case .object(let object):
        try FileCopier.writeFile(try ObjectCoercion.data(of: object), to: copy.path)
      }
    } catch {
      copy.remove()
      throw error
    }
    return copy
  }
}
