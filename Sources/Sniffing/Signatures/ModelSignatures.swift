/// Binary STL, the triangle meshes 3D printers take (`public.standard-tesselated-geometry-format`).
///
/// Binary STL has no magic number: an 80-byte header of any content (often the word `solid`,
/// which ASCII STL begins with), a little-endian 32-bit triangle count, then 50 bytes per
/// triangle (a normal and three vertices as 32-bit floats, and a 16-bit attribute). The check
/// is the one readers rely on: the file is exactly 84 + 50 × count bytes long, with at least one
/// triangle, and the triangles in the prefix (the first 32) hold finite numbers. ASCII STL is
/// text, classified with the other text formats.
enum ModelSignatures {
  static let headerLength = 84
  static let triangleLength = 50
  static let checkedTriangles = 32

  static func binarySTL(_ bytes: [UInt8], fileSize: Int) -> Detection? {
    guard fileSize >= headerLength + triangleLength, let count = bytes.leUInt32(at: 80),
      count > 0, fileSize == headerLength + triangleLength * Int(count)
    else { return nil }
    let triangles = min(Int(count), checkedTriangles)
    for triangle in 0..<triangles {
      let start = headerLength + triangle * triangleLength
      for value in 0..<12 {
        guard let bits = bytes.leUInt32(at: start + 4 * value) else { break }  // past the prefix
        guard Float(bitPattern: bits).isFinite else { return nil }
      }
    }
    return Detection(
      "public.standard-tesselated-geometry-format", mimeType: "model/stl",
      note: "binary STL, \(count) triangles filling the file")
  }
}
