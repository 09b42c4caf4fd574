/// Hexadecimal text for bytes (String(format:) is slow on Linux and this runs in hot paths).
enum Hex {
  static func string(_ bytes: some Sequence<UInt8>, uppercase: Bool = false) -> String {
    let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    var text: [UInt8] = []
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
