/// Compiled programs and libraries: ELF (Linux, Android, BSD), Mach-O (Apple's systems), thin
/// or universal, and the Java class files whose magic number universal Mach-O shares.
///
/// Each is recognized by its header, as the format's own definition gives it: the System V
/// ABI's `e_ident` for ELF, `<mach-o/loader.h>` and `<mach-o/fat.h>` for Mach-O, the Java
/// Virtual Machine Specification (chapter 4) for class files. A universal binary costs one read
/// of its first slice's header, which may lie past the prefix.
enum ExecutableSignatures {
  static func detect(_ source: ByteSource) throws(SniffError) -> Detection? {
    let bytes = source.prefix
    guard bytes.count >= 16 else { return nil }
    switch bytes[0] {
    case 0x7F:
      return elf(bytes)
    case 0xFE, 0xCE, 0xCF:
      return machO(bytes, at: 0, note: "Mach-O header")
    case 0xCA:
      return try universal(source)
    default:
      return nil
    }
  }

  // MARK: ELF

  /// ELF: `7F 'E' 'L' 'F'`, a class (32 or 64 bits), a byte order and version 1 in `e_ident`;
  /// the object file type (`e_type`) picks the MIME type. A shared object that names a
  /// program interpreter (a `PT_INTERP` program header) is a position-independent executable.
  static func elf(_ bytes: [UInt8]) -> Detection? {
    guard bytes.matches([0x7F, 0x45, 0x4C, 0x46]), bytes.count >= 52, [1, 2].contains(bytes[4]),
      [1, 2].contains(bytes[5]), bytes[6] == 1
    else { return nil }
    let is64 = bytes[4] == 2
    let little = bytes[5] == 1
    func u16(_ offset: Int) -> Int? {
      (little ? bytes.leUInt16(at: offset) : bytes.beUInt16(at: offset)).map(Int.init)
    }
    func word(_ offset: Int) -> Int? {
      if is64 {
        return (little ? bytes.leUInt64(at: offset) : bytes.beUInt64(at: offset))
          .map { Int(clamping: $0) }
      }
      return (little ? bytes.leUInt32(at: offset) : bytes.beUInt32(at: offset)).map(Int.init)
    }
    guard let type = u16(16), let machine = u16(18) else { return nil }
    let kinds: [Int: (name: String, mimeType: String)] = [
      1: ("relocatable object", "application/x-object"),
      2: ("executable", "application/x-executable"),
      3: ("shared object", "application/x-sharedlib"),
      4: ("core dump", "application/x-coredump"),
    ]
    guard var kind = kinds[type] else { return nil }
    if type == 3, let table = word(is64 ? 32 : 28), let size = u16(is64 ? 54 : 42),
      let count = u16(is64 ? 56 : 44), size >= 4, count <= 256, table >= 0,
      table < bytes.count
    {
      // Program headers: p_type is the first 32-bit word of each.
      let hasInterpreter = (0..<count).contains { index in
        let at = table + index * size
        return (little ? bytes.leUInt32(at: at) : bytes.beUInt32(at: at)) == 3
      }
      if hasInterpreter {
        kind = ("position-independent executable", "application/x-pie-executable")
      }
    }
    let machines = [
      3: "x86", 0x3E: "x86-64", 0x28: "ARM", 0xB7: "AArch64", 0xF3: "RISC-V", 8: "MIPS",
      0x14: "PowerPC", 0x15: "PowerPC 64", 0x2B: "SPARC V9", 0x16: "S/390",
    ]
    let cpu = machines[machine] ?? "machine \(machine)"
    return Detection(
      "public.elf-binary", mimeType: kind.mimeType,
      note: "ELF \(is64 ? 64 : 32)-bit \(little ? "LSB" : "MSB") \(kind.name), \(cpu)")
  }

  // MARK: Mach-O

  /// Mach-O file types (`filetype`) and the types Apple declares for them.
  static let machOKinds: [UInt32: (identifier: String, name: String)] = [
    1: ("com.apple.mach-o-object", "object"),
    2: ("com.apple.mach-o-executable", "executable"),
    4: ("com.apple.mach-o-core", "core"),
    6: ("com.apple.mach-o-dylib", "dynamic library"),
    8: ("com.apple.mach-o-bundle", "bundle"),
  ]

  /// CPU types (`cputype`, without the 64-bit flag) that Mach-O files are built for.
  static let machOCPUs: [UInt32: String] = [
    7: "x86", 12: "ARM", 18: "PowerPC", 6: "68k", 10: "88k", 14: "SPARC",
  ]

  /// A thin Mach-O header at `offset`: magic in either byte order, a known CPU type, a file
  /// type from 1 to 12, and load commands that fit the file's 32-bit size fields.
  static func machO(_ bytes: [UInt8], at offset: Int, note: String) -> Detection? {
    guard let magic = bytes.beUInt32(at: offset) else { return nil }
    let little: Bool
    let is64: Bool
    switch magic {
    case 0xFEED_FACE: (little, is64) = (false, false)
    case 0xFEED_FACF: (little, is64) = (false, true)
    case 0xCEFA_EDFE: (little, is64) = (true, false)
    case 0xCFFA_EDFE: (little, is64) = (true, true)
    default: return nil
    }
    func u32(_ at: Int) -> UInt32? {
      little ? bytes.leUInt32(at: offset + at) : bytes.beUInt32(at: offset + at)
    }
    guard let cpu = u32(4), let fileType = u32(12), let commands = u32(16),
      let cpuName = machOCPUs[cpu & 0x00FF_FFFF], (1...12).contains(fileType), commands < 0x10000
    else { return nil }
    let kind = machOKinds[fileType] ?? ("com.apple.mach-o-binary", "file type \(fileType)")
    let width = is64 ? "64-bit" : "32-bit"
    let arch = cpu & 0x0100_0000 != 0 ? "\(cpuName) 64" : cpuName
    return Detection(
      [kind.identifier, "com.apple.mach-o-binary"], mimeType: "application/x-mach-binary",
      note: "\(note): \(width) \(kind.name), \(arch)")
  }

  /// `CA FE BA BE` starts both a universal (fat) Mach-O binary and a Java class file. A
  /// universal header counts its architectures (a handful; a class file has its major version,
  /// 45 or more, there), each with a known CPU type and a slice inside the file; the first
  /// slice's own header then names the kind. Otherwise a class file has its version.
  static func universal(_ source: ByteSource) throws(SniffError) -> Detection? {
    let bytes = source.prefix
    guard let magic = bytes.beUInt32(at: 0), magic == 0xCAFE_BABE || magic == 0xCAFE_BABF,
      let count = bytes.beUInt32(at: 4)
    else { return nil }
    let is64 = magic == 0xCAFE_BABF
    let entrySize = is64 ? 32 : 20
    if count > 0, count < 32, bytes.count >= 8 + entrySize,
      let cpu = bytes.beUInt32(at: 8), machOCPUs[cpu & 0x00FF_FFFF] != nil,
      let offset = is64
        ? bytes.beUInt64(at: 16).map({ Int(clamping: $0) }) : bytes.beUInt32(at: 16).map(Int.init),
      offset >= 8 + Int(count) * entrySize, offset < source.size
    {
      let header = try source.read(at: offset, count: 32)
      if let slice = machO(header, at: 0, note: "universal Mach-O, \(count) architectures") {
        return slice
      }
      return Detection(
        "com.apple.mach-o-binary", mimeType: "application/x-mach-binary",
        note: "universal Mach-O header, \(count) architectures")
    }
    guard magic == 0xCAFE_BABE, let major = bytes.beUInt16(at: 6), major >= 45, major < 100
    else { return nil }
    return Detection(
      "com.sun.java-class", mimeType: "application/java-vm",
      note: "Java class file, version \(major)")
  }
}
