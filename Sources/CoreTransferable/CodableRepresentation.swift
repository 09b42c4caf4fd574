#if os(Linux)
  import Foundation
  import UniformTypeIdentifiers

  /// An encoder a `CodableRepresentation` can use: Foundation's `JSONEncoder` and
  /// `PropertyListEncoder`. (Apple's is Combine's `TopLevelEncoder`, which Linux lacks.)
  public protocol TransferEncoder: Sendable {
    /// The value's bytes.
    func encode<Value: Encodable>(_ value: Value) throws -> Data
  }

  /// A decoder a `CodableRepresentation` can use: Foundation's `JSONDecoder` and
  /// `PropertyListDecoder`.
  public protocol TransferDecoder: Sendable {
    /// A value of `type` from its bytes.
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value
  }

  extension JSONEncoder: TransferEncoder {}
  extension JSONDecoder: TransferDecoder {}
  extension PropertyListEncoder: TransferEncoder {}
  extension PropertyListDecoder: TransferDecoder {}

  /// A representation that carries a `Codable` item as its encoding, by default JSON.
  ///
  /// Mirrors CoreTransferable's `CodableRepresentation`; it travels as bytes, like a
  /// `DataRepresentation` of `contentType`.
  public struct CodableRepresentation<
    Item: Transferable & Codable, Encoder: TransferEncoder, Decoder: TransferDecoder
  >: TransferRepresentation {
    let entry: _TransferEntry<Item>

    /// A representation encoded and decoded with `encoder` and `decoder`.
    public init(
      for itemType: Item.Type = Item.self, contentType: UTType, encoder: Encoder,
      decoder: Decoder
    ) {
      var entry = _TransferEntry<Item>(contentType: contentType, form: .data)
      entry.exporter = { .data(try encoder.encode($0)) }
      entry.importer = { payload in
        switch payload {
        case .data(let data): try decoder.decode(Item.self, from: data)
        case .file(let url, _): try decoder.decode(Item.self, from: Data(contentsOf: url))
        }
      }
      self.entry = entry
    }

    /// The representation itself.
    public var body: Self { return self }

    /// The one entry.
    public func _transferEntries() -> [_TransferEntry<Item>] { [entry] }
  }

  extension CodableRepresentation where Encoder == JSONEncoder, Decoder == JSONDecoder {
    /// A representation encoded and decoded as JSON.
    public init(for itemType: Item.Type = Item.self, contentType: UTType) {
      self.init(
        for: itemType, contentType: contentType, encoder: JSONEncoder(), decoder: JSONDecoder())
    }
  }
#endif
