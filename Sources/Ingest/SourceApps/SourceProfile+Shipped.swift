import Foundation

extension SourceProfile {
  /// The names of the profiles this package ships (those in the repository's
  /// `corpus/sources/`), sorted.
  public static var shippedNames: [String] { ShippedProfiles.json.keys.sorted() }

  /// A shipped profile, compiled into the package so it is found wherever the program runs;
  /// nil for a name that is not shipped.
  ///
  /// - Throws: `SourceProfileError` if the embedded copy does not read (a build from a broken
  ///   `corpus/sources/`).
  public static func shipped(named name: String) throws -> SourceProfile? {
    guard let json = ShippedProfiles.json[name] else { return nil }
    let path = "<shipped>/\(name).json"
    let profile: SourceProfile
    do {
      profile = try JSONDecoder().decode(SourceProfile.self, from: Data(json.utf8))
    } catch {
      throw SourceProfileError.malformedJSON(path: path, reason: "\(error)")
    }
    try profile.validate(path: path, corpus: nil)
    return profile
  }

  /// Every shipped profile, sorted by name.
  public static func shipped() throws -> [SourceProfile] {
    try shippedNames.compactMap { try shipped(named: $0) }
  }
}
