import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Version 4 UUIDs for the names and ids a share makes, from the C library's `arc4random_buf`
/// (a ChaCha20 generator the kernel seeds, answered in the process): `UUID()` opens, reads and
/// closes `/dev/urandom` for each one here, three system calls for every spare file and share.
package enum RandomUUID {
  package static func make() -> UUID {
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { buffer in
      guard let start = buffer.baseAddress else { return }
      arc4random_buf(start, buffer.count)
    }
    bytes.6 = (bytes.6 & 0x0F) | 0x40  // version 4
    bytes.8 = (bytes.8 & 0x3F) | 0x80  // RFC 4122 variant
    return UUID(uuid: bytes)
  }
}
