// An empty module named as Swift Testing's cross-import overlay for UIKit.
//
// The toolchain's Testing module declares that a file importing both Testing and UIKit also
// imports `_Testing_UIKit` (`Testing.swiftcrossimport/UIKit.swiftoverlay`); Apple platforms
// ship it (image attachments of `UIImage`), Linux toolchains do not, so such a file fails with
// "no such module '_Testing_UIKit'". The Linux UIKit module depends on this one, so an app's
// tests that import both compile. It adds nothing: attachments of UIImages are not provided.
