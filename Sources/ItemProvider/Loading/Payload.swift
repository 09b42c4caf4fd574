import Foundation

/// What a source delivered for a representation, before it is shaped for the consumer.
enum Payload {
  /// Bytes in memory (a data representation, or an object's data form).
  case data(Data)
  /// A file or folder the source points at (a file representation).
  case file(URL)
  /// An object (the coercing interface).
  case object(any NSSecureCoding)
}
