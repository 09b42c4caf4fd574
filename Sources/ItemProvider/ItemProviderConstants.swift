// swift-format-ignore: AlwaysUseLowerCamelCase
/// The error domain of item provider errors. (`NSItemProviderErrorDomain`)
public let NSItemProviderErrorDomain = "NSItemProviderErrorDomain"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The `loadItem` options key for a preferred image size. (`NSItemProviderPreferredImageSizeKey`)
public let NSItemProviderPreferredImageSizeKey = "NSItemProviderPreferredImageSizeKey"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key, inside the `com.apple.property-list` item Safari provides, of the object a share
/// extension's JavaScript preprocessing passed to its completion function.
public let NSExtensionJavaScriptPreprocessingResultsKey =
  "NSExtensionJavaScriptPreprocessingResultsKey"

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key for the arguments an extension passes back to its JavaScript `finalize` function.
public let NSExtensionJavaScriptFinalizeArgumentKey = "NSExtensionJavaScriptFinalizeArgumentKey"
