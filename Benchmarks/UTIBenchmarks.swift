import Foundation
import TestSupport
import UTI

/// Issue 2's goals: conformance checks, catalogue start-up, extension lookups.
enum UTIBenchmarks {
  static func run() throws {
    Harness.section("UTI")
    conformance()
    try coldStart()
    extensionLookups()
    try UTIDeclarationBenchmarks.run()
  }

  /// `conforms(to:)` between declared types, beside a naive recursive walk of the same graph.
  static func conformance() {
    let types = UTTypeRegistry.shared.declaredTypes
    var indexOf: [UTType: Int] = [:]
    for (index, type) in types.enumerated() { indexOf[type] = index }
    let parents = types.map { $0.declaredParents.compactMap { indexOf[$0] } }

    // A fixed pseudo-random sample of pairs, biased so about a third conform.
    var generator = SplitMix64(seed: 42)
    var pairs: [(Int, Int)] = []
    for _ in 0..<4096 {
      let child = Int(generator.next() % UInt64(types.count))
      let ancestors = types[child].supertypes.array
      if !ancestors.isEmpty, generator.next() % 3 == 0 {
        let parent = ancestors[Int(generator.next() % UInt64(ancestors.count))]
        pairs.append((child, indexOf[parent] ?? 0))
      } else {
        pairs.append((child, Int(generator.next() % UInt64(types.count))))
      }
    }
    let typePairs = pairs.map { (types[$0.0], types[$0.1]) }

    func naive(_ child: Int, _ ancestor: Int) -> Bool {
      child == ancestor || parents[child].contains { naive($0, ancestor) }
    }

    let iterations = 20_000_000
    let fast = Harness.nanosecondsPerIteration(iterations: iterations) { count in
      var hits = 0
      var position = 0
      for _ in 0..<count {
        let (child, parent) = typePairs[position]
        if child.conforms(to: parent) { hits &+= 1 }
        position = (position &+ 1) & 4095
      }
      return hits
    }
    let slow = Harness.nanosecondsPerIteration(iterations: iterations / 20) { count in
      var hits = 0
      var position = 0
      for _ in 0..<count {
        let (child, parent) = pairs[position]
        if naive(child, parent) { hits &+= 1 }
        position = (position &+ 1) & 4095
      }
      return hits
    }
    let agree = pairs.indices.allSatisfy { index in
      typePairs[index].0.conforms(to: typePairs[index].1) == naive(pairs[index].0, pairs[index].1)
    }
    Harness.report(
      "conforms(to:) bitset closure, \(types.count) types",
      "\(Harness.rate(1e9 / fast)) (\(String(format: "%.2f", fast)) ns/check)",
      goal: ">= 100 M/s on one core",
      met: 1e9 / fast >= 100e6
    )
    Harness.report(
      "baseline: naive recursive walk, same pairs",
      "\(Harness.rate(1e9 / slow)); bitset is \(String(format: "%.1f", slow / fast))x faster;"
        + " answers agree: \(agree)",
      goal: "baseline",
      met: nil
    )
  }

  /// Time from a fresh process to the first answered query, which builds the catalogue.
  static func coldStart() throws {
    var samples: [Double] = []
    for _ in 0..<11 {
      let output = try Harness.runSelf(["--child", "uti-cold"])
      if let value = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) {
        samples.append(value)
      }
    }
    let median = Harness.median(samples)
    Harness.report(
      "catalogue ready for the first query (fresh process, median of \(samples.count))",
      String(format: "%.2f ms", median * 1e3),
      goal: "< 10 ms",
      met: median < 0.010
    )
  }

  /// Child mode: time the first lookup in this process and print seconds.
  static func coldStartChild(_ arguments: [String]) throws {
    let start = Harness.now()
    let type = UTType("public.heic")
    let elapsed = Harness.now() - start
    Harness.keep(type)
    print(Double(elapsed) / 1e9)
  }

  /// `UTType(filenameExtension:)`, beside a plain dictionary lookup of the same strings.
  static func extensionLookups() {
    let extensions = [
      "jpg", "heic", "png", "pdf", "mov", "mp4", "txt", "JPG", "docx", "m4a", "gif", "webp",
      "html", "json", "zip", "vcf", "key", "plist", "csv", "HEIC", "tiff", "mp3", "wav", "xyz",
    ]
    var table: [String: String] = [:]
    for tag in extensions { table[tag.lowercased()] = UTType(filenameExtension: tag)?.identifier }
    let iterations = 2_000_000
    let lookup = Harness.nanosecondsPerIteration(iterations: iterations) { count in
      var found = 0
      for index in 0..<count {
        if UTType(filenameExtension: extensions[index % extensions.count]) != nil { found &+= 1 }
      }
      return found
    }
    let dictionary = Harness.nanosecondsPerIteration(iterations: iterations) { count in
      var found = 0
      for index in 0..<count where table[extensions[index % extensions.count].lowercased()] != nil {
        found &+= 1
      }
      return found
    }
    Harness.report(
      "UTType(filenameExtension:), mixed known/unknown/upper-case",
      "\(Harness.rate(1e9 / lookup)) (\(String(format: "%.0f", lookup)) ns/lookup)",
      goal: ">= 5 M/s",
      met: 1e9 / lookup >= 5e6
    )
    // For information: an extension never seen before builds its dynamic type (encoding and
    // allocation); repeated unknown extensions are answered from a small cache.
    let fresh = Harness.nanosecondsPerIteration(iterations: 20_000, rounds: 3) { count in
      var found = 0
      for index in 0..<count where UTType(filenameExtension: "new\(index)x\(found)") != nil {
        found &+= 1
      }
      return found
    }
    Harness.report(
      "for information: an extension never seen before (dynamic type built)",
      String(format: "%.0f ns/lookup", fresh), goal: "none", met: nil)
    Harness.report(
      "baseline: [String: String] lookup of the lower-cased extension",
      "\(Harness.rate(1e9 / dictionary)); lookup costs "
        + "\(String(format: "%.1f", lookup / dictionary))x",
      goal: "baseline",
      met: nil
    )
  }
}
