/// The root certificates signatures must chain to.
public struct ShortcutTrustAnchors: Sendable {
  /// A named root certificate.
  public struct Root: Sendable {
    /// The name used in messages, such as "Apple Root CA".
    public var name: String
    /// DER bytes; nil when the certificate is not available, which fails verification.
    public var der: [UInt8]?

    /// Creates a root.
    public init(name: String, der: [UInt8]?) {
      self.name = name
      self.der = der
    }
  }

  /// Anchors contact-signed shortcuts (Apple ID certificates and validation records).
  public var contact: Root
  /// Anchors iCloud-signed shortcuts.
  public var iCloud: Root

  /// Creates anchors.
  public init(contact: Root, iCloud: Root) {
    self.contact = contact
    self.iCloud = iCloud
  }

  /// Apple's roots, embedded in this module: Apple Root CA and Apple Root CA - G3.
  public static let apple = ShortcutTrustAnchors(
    contact: Root(name: "Apple Root CA", der: AppleRootCertificates.appleRootCA),
    iCloud: Root(name: "Apple Root CA - G3", der: AppleRootCertificates.appleRootCAG3))
}
