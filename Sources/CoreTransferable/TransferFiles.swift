#if os(Linux)
  import Foundation
  import SystemCalls

  /// The private folders where received copies live until an importing closure returns.
  enum TransferFiles {
    /// A new folder (mode 0700) in the temporary directory.
    static func makePrivateDirectory() throws -> URL {
      URL(
        fileURLWithPath: try FileSystem.makeTemporaryDirectory(
          in: FileManager.default.temporaryDirectory.path, prefix: ".CoreTransferable"))
    }

    /// Moves a load's temporary copy (deleted when the load's handler returns) into a new
    /// private folder, so it outlives the handler until the importing closure returns.
    static func keep(_ copy: URL) throws -> (directory: URL, file: URL) {
      let directory = try makePrivateDirectory()
      let file = directory.appendingPathComponent(copy.lastPathComponent)
      do {
        try FileManager.default.moveItem(at: copy, to: file)
      } catch {
        remove(directory)
        throw error
      }
      return (directory, file)
    }

    /// Removes a private folder and what is in it.
    static func remove(_ directory: URL) {
      try? FileSystem.removeTree(directory.path)
    }
  }
#endif
