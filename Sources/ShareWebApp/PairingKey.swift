import Ingest
import SystemCalls

/// The key the pairing cookies are made under, kept in the group directory as
/// `.pairing-key` (32 random bytes, mode 0600, made once, never through a link), so that a
/// paired browser stays paired when the server restarts.
///
/// The file is made as payloads are (a fresh temporary name, written, flushed, then renamed
/// without replacing), so two servers starting at once agree on one key. A file there that is
/// not a plain 32-byte file of this user's with one name is refused, and the server keeps a key
/// in memory instead: `isPersisted` is false then, and the install page says that pairing lasts
/// until the server restarts.
struct PairingKey: Sendable {
  /// The file's name in the group directory.
  static let fileName = ".pairing-key"
  static let byteCount = 32

  /// The key's bytes.
  let bytes: [UInt8]
  /// Whether the key is in the group directory (it outlives a restart).
  let isPersisted: Bool
  /// Why it is not, for the server's log (no path of the user's content).
  let problem: String?

  /// The group's key: read, or made and kept; else a key in memory.
  init(group: GroupDirectory?) {
    guard let group else {
      self.init(bytes: Self.random(), isPersisted: false, problem: nil)
      return
    }
    do {
      self.init(bytes: try Self.load(group), isPersisted: true, problem: nil)
    } catch {
      self.init(bytes: Self.random(), isPersisted: false, problem: "\(error)")
    }
  }

  private init(bytes: [UInt8], isPersisted: Bool, problem: String?) {
    self.bytes = bytes
    self.isPersisted = isPersisted
    self.problem = problem
  }

  private static func random() -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<byteCount).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }

  /// Reads the key, making it first when there is none.
  static func load(_ group: GroupDirectory) throws(IOError) -> [UInt8] {
    if let existing = try read(group) { return existing }
    let key = random()
    let temporary = fileName + "." + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let file = try group.root.open(
      temporary, .writeOnly, options: [.create, .exclusive, .noFollow], permissions: 0o600)
    do throws(IOError) {
      try file.closeAfterTyped { () throws(IOError) in
        try file.writeAll(key)
        try file.sync()
      }
      try group.root.rename(temporary, to: fileName, replacing: false)
      try group.root.sync()
      return key
    } catch {
      try? group.root.removeFile(temporary)
      // Another server made it first: its key is the one.
      if error.code == .alreadyExists, let existing = try read(group) { return existing }
      throw error
    }
  }

  /// The key in the file, or nil when there is no file.
  /// - Throws: `IOError` for a file that is not a plain 32-byte file of one name, mode 0600.
  private static func read(_ group: GroupDirectory) throws(IOError) -> [UInt8]? {
    let opened: FileDescriptor.Untrusted
    do {
      opened = try group.root.openUntrusted(fileName)
    } catch {
      if error.code == .notFound { return nil }
      throw error
    }
    return try opened.file.closeAfterTyped { () throws(IOError) -> [UInt8] in
      let path = group.root.path(of: fileName)
      guard opened.status.size == Int64(byteCount), opened.status.permissions & 0o077 == 0
      else {
        throw IOError(
          .other, operation: .init("read the pairing key", .reading), path: path,
          cause: PairingKeyUnfit(size: opened.status.size))
      }
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 1)
      defer { buffer.deallocate() }
      let count = try opened.file.readFully(fromAbsoluteOffset: 0, into: buffer)
      let key = [UInt8](buffer)
      guard count == byteCount else {
        throw IOError(
          .other, operation: .init("read the pairing key", .reading), path: path,
          cause: PairingKeyUnfit(size: Int64(count)))
      }
      return key
    }
  }
}

/// A pairing key file that is not 32 bytes readable by its owner alone.
struct PairingKeyUnfit: Error, Sendable, CustomStringConvertible {
  var size: Int64
  var description: String {
    "it must be \(PairingKey.byteCount) bytes that only its owner may read (mode 0600); it has"
      + " \(size) bytes, or others may read it: remove it and restart the server to make a new one"
  }
}
