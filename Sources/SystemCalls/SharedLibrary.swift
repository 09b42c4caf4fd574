#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A C library loaded the first time it is needed (`dlopen`), not linked: a process that never
/// uses it neither maps nor relocates it, and a command that answers one question pays only
/// for the libraries that question needs. libmagic (the sniffer's long tail), libgcrypt
/// (payload digests), libcrypto (shortcut signatures), SQLite (the library) and libpq
/// (PostgreSQL) are loaded this way; each module keeps the loaded functions in a table its C
/// shim fills (`*_resolve`).
///
/// Each library can be named by an environment variable (`INGEST_LIBMAGIC`,
/// `INGEST_LIBGCRYPT`, `INGEST_LIBHEIF`, `INGEST_LIBCRYPTO`, `INGEST_LIBSQLITE`, `INGEST_LIBPQ`):
/// a path, or a soname the loader finds, for systems that keep it elsewhere.
package struct SharedLibrary: Sendable {
  /// The library's name in messages: `libmagic`.
  package var name: String
  /// The soname opened when the environment names none: `libmagic.so.1`.
  package var soname: String
  /// The environment variable that names another copy: `INGEST_LIBMAGIC`.
  package var variable: String
  /// What to install, as the message says it: `libmagic1 (with libmagic-dev)`.
  package var packages: String

  package init(name: String, soname: String, variable: String, packages: String) {
    self.name = name
    self.soname = soname
    self.variable = variable
    self.packages = packages
  }

  /// Opens the library (`RTLD_NOW | RTLD_LOCAL`: a missing symbol fails here, and the
  /// library's names stay out of the process's global scope) and hands the handle to
  /// `resolve`, which fills the shim's table of functions or names the first one missing.
  /// Call it once per process and keep the result (a lazily initialised global).
  package func load<API>(
    _ resolve: (UnsafeMutableRawPointer) -> (api: API?, missing: String?)
  ) -> Result<API, SharedLibraryError> {
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      return .failure(failure(dlerror().map { String(cString: $0) } ?? "dlopen failed"))
    }
    let resolved = resolve(handle)
    guard let api = resolved.api else {
      dlclose(handle)
      return .failure(failure("it has no \(resolved.missing ?? "function the package needs")"))
    }
    return .success(api)
  }

  /// The copy the environment variable names, if it names one.
  private var override: String? {
    getenv(variable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The copy opened: the one the environment variable names, else the soname.
  private var path: String { override ?? soname }

  /// The library failed, loaded or later (an initialisation that failed), for `reason`.
  package func failure(_ reason: String) -> SharedLibraryError {
    let override = self.override
    return SharedLibraryError(
      library: name, source: override.map { "\($0) (\(variable))" } ?? soname, reason: reason,
      packages: packages, variable: variable)
  }
}

extension SharedLibrary {
  /// libmagic, for the formats the sniffer's own signatures do not know.
  package static let libmagic = SharedLibrary(
    name: "libmagic", soname: "libmagic.so.1", variable: "INGEST_LIBMAGIC",
    packages: "libmagic1 (with libmagic-dev)")

  /// libgcrypt, for the SHA-256 digests of payloads.
  package static let libgcrypt = SharedLibrary(
    name: "libgcrypt", soname: "libgcrypt.so.20", variable: "INGEST_LIBGCRYPT",
    packages: "libgcrypt20 (with libgcrypt20-dev)")

  /// libheif, for HEIF (HEIC) and AVIF images (the web app's thumbnails).
  package static let libheif = SharedLibrary(
    name: "libheif", soname: "libheif.so.1", variable: "INGEST_LIBHEIF",
    packages: "libheif1 (with libheif-dev)")

  /// libcrypto (OpenSSL 3), for shortcut signatures.
  package static let libcrypto = SharedLibrary(
    name: "libcrypto", soname: "libcrypto.so.3", variable: "INGEST_LIBCRYPTO",
    packages: "libssl3 (with libssl-dev)")

  /// SQLite, for the library database.
  package static let sqlite = SharedLibrary(
    name: "SQLite", soname: "libsqlite3.so.0", variable: "INGEST_LIBSQLITE",
    packages: "libsqlite3-0 (with libsqlite3-dev)")
}

/// A C library's table of functions once loaded, or why it could not be: what each module keeps
/// in a `static let` (lazily initialised, so loaded once per process, on first use), the one
/// "load a C library once" helper of the package.
//
// `@unchecked Sendable` because a C library's table is a C struct of function pointers, which
// Swift imports as not `Sendable`: the pointers are written once, when the library loads, and
// only read after, from any thread.
package struct LoadedLibrary<Functions>: @unchecked Sendable {
  /// The functions, or why the library could not be loaded.
  package let result: Result<Functions, SharedLibraryError>

  /// An outcome already known (a library loaded some other way, a failure of set-up).
  package init(_ result: Result<Functions, SharedLibraryError>) {
    self.result = result
  }

  /// Loads `library` now and keeps its functions as `resolve` finds them (see
  /// `SharedLibrary.load(_:)`).
  package init(
    _ library: SharedLibrary,
    resolve: (UnsafeMutableRawPointer) -> (api: Functions?, missing: String?)
  ) {
    self.init(library.load(resolve))
  }

  /// The functions.
  /// - Throws: `SharedLibraryError` when the library could not be loaded.
  package func get() throws(SharedLibraryError) -> Functions {
    try result.get()
  }
}

/// A C library the package loads on first use could not be loaded: which library, from where,
/// why, and what to install.
public struct SharedLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The library: `libmagic`, `libgcrypt`, `libheif`, `libcrypto`, `SQLite`, `libpq`.
  public var library: String
  /// What was opened: a soname, or a path with the environment variable that named it.
  public var source: String
  /// The loader's message, or the function the library lacks.
  public var reason: String
  /// The Debian packages that provide it.
  public var packages: String
  /// The environment variable that names another copy.
  public var variable: String

  /// "libmagic could not be loaded from libmagic.so.1: …; install libmagic1 (with
  /// libmagic-dev), or set INGEST_LIBMAGIC to its path".
  public var description: String {
    "\(library) could not be loaded from \(source): \(reason); install \(packages), or set"
      + " \(variable) to its path"
  }
}
