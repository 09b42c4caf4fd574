// Measures every performance goal of the package, each beside a baseline in the same run.
//
//   swift run -c release Benchmarks            # every section
//   swift run -c release Benchmarks uti        # one section
//
// The cli section runs ingest-cli as scripts/install.sh builds it, beside file and cp:
//
//   scripts/install.sh --build-only && swift run -c release Benchmarks cli
//
// Sections register here; each lives in its own file. Child modes (`--child …`) are used by
// sections that must measure a fresh process (start-up time, peak memory).

import Foundation

let sections: [(name: String, run: () async throws -> Void)] = [
  ("uti", UTIBenchmarks.run),
  ("sniff", SniffingBenchmarks.run),
  ("shortcuts", ShortcutsBenchmarks.run),
  ("provider", ItemProviderBenchmarks.run),
  ("rules", RulesBenchmarks.run),
  ("ingest", IngestBenchmarks.run),
  ("ingest-small", IngestBenchmarks.smallShares),
  ("ingest-large", IngestBenchmarks.largeShare),
  ("ingest-ram", IngestBenchmarks.ramShares),
  ("ingest-load", IngestBenchmarks.loadedShares),
  ("cli", CLIBenchmarks.run),
  ("importer", ImporterBenchmarks.run),
  ("import-large", ImporterBenchmarks.largeImport),
  ("watch", InboxWatchBenchmarks.run),
  ("hostile", HostileInputBenchmarks.run),
  ("matrix", MatrixBenchmarks.run),
  ("postgres", PostgresBenchmarks.run),
  ("postgres-payloads", PostgresBenchmarks.payloads),
  ("postgres-payload-forms", PostgresBenchmarks.payloadForms),
  ("image", ImageBenchmarks.run),
  ("serve", ServeBenchmarks.run),
  ("serve-small", ServeBenchmarks.smallSharesAlone),
  ("serve-load", ServeBenchmarks.loadedSharesAlone),
  ("serve-large", ServeBenchmarks.largeUploadAlone),
  ("sweep-unreadable", SweeperBenchmarks.run),
  ("thumbnail-fuzz", ThumbnailFuzzCampaign.run),
]

let childModes: [String: ([String]) throws -> Void] = {
  var modes: [String: ([String]) throws -> Void] = [
    "uti-cold": UTIBenchmarks.coldStartChild,
    "uti-declarations": UTIDeclarationBenchmarks.registrationChild,
    "hostile-read": HostileInputBenchmarks.readChild,
    "sniff-memory": SniffingBenchmarks.memoryChild,
    "provider-file-load": ItemProviderBenchmarks.fileLoadChild,
    "provider-idle": ItemProviderBenchmarks.idleChild,
    "ingest-large-share": IngestBenchmarks.largeShareChild,
    "ingest-ram-calls": IngestBenchmarks.ramCallsChild,
    "disk-sink": DiskSinkServer.child,
    "sweep-group": SweeperBenchmarks.sweepChild,
  ]
  #if os(Linux)
    modes["image-jpeg"] = ImageBenchmarks.jpegChild
  #endif
  return modes
}()

/// Writes `message` to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child", arguments.count >= 2, let mode = childModes[arguments[1]] {
  do {
    try mode(Array(arguments.dropFirst(2)))
  } catch {
    printError("child mode \(arguments[1]) failed: \(error)")
    exit(1)
  }
} else {
  // "ingest-small" and "ingest-large" are parts of "ingest", "serve-small", "serve-load" and
  // "serve-large" of "serve", and "postgres-payloads" of "postgres", for running one alone;
  // "import-large" (1 GiB, half a minute) runs only when named.
  let selected =
    arguments.isEmpty
    ? sections.map(\.name).filter {
      !$0.hasPrefix("ingest-") && !$0.hasPrefix("serve-") && $0 != "import-large"
        && $0 != "sweep-unreadable"
        && $0 != "postgres-payloads"
        && $0 != "postgres-payload-forms" && $0 != "thumbnail-fuzz"
    }
    : arguments
  // A section that fails says why, and the others still run; the exit status tells.
  var failed: [String] = []
  for name in selected {
    guard let section = sections.first(where: { $0.name == name }) else {
      print("unknown section \(name); sections: \(sections.map(\.name).joined(separator: ", "))")
      continue
    }
    do {
      try await section.run()
    } catch {
      printError("section \(name) failed: \(error)")
      failed.append(name)
    }
  }
  if !failed.isEmpty {
    printError("failed sections: \(failed.joined(separator: ", "))")
    exit(1)
  }
}
