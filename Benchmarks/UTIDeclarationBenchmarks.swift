import Foundation
import TestSupport
import UTI

/// Issue 16's goals for application declarations: memory that grows about linearly with what
/// apps declare, registration time, and `conforms(to:)` as fast as before for system types.
enum UTIDeclarationBenchmarks {
  /// The declaration counts measured, each in a fresh process.
  static let counts = [100, 3_000, 30_000]

  static func run() throws {
    for shape in ["app", "chain"] {
      for count in counts {
        try registration(count: count, shape: shape)
      }
    }
    try conformanceWithDeclarations()
  }

  /// Peak memory and time of registering `count` declarations in a fresh process.
  static func registration(count: Int, shape: String) throws {
    let output: String
    do {
      output = try Harness.runSelf(["--child", "uti-declarations", shape, String(count)])
    } catch {
      Harness.report(
        "\(count) declarations (\(describe(shape)))", "failed: \(error)",
        goal: "near-linear: under 1 MiB + 2 KiB per type",
        met: false)
      return
    }
    let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard fields.count == 2 else { throw HarnessError(message: "child printed \(output)") }
    let (bytes, seconds) = (Int(fields[0]), fields[1])
    let perType = Double(bytes) / Double(count)
    // The fixed part is the system graph compiled again beside the app's types (under 1 MiB);
    // the rest must grow linearly. n²/8 bytes would be 107 MiB at 30,000.
    Harness.report(
      "\(count) declarations (\(describe(shape))): memory added",
      "\(Harness.mebibytes(bytes)) (\(String(format: "%.0f", perType)) bytes/type),"
        + " registered in \(String(format: "%.1f", seconds * 1e3)) ms",
      goal: "near-linear: under 1 MiB + 2 KiB per type", met: bytes < (1 << 20) + 2048 * count)
  }

  static func describe(_ shape: String) -> String {
    shape == "chain" ? "a chain, each conforming to the next" : "as apps declare them"
  }

  /// Declarations shaped as apps write them (`app`): each type conforms to one of sixteen
  /// family types of the app's own or to a system type, with an extension and a MIME type; or
  /// the worst case for a closure (`chain`): each type conforms to the next.
  static func declarations(_ shape: String, count: Int) -> [UTTypeDeclaration] {
    let system = ["public.data", "public.content", "public.composite-content", "public.text"]
    return (0..<count).map { index in
      let parents: [String]
      if shape == "chain" {
        parents = [index + 1 < count ? "com.example.t\(index + 1)" : "public.data"]
      } else if index < 16 {
        parents = [system[index % system.count]]
      } else {
        parents =
          index % 2 == 0 ? ["com.example.t\(index % 16)"] : [system[index % 4], "public.item"]
      }
      return UTTypeDeclaration(
        identifier: "com.example.t\(index)", conformsTo: parents,
        filenameExtensions: ["ex\(index)"], mimeTypes: ["application/x-example-\(index)"])
    }
  }

  /// Child mode: register declarations, then print the resident memory they added and seconds.
  static func registrationChild(_ arguments: [String]) throws {
    guard arguments.count == 2, let count = Int(arguments[1]) else {
      throw HarnessError(message: "usage: --child uti-declarations app|chain COUNT")
    }
    let declarations = declarations(arguments[0], count: count)
    _ = UTType("public.data")  // the system catalogue, built before measuring
    let before = Harness.peakResidentBytes()
    let registry = UTTypeRegistry()
    let start = Harness.now()
    try registry.register(declarations)
    let elapsed = Double(Harness.now() - start) / 1e9
    let first = registry.type(withIdentifier: "com.example.t0")
    Harness.keep(first?.conforms(to: .data))
    print(Harness.peakResidentBytes() - before, elapsed)
  }

  /// `conforms(to:)` between system types, and from application types, in a registry that
  /// also holds 3,000 application declarations, beside the same system pairs in the shared one.
  static func conformanceWithDeclarations() throws {
    let registry = UTTypeRegistry()
    try registry.register(declarations("app", count: 3_000))
    let system = UTTypeRegistry.shared.declaredTypes
    var generator = SplitMix64(seed: 16)
    let indexPairs = (0..<4096).map { _ in
      (
        Int(generator.next() % UInt64(system.count)),
        Int(generator.next() % UInt64(system.count))
      )
    }
    func typePairs(in registry: UTTypeRegistry) -> [(UTType, UTType)] {
      indexPairs.compactMap { child, parent in
        guard let child = registry.type(withIdentifier: system[child].identifier),
          let parent = registry.type(withIdentifier: system[parent].identifier)
        else { return nil }
        return (child, parent)
      }
    }
    let alone = typePairs(in: .shared)
    let beside = typePairs(in: registry)
    let application = (0..<4096).compactMap { index -> (UTType, UTType)? in
      guard let child = registry.type(withIdentifier: "com.example.t\(index * 7 % 3_000)"),
        let parent = registry.type(
          withIdentifier: index % 2 == 0
            ? "com.example.t\(index % 16)" : system[index % system.count].identifier)
      else { return nil }
      return (child, parent)
    }
    func rate(_ pairs: [(UTType, UTType)]) -> Double {
      Harness.nanosecondsPerIteration(iterations: 20_000_000) { count in
        var hits = 0
        var position = 0
        for _ in 0..<count {
          if pairs[position].0.conforms(to: pairs[position].1) { hits &+= 1 }
          position = (position &+ 1) % pairs.count
        }
        return hits
      }
    }
    let aloneTime = rate(alone)
    let besideTime = rate(beside)
    let applicationTime = rate(application)
    Harness.report(
      "conforms(to:) system types, registry with 3,000 app declarations",
      "\(Harness.rate(1e9 / besideTime)) (\(String(format: "%.2f", besideTime)) ns/check)",
      goal: "within 10% of the system-only registry", met: besideTime <= aloneTime * 1.1)
    Harness.report(
      "baseline: the same system pairs in the system-only registry",
      "\(Harness.rate(1e9 / aloneTime)) (\(String(format: "%.2f", aloneTime)) ns/check)",
      goal: "baseline", met: nil)
    Harness.report(
      "for information: from app types to app and system types",
      "\(Harness.rate(1e9 / applicationTime))"
        + " (\(String(format: "%.2f", applicationTime)) ns/check)",
      goal: "none", met: nil)
  }
}
