import Foundation

/// A decoder for Apple's LZFSE compressed streams, written from the published format.
///
/// A stream is a sequence of blocks, each starting with a four-byte magic: `bvx2` (LZFSE with
/// compressed frequency tables), `bvx1` (LZFSE with plain tables), `bvxn` (LZVN), `bvx-` (raw
/// bytes), ending with `bvx$`. Matches may reach back into earlier blocks of the same stream.
///
/// Decoding first walks every block header to learn the total output size, so a stream that
/// claims more than `maximumOutputSize` bytes is refused before anything is allocated, and then
/// decodes into one buffer of exactly that size.
public enum LZFSE {
  /// The output limit used when the caller gives none: 256 MiB.
  public static let defaultMaximumOutputSize = 256 << 20

  /// Decodes a whole LZFSE stream.
  /// - Parameters:
  ///   - input: the compressed bytes (`[UInt8]`, `Data`, ...), starting with a block magic.
  ///   - maximumOutputSize: refuse streams whose headers claim more decoded bytes than this.
  /// - Returns: the decoded bytes.
  /// - Throws: `LZFSEError` saying what is wrong and at which input offset.
  public static func decompress(
    _ input: some ContiguousBytes,
    maximumOutputSize: Int = defaultMaximumOutputSize
  ) throws(LZFSEError) -> [UInt8] {
    // `withUnsafeBytes` rethrows untyped errors, so the typed error travels in a Result.
    let result = input.withUnsafeBytes { buffer in
      Result { () throws(LZFSEError) -> [UInt8] in
        try decompress(buffer, maximumOutputSize: maximumOutputSize)
      }
    }
    return try result.get()
  }

  /// The number of bytes the stream decodes to, read from its block headers alone.
  /// - Throws: `LZFSEError` when the block structure is malformed or exceeds the limit.
  public static func decodedSize(
    of input: some ContiguousBytes,
    maximumOutputSize: Int = defaultMaximumOutputSize
  ) throws(LZFSEError) -> Int {
    let result = input.withUnsafeBytes { buffer in
      Result { () throws(LZFSEError) -> Int in
        try LZFSEBlockScanner(buffer).totalDecodedSize(limit: maximumOutputSize)
      }
    }
    return try result.get()
  }

  /// Decodes from raw memory; the other entry points call this.
  static func decompress(
    _ input: UnsafeRawBufferPointer,
    maximumOutputSize: Int
  ) throws(LZFSEError) -> [UInt8] {
    let scanner = LZFSEBlockScanner(input)
    let total = try scanner.totalDecodedSize(limit: maximumOutputSize)
    // Slack past the end lets the copy loops use eight-byte stores near the end of a block.
    let capacity = total + LZFSEBlockDecoder.outputSlack
    var failure: LZFSEError?
    let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      guard let base = buffer.baseAddress else {
        count = 0
        return
      }
      memset(base, 0, capacity)
      do throws(LZFSEError) {
        var decoder = LZFSEBlockDecoder(input: input, output: base, capacity: capacity)
        defer { decoder.deallocate() }
        try decoder.decodeAll(scanner: scanner)
        count = total
      } catch {
        failure = error
        count = 0
      }
    }
    if let failure { throw failure }
    return output
  }
}
