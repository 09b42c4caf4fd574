extension SystemCatalogue {
  /// Types that systems newer than macOS 12 declare (iOS 15 through 18, macOS 13 through 15).
  static let newerTypes = """
    """
}
