#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment variables, read one by one (`getenv`).
///
/// `ProcessInfo.processInfo.environment` makes a dictionary of every variable each time it is
/// read (about 0.1 ms for a shell's forty); a command that wants three of them reads three.
package enum ProcessEnvironment {
  /// The value of `name`; nil when it is not set.
  package static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The variables among `names` that are set, by name.
  package static func values(_ names: [String]) -> [String: String] {
    var values: [String: String] = [:]
    for name in names {
      if let value = value(name) { values[name] = value }
    }
    return values
  }
}
