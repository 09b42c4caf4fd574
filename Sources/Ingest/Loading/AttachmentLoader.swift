import Foundation
import ItemProvider
import SystemCalls
import UTI

/// Loads the representation the contract chose from one attachment into the share, the way
/// the source registered it: a file representation through `loadFileRepresentation` (in place
/// when the source allows it) and copied inside the completion handler, before the provider
/// deletes its temporary file; a data representation through `loadDataRepresentation`; an
/// object through `loadItem`. Text and URLs are read into the manifest, files are staged with
/// their SHA-256.
struct AttachmentLoader: Sendable {
  let contract: InputContract
  let transaction: ShareTransaction
  let budget: ShareBudget
  let cancellation: ShareCancellation
  /// Told the bytes copied by this attachment so far.
  let progress: @Sendable (AttachmentPosition, Int64) -> Void
  /// Files in `.staging/` the share may take as they are instead of copying them (see
  /// `ReceivedFile`): a file representation whose file is one of these is adopted.
  var adoptions: [ReceivedFile] = []
  /// The store that takes the payloads as they are read (see `PayloadReceivingManifest`),
  /// with each taken attachment's position in the manifest; nil when payloads are files in
  /// `Incoming/`.
  var receiver: (manifest: any PayloadReceivingManifest, positions: [AttachmentPosition: Int])?

  /// Loads `choice` from the decision's provider.
  func load(_ decision: AttachmentDecision, _ choice: RepresentationChoice) async
    -> Result<LoadedAttachment, AttachmentFailure>
  {
    let failure = { @Sendable (stage: AttachmentFailure.Stage, error: any Error) in
      AttachmentFailure(
        position: decision.position, typeIdentifier: choice.typeIdentifier, stage: stage,
        error: error)
    }
    let provider = decision.provider
    let type = choice.typeIdentifier
    switch choice.kind {
    case .file:
      let isFolder = UTType(type)?.conforms(to: .directory) == true
      if choice.delivery == .file && !isFolder {
        return await loadFile(provider, type, position: decision.position).mapError {
          failure($0.stage, $0.error)
        }
      }
      // Data, objects (their data form) and folders (which Apple delivers as data in a ZIP
      // archive with the folder at the top) are written from memory.
      let fileExtension = isFolder ? "zip" : UTType(type)?.preferredFilenameExtension
      switch await loadData(provider, type) {
      case .failure(let error): return .failure(failure(.loading, error))
      case .success(let data):
        // A web page's JavaScript preprocessing result is read for what the script returned.
        if !isFolder, UTType(type)?.conforms(to: .propertyList) == true,
          let page = JavaScriptPage(propertyList: data, contract: contract)
        {
          return .success(.page(url: page.url, title: page.title, selection: page.selection))
        }
        do {
          return .success(
            try stage(data, fileExtension: fileExtension, position: decision.position))
        } catch {
          return .failure(failure(.copying, error))
        }
      }
    case .text, .url:
      return await loadContent(provider, choice).mapError { failure($0.stage, $0.error) }
    }
  }

  // MARK: Files

  /// A file representation, copied inside the completion handler.
  private func loadFile(_ provider: NSItemProvider, _ type: String, position: AttachmentPosition)
    async -> Result<LoadedAttachment, StageFailure>
  {
    let inPlace = provider.registeredTypeIdentifiers(fileOptions: [.openInPlace]).contains(type)
    let fileExtension = UTType(type)?.preferredFilenameExtension
    // The payload file is taken (or made) now, while the provider's queue wakes up to call the
    // source, rather than after; when the share may adopt files, once the file is known.
    var prepared: StagedPayload?
    if adoptions.isEmpty, receiver == nil {
      do {
        prepared = try transaction.stagePayload(fileExtension: fileExtension)
      } catch {
        return .failure(StageFailure(stage: .copying, error: error))
      }
    }
    let delivered = await withCheckedContinuation {
      [prepared] (continuation: CheckedContinuation<Delivered, Never>) in
      let handler: @Sendable (URL?, Bool, (any Error)?) -> Void = { url, isInPlace, error in
        guard let url else {
          if let prepared { transaction.discard(prepared) }
          continuation.resume(
            returning: .done(
              .failure(StageFailure(stage: .loading, error: error ?? CancellationError()))))
          return
        }
        if prepared == nil, let received = adoptable(url) {
          continuation.resume(
            returning: .done(adopt(received, fileExtension: fileExtension, position: position)))
          return
        }
        if let receiver {
          // Straight from the source into the store, while the file still exists.
          do {
            continuation.resume(
              returning: .done(
                .success(
                  try send(
                    atPath: url.path, to: receiver, fileExtension: fileExtension,
                    position: position))))
          } catch {
            continuation.resume(
              returning: .done(.failure(StageFailure(stage: .copying, error: error))))
          }
          return
        }
        let payload: StagedPayload
        do {
          payload = try prepared ?? transaction.stagePayload(fileExtension: fileExtension)
        } catch {
          continuation.resume(
            returning: .done(.failure(StageFailure(stage: .copying, error: error))))
          return
        }
        // The source's own file stays: it is copied by the awaiting task, after this returns
        // (a large copy's hand-over must not block inside that task, as it would here).
        if isInPlace {
          continuation.resume(returning: .inPlace(url, payload))
          return
        }
        // Apple deletes a temporary copy when this handler returns: copy it now.
        continuation.resume(
          returning: .done(
            placed(payload) {
              try copyFile(atPath: url.path, into: payload, position: position)
            }))
      }
      // In place, the source's own file is read on this worker (no hand-off) when the source
      // answers at once; a temporary copy is made on another, as Apple's loads do.
      let load =
        inPlace
        ? provider.loadInPlaceFileRepresentationOnThisWorker(
          forTypeIdentifier: type, completionHandler: handler)
        : provider.loadFileRepresentation(forTypeIdentifier: type) { url, error in
          handler(url, false, error)
        }
      cancellation.track(load)
    }
    switch delivered {
    case .done(let result):
      return result
    case .inPlace(let url, let payload):
      do {
        let loaded = try await copyFile(atPath: url.path, into: payload, position: position)
        return placed(payload) { loaded }
      } catch {
        return placed(payload) { throw error }
      }
    }
  }

  /// What a file representation's completion handler hands to the awaiting load.
  private enum Delivered: Sendable {
    /// The load's end: a payload copied or adopted, or a failure.
    case done(Result<LoadedAttachment, StageFailure>)
    /// The source's own file (in place, not deleted), to copy into `payload`.
    case inPlace(URL, StagedPayload)
  }

  /// The load's end once `copy` filled `payload`: where flushes are slow, flushed by another
  /// worker while the share goes on (to its manifest, or other loads), unless the commit gets
  /// to it first (see `PayloadFlush`); where they cost less than waking a worker, left to the
  /// commit (see `FlushCost`). On failure, the payload discarded.
  private func placed(_ payload: StagedPayload, _ copy: () throws -> LoadedAttachment)
    -> Result<LoadedAttachment, StageFailure>
  {
    do {
      let loaded = try copy()
      if transaction.group.payloadFlushCost.paysToHandOff {
        payload.flush.queue()
        IOExecutor.shared.execute { transaction.makeDurable(payload) }
      }
      return .success(loaded)
    } catch {
      transaction.discard(payload)
      return .failure(StageFailure(stage: .copying, error: error))
    }
  }

  /// The received file at `url`, if the share may adopt it.
  private func adoptable(_ url: URL) -> ReceivedFile? {
    guard url.isFileURL else { return nil }
    let path = url.path
    return adoptions.first { transaction.group.staging.path(of: $0.name) == path }
  }

  /// Takes `received` as the payload (see `ShareTransaction.adoptPayload`), after the checks
  /// a copy makes as it goes: the contract's size limits, and an empty file.
  private func adopt(
    _ received: ReceivedFile, fileExtension: String?, position: AttachmentPosition
  ) -> Result<LoadedAttachment, StageFailure> {
    do {
      if received.byteCount > contract.maximumFileSize {
        throw ContractViolation.fileTooLarge(
          byteCount: received.byteCount, maximum: contract.maximumFileSize)
      }
      try checkNotEmpty(received.byteCount)
      try budget.charge(Int(received.byteCount), fileTotal: received.byteCount)
      guard
        let payload = try transaction.adoptPayload(received, fileExtension: fileExtension)
      else {
        throw IOError(
          .other, operation: .adopt,
          path: transaction.group.staging.path(of: received.name),
          cause: ReceivedFileChanged(expected: nil))
      }
      progress(position, received.byteCount)
      if transaction.group.payloadFlushCost.paysToHandOff {
        payload.flush.queue()
        IOExecutor.shared.execute { transaction.makeDurable(payload) }
      }
      return .success(.file(payload, byteCount: received.byteCount, sha256: received.sha256))
    } catch {
      return .failure(StageFailure(stage: .copying, error: error))
    }
  }

  /// Copies the regular file at `path` into `payload`, with its digest, from a completion
  /// handler (see `DigestingCopier`'s synchronous `copy`).
  private func copyFile(
    atPath path: String, into payload: StagedPayload, position: AttachmentPosition
  ) throws -> LoadedAttachment {
    let (source, size) = try openSource(path)
    return try source.closeAfter {
      let result = try DigestingCopier.copy(
        from: source, sizeHint: size, to: payload.file, budget: budget,
        isCancelled: { cancellation.isCancelled }, progress: { progress(position, $0) })
      try checkNotEmpty(result.byteCount)
      return .file(payload, byteCount: result.byteCount, sha256: result.sha256)
    }
  }

  /// Copies the regular file at `path` into `payload`, with its digest, from the load's task.
  private func copyFile(
    atPath path: String, into payload: StagedPayload, position: AttachmentPosition
  ) async throws -> LoadedAttachment {
    let (source, size) = try openSource(path)
    let result: DigestingCopier.Result
    do {
      result = try await DigestingCopier.copy(
        from: source, sizeHint: size, to: payload.file, budget: budget,
        isCancelled: { [cancellation] in cancellation.isCancelled },
        progress: { [progress] in progress(position, $0) })
    } catch {
      try? source.close()
      throw error
    }
    try source.close()
    try checkNotEmpty(result.byteCount)
    return .file(payload, byteCount: result.byteCount, sha256: result.sha256)
  }

  /// Opens the regular file at `path` to copy it, with its size; refuses anything else, and a
  /// file larger than the contract allows.
  private func openSource(_ path: String) throws -> (FileDescriptor, Int64) {
    // Non-blocking, never through a final symbolic link: a FIFO or a link planted in the
    // source's place is refused, not waited on or followed.
    let source = try FileDescriptor.open(path, .readOnly, options: [.noFollow, .nonBlocking])
    do {
      let status = try source.status()
      guard status.kind == .regularFile else {
        throw IOError(.notRegularFile, operation: .copy, path: path, fileKind: status.kind)
      }
      if status.size > contract.maximumFileSize {
        throw ContractViolation.fileTooLarge(
          byteCount: status.size, maximum: contract.maximumFileSize)
      }
      return (source, status.size)
    } catch {
      try? source.close()
      throw error
    }
  }

  /// Sends the regular file at `path` to the store that receives the share's payloads, with
  /// the checks a copy makes (a regular file, never through a final link, within the
  /// contract's limits), hashing it as it goes.
  private func send(
    atPath path: String,
    to receiver: (manifest: any PayloadReceivingManifest, positions: [AttachmentPosition: Int]),
    fileExtension: String?, position: AttachmentPosition
  ) throws -> LoadedAttachment {
    guard let slot = receiver.positions[position] else { throw CancellationError() }
    let source = try FileDescriptor.open(path, .readOnly, options: [.noFollow, .nonBlocking])
    return try source.closeAfter {
      let status = try source.status()
      guard status.kind == .regularFile else {
        throw IOError(.notRegularFile, operation: .copy, path: path, fileKind: status.kind)
      }
      try budget.charge(Int(status.size), fileTotal: status.size)
      try checkNotEmpty(status.size)
      let result = try receiver.manifest.receivePayload(
        at: slot, from: .file(source, byteCount: status.size, path: path),
        isCancelled: { cancellation.isCancelled }, progress: { progress(position, $0) })
      return .stored(
        name: Self.payloadName(fileExtension), byteCount: result.byteCount,
        sha256: result.sha256)
    }
  }

  /// A new payload's name, `<UUID>.<ext>`, as a payload file in `Incoming/` is named.
  static func payloadName(_ fileExtension: String?) -> String {
    let stem = RandomUUID.make().uuidString
    return fileExtension.map { "\(stem).\($0)" } ?? stem
  }

  /// Writes bytes delivered in memory into a new staged payload.
  private func stage(_ data: Data, fileExtension: String?, position: AttachmentPosition) throws
    -> LoadedAttachment
  {
    try checkNotEmpty(Int64(data.count))
    if let receiver {
      return try send(data, to: receiver, fileExtension: fileExtension, position: position)
    }
    let payload = try transaction.stagePayload(fileExtension: fileExtension)
    do {
      let result = try data.withUnsafeBytes { bytes in
        try DigestingCopier.write(bytes, to: payload.file, budget: budget)
      }
      return .file(payload, byteCount: result.byteCount, sha256: result.sha256)
    } catch {
      transaction.discard(payload)
      throw error
    }
  }

  /// Sends bytes delivered in memory to the store that receives the share's payloads.
  private func send(
    _ data: Data,
    to receiver: (manifest: any PayloadReceivingManifest, positions: [AttachmentPosition: Int]),
    fileExtension: String?, position: AttachmentPosition
  ) throws -> LoadedAttachment {
    guard let slot = receiver.positions[position] else { throw CancellationError() }
    try budget.charge(data.count, fileTotal: Int64(data.count))
    let result = try data.withUnsafeBytes { bytes in
      try receiver.manifest.receivePayload(
        at: slot, from: .bytes(bytes), isCancelled: { cancellation.isCancelled },
        progress: { _ in })
    }
    return .stored(
      name: Self.payloadName(fileExtension), byteCount: result.byteCount, sha256: result.sha256)
  }

  private func checkNotEmpty(_ byteCount: Int64) throws {
    if byteCount == 0 && !contract.acceptsEmptyFiles { throw ContractViolation.emptyFile }
  }

  /// A data representation (or an object's data form).
  func loadData(_ provider: NSItemProvider, _ type: String) async -> Result<Data, any Error> {
    await withCheckedContinuation { continuation in
      let load = provider.loadDataRepresentation(forTypeIdentifier: type) { data, error in
        if let data {
          continuation.resume(returning: .success(data))
        } else {
          continuation.resume(returning: .failure(error ?? CancellationError()))
        }
      }
      cancellation.track(load)
    }
  }
}

/// A load's failure before it is placed: where it failed, and why.
struct StageFailure: Error {
  var stage: AttachmentFailure.Stage
  var error: any Error
}
