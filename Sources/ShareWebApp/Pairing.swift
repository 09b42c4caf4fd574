import Digests
import ShareServer
import SystemCalls

/// How a browser signs in: it cannot add `Authorization: Bearer` to a Web Share Target POST,
/// so the token is typed once into the pairing form (`POST /pair`), and the answer sets a
/// cookie that stands in for the header on `POST /share` and on the pages.
///
/// The cookie is not the token: it is the HMAC-SHA256 of the token under a key the server
/// keeps in the group directory (`PairingKey`, 0600, made at the first start), in hexadecimal.
/// A cookie copied off a device does not give the token away; it outlives a restart, and stops
/// working when its token leaves the token file or the key file is removed. Where the key
/// cannot be kept (`isKeyPersisted` false), it lives in memory and every device pairs again
/// after a restart; the install page says so. Cookies are compared in constant time,
/// as ``BearerTokens`` compares tokens.
///
/// It is `HttpOnly; SameSite=Strict; Path=/` with a `Max-Age` of 400 days (Chrome's most), and
/// `Secure` over HTTPS (the server's own TLS, or a proxy's). `SameSite=Strict` keeps other
/// sites' pages from sending it; a POST it authenticates must also come from the server's own
/// pages (`isSameOrigin(_:)`), as `Sec-Fetch-Site` and `Origin` say.
struct Pairing: Sendable {
  /// The tokens; nil when the server asks for none (`--insecure-no-token`).
  let tokens: BearerTokens?
  /// Whether the pages are served over HTTPS (the cookie is `Secure`, origins are `https:`).
  let isSecure: Bool
  /// The cookie of each token, as bytes of its hexadecimal text.
  private let cookies: [[UInt8]]
  private let key: [UInt8]
  /// Whether the key outlives a restart (see `PairingKey`).
  let isKeyPersisted: Bool

  /// The cookie's name: with the `__Host-` prefix behind HTTPS, which browsers accept only
  /// from a secure origin, for the whole host, with `Path=/`.
  var cookieName: String { isSecure ? "__Host-ingest-pairing" : "ingest-pairing" }

  /// Each token's cookie under `key` (a key in memory by default).
  /// - Throws: `ShareServerError.pairingUnavailable` when libgcrypt cannot be loaded.
  init(tokens: BearerTokens?, isSecure: Bool, key pairingKey: PairingKey = PairingKey(group: nil))
    throws(ShareServerError)
  {
    self.tokens = tokens
    self.isSecure = isSecure
    let key = pairingKey.bytes
    self.key = key
    isKeyPersisted = pairingKey.isPersisted
    do {
      cookies = try (tokens?.tokens ?? []).map { token throws(SharedLibraryError) in
        Array(
          SHA256Digest.hex(try HMACSHA256.authenticationCode(key: key, message: token)).utf8)
      }
    } catch {
      throw .pairingUnavailable(error)
    }
  }

  /// The `Set-Cookie` value for a device that typed `token`; nil when the token is not one of
  /// the server's (or the server asks for none).
  func setCookie(forToken token: String) -> String? {
    guard let tokens, tokens.accepts(token: Array(token.utf8)),
      let code = try? HMACSHA256.authenticationCode(key: key, message: Array(token.utf8))
    else { return nil }
    return "\(cookieName)=\(SHA256Digest.hex(code)); Path=/; Max-Age=34560000; HttpOnly;"
      + " SameSite=Strict" + (isSecure ? "; Secure" : "")
  }

  /// The `Set-Cookie` value that removes the cookie.
  var clearCookie: String {
    "\(cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (isSecure ? "; Secure" : "")
  }

  /// Whether the request carries a cookie the server gave.
  func isPaired(_ head: HTTPRequestHead) -> Bool {
    guard let value = RequestPreferences.cookie(cookieName, in: head.cookie) else { return false }
    return BearerTokens.matches(any: cookies, Array(value.utf8))
  }

  /// Whether the request may see the pages: the server asks for no token, or the request
  /// carries a valid cookie or bearer token.
  func mayView(_ head: HTTPRequestHead) -> Bool {
    guard let tokens else { return true }
    return isPaired(head) || tokens.accepts(authorization: head.authorization)
  }

  /// Whether a POST comes from the server's own pages, as far as the browser says.
  ///
  /// `Sec-Fetch-Site`, which a page cannot set, decides when the browser sends it (to an
  /// HTTPS or local origin): `same-origin` (a page's form) or `none` (the browser itself, as a
  /// share sheet's POST) passes, anything else (`same-site`, `cross-site`) does not. `Origin`,
  /// when it names an origin, must be the server's own. It may be `null`: the pages'
  /// `Referrer-Policy: no-referrer` makes browsers send `Origin: null` on the pages' own form
  /// POSTs, so `null` says nothing either way. A POST with neither header (an old browser, or
  /// plain HTTP to another machine, where browsers send no `Sec-Fetch-*`) has
  /// `SameSite=Strict` as its only guard.
  func isSameOrigin(_ head: HTTPRequestHead) -> Bool {
    if let site = head.fetchSite?.lowercased(), site != "same-origin", site != "none" {
      return false
    }
    guard let origin = head.origin?.lowercased(), origin != "null" else { return true }
    guard let host = head.host?.lowercased() else { return false }
    return origin == (isSecure ? "https://" : "http://") + host
  }
}
