#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension ChildProcess {
  /// What one of a child's standard streams is connected to.
  package enum Stream: Sendable {
    /// This process's own descriptor of that number.
    case inherited
    /// `/dev/null`.
    case nullDevice
    /// A descriptor the caller opened; it stays the caller's to close.
    case descriptor(FileDescriptor)
    /// A new pipe, whose other end the caller gets as the child's ``standardInput``,
    /// ``standardOutput`` or ``standardError`` (opened `O_CLOEXEC`).
    case pipe
    /// For standard error only: wherever standard output goes (`2>&1`).
    case standardOutput
  }

  /// The environment a child starts with.
  package enum Environment: Sendable {
    /// This process's environment with these variables added (replacing those of the same
    /// name).
    case adding([String: String])
    /// Exactly these variables, none of this process's.
    case replacing([String: String])

    /// This process's environment as it is.
    package static let inherited = Environment.adding([:])

    /// `NAME=value` strings, sorted by name where they are the caller's.
    func variables() -> [String] {
      switch self {
      case .replacing(let variables):
        return variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      case .adding(let added):
        var variables: [String] = []
        var index = 0
        while let entry = environ[index] {
          let text = String(cString: entry)
          let name = text.prefix { $0 != "=" }
          if added[String(name)] == nil { variables.append(text) }
          index += 1
        }
        return variables + added.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      }
    }

    /// The `PATH` a bare executable name is looked up in: the child's own, as `env(1)` does.
    var searchPath: String {
      switch self {
      case .replacing(let variables): variables["PATH"] ?? ChildProcess.defaultSearchPath
      case .adding(let added):
        added["PATH"] ?? ProcessEnvironment.value("PATH") ?? ChildProcess.defaultSearchPath
      }
    }
  }

  /// A bare name not found in any directory of `PATH`: the cause of an `IOError` whose code is
  /// `notFound`.
  package struct ExecutableNotFound: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name looked for.
    package var name: String
    /// The `PATH` it was looked for in.
    package var searchPath: String

    /// `name` was not found in `searchPath`.
    package init(name: String, searchPath: String) {
      self.name = name
      self.searchPath = searchPath
    }

    /// `no executable file psql in any directory of PATH (/usr/bin:/bin)`.
    package var description: String {
      "no executable file \(name) in any directory of PATH (\(searchPath))"
    }
  }

  /// `PATH` for a child whose environment has none (glibc's `execvp` default, without `.`).
  static let defaultSearchPath = "/usr/bin:/bin"

  /// The operation a failed start names in its `IOError`.
  static let start = IOError.Operation("start", .reading)

  /// Starts `executable` with `arguments`, as `argumentZero` (by default the executable as
  /// given), in `workingDirectory` (by default this process's), with `environment`, and its
  /// standard streams as asked; returns at once.
  ///
  /// An executable without a `/` is looked up in the `PATH` of the child's environment (a
  /// regular file this process may execute); a path is used as it is.
  ///
  /// - Throws: `IOError`: `notFound` with ``ExecutableNotFound`` as its cause when a bare name
  ///   is in no directory of `PATH`; the `errno` of `posix_spawn` for the executable (`ENOENT`,
  ///   `EACCES`, `ENOEXEC`) or of `chdir` for the working directory; `pipe2` or `fcntl`'s.
  package static func spawn(
    _ executable: String, arguments: [String] = [], argumentZero: String? = nil,
    environment: Environment = .inherited, workingDirectory: String? = nil,
    standardInput: Stream = .nullDevice, standardOutput: Stream = .inherited,
    standardError: Stream = .inherited
  ) throws(IOError) -> ChildProcess {
    let path = try resolve(executable, searchPath: environment.searchPath)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Descriptors this process opened for the child only (its pipe ends, moved descriptors),
    // closed once it started; this process's ends of the pipes, the caller's on success.
    var childOnly: [Int32] = []
    var ends: [FileDescriptor?] = [nil, nil, nil]
    defer { for descriptor in childOnly { Glibc.close(descriptor) } }
    do throws(IOError) {
      let streams = [standardInput, standardOutput, standardError]
      for (target, stream) in zip(Int32(0)..., streams) {
        try add(
          stream, as: target, to: &actions, childOnly: &childOnly, end: &ends[Int(target)],
          executable: executable)
      }
      if let workingDirectory {
        guard let addChangeDirectory else {
          throw IOError(
            .unsupported, operation: .init("chdir", .reading), path: workingDirectory,
            cause: Errno.notSupported)
        }
        _ = addChangeDirectory(&actions, workingDirectory)
      }
      _ = addCloseFrom?(&actions, 3)
      let id = try spawn(
        path, argv: [argumentZero ?? executable] + arguments, envp: environment.variables(),
        actions: &actions, workingDirectory: workingDirectory)
      return ChildProcess(
        id: id, executable: path, standardInput: ends[0], standardOutput: ends[1],
        standardError: ends[2])
    } catch {
      for end in ends { try? end?.close() }
      throw error
    }
  }

  /// Adds the file actions that make `stream` the child's descriptor `target`.
  private static func add(
    _ stream: Stream, as target: Int32, to actions: inout posix_spawn_file_actions_t,
    childOnly: inout [Int32], end: inout FileDescriptor?, executable: String
  ) throws(IOError) {
    switch stream {
    case .inherited:
      break
    case .nullDevice:
      posix_spawn_file_actions_addopen(
        &actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
    case .descriptor(let descriptor):
      let source = try movedAbove(descriptor.rawValue, target: target, childOnly: &childOnly)
      posix_spawn_file_actions_adddup2(&actions, source, target)
    case .pipe:
      var pair: [Int32] = [-1, -1]
      let name = ["standard input", "standard output", "standard error"][Int(target)]
      let endPath = "<\(name) of \(executable)>"
      _ = try syscall(.pipe, endPath) { makePipe(&pair) }.orThrow(.pipe, endPath)
      let (child, parent) = target == 0 ? (pair[0], pair[1]) : (pair[1], pair[0])
      childOnly.append(child)
      end = FileDescriptor(rawValue: parent, path: endPath)
      let source = try movedAbove(child, target: target, childOnly: &childOnly)
      posix_spawn_file_actions_adddup2(&actions, source, target)
    case .standardOutput:
      guard target == 2 else {
        throw IOError(
          .unsupported, operation: start, path: executable, cause: Errno.invalidArgument)
      }
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
  }

  /// `descriptor`, or a copy of it numbered 3 or above when it is another standard descriptor
  /// (which an earlier `dup2` of the child's would replace before it is read).
  private static func movedAbove(
    _ descriptor: Int32, target: Int32, childOnly: inout [Int32]
  ) throws(IOError) -> Int32 {
    guard descriptor < 3, descriptor != target else { return descriptor }
    let copy = try syscall(.fcntl, "<descriptor \(descriptor)>") {
      fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
    }.orThrow(.fcntl, "<descriptor \(descriptor)>")
    childOnly.append(copy)
    return copy
  }

  /// `posix_spawn`, with the attributes every child gets; its id.
  private static func spawn(
    _ path: String, argv arguments: [String], envp variables: [String],
    actions: inout posix_spawn_file_actions_t, workingDirectory: String?
  ) throws(IOError) -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The child starts with default signal dispositions and no blocked signals, whatever this
    // process ignores (a server ignores SIGPIPE) or blocks.
    var defaults = sigset_t()
    sigfillset(&defaults)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard status == 0 else {
      let errno = Errno(rawValue: status)
      // The child reports a failed chdir with the same errno as a failed exec: say which.
      if let workingDirectory, !isEnterableDirectory(workingDirectory) {
        throw IOError(operation: .init("chdir", .reading), path: workingDirectory, errno: errno)
      }
      throw IOError(operation: start, path: path, errno: errno)
    }
    return pid
  }

  private static func isEnterableDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      && access(path, X_OK) == 0
  }

  /// The file `name` names: itself when it holds a `/`, else the first regular file this
  /// process may execute of that name in a directory of `searchPath` (an empty entry is the
  /// working directory, as POSIX has it).
  static func resolve(_ name: String, searchPath: String) throws(IOError) -> String {
    if name.contains("/") { return name }
    if !name.isEmpty {
      for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
        let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
        var status = stat()
        if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
          access(candidate, X_OK) == 0
        {
          return candidate
        }
      }
    }
    throw IOError(
      .notFound, operation: start, path: name,
      cause: ExecutableNotFound(name: name, searchPath: searchPath))
  }

  typealias AddCloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
  typealias AddChangeDirectory =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?)
    -> Int32

  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), which Glibc's Swift
  /// module does not declare; nil where the C library lacks it.
  private static let addCloseFrom: AddCloseFrom? = symbol(
    "posix_spawn_file_actions_addclosefrom_np")

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29 and later), likewise.
  private static let addChangeDirectory: AddChangeDirectory? = symbol(
    "posix_spawn_file_actions_addchdir_np")

  /// `pipe2(O_CLOEXEC)`, which Glibc's Swift module does not declare either: both ends
  /// close on exec from the start, so no child another thread starts meanwhile inherits them.
  private static func makePipe(_ pair: UnsafeMutablePointer<Int32>) -> Int32 {
    if let pipe2 = makePipeClosingOnExec { return pipe2(pair, O_CLOEXEC) }
    guard pipe(pair) == 0 else { return -1 }
    _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(pair[1], F_SETFD, FD_CLOEXEC)
    return 0
  }

  typealias MakePipe = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32

  private static let makePipeClosingOnExec: MakePipe? = symbol("pipe2")

  private static func symbol<T>(_ name: String) -> T? {
    guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, name) else {
      return nil
    }
    return unsafeBitCast(symbol, to: T.self)
  }
}
