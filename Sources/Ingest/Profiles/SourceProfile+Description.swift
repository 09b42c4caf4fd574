extension SourceProfile: CustomStringConvertible {
  /// The profile's name and title, `photos-photo (Photos: one photo)`: what a parameterized
  /// test shows for each case (`@Test(arguments: try SourceProfile.shipped())`), where the
  /// whole structure, provenance and every representation, would fill a line per case.
  public var description: String { "\(name) (\(title))" }
}
