import Foundation

extension SourceProfile {
  /// The names of the profiles this package ships (those in the repository's
  /// `corpus/sources/`), sorted.
  public static var shippedNames: [String] { ShippedProfiles.names }

  /// The same names, comma separated (`files-pdf, firefox-page, …`), as a help text or an
  /// error lists them; laid out at build time, so it costs nothing to name them.
  public static var shippedNameList: String { ShippedProfiles.nameList }

  /// A shipped profile, compiled into the package so it is found wherever the program runs;
  /// nil for a name that is not shipped.
  ///
  /// - Throws: `SourceProfileError` if the embedded copy does not read (a build from a broken
  ///   `corpus/sources/`).
  public static func shipped(named name: String) throws -> SourceProfile? {
    guard let position = ShippedProfiles.names.firstIndex(of: name) else { return nil }
    let json = ShippedProfiles.json[position]
    let path = "<shipped>/\(name).json"
    let profile: SourceProfile
    do {
      profile = try JSONInput.decode(SourceProfile.self, from: Data(json.utf8))
    } catch {
      throw SourceProfileError.malformedJSON(path: path, reason: error.description)
    }
    try profile.validate(path: path, corpus: nil)
    return profile
  }

  /// Every shipped profile, sorted by name.
  public static func shipped() throws -> [SourceProfile] {
    try shippedNames.compactMap { try shipped(named: $0) }
  }
}
