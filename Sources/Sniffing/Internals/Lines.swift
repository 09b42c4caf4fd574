/// The lines of UTF-8 text from an offset on, without their CR/LF endings.
struct Lines: IteratorProtocol {
  private let text: [UInt8]
  private var position: Int

  init(_ text: [UInt8], from start: Int) {
    self.text = text
    self.position = start
  }

  /// Where the next line starts.
  var offset: Int { position }

  mutating func next() -> ArraySlice<UInt8>? {
    guard position < text.count else { return nil }
    var end = position
    while end < text.count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
    let line = text[position..<end]
    if end < text.count, text[end] == 0x0D { end += 1 }
    if end < text.count, text[end] == 0x0A { end += 1 }
    position = end
    return line
  }
}
