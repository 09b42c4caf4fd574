import ActivationRules
import Dispatch
import Foundation
import Ingest
import ItemProvider
import Sniffing
import Synchronization
import SystemCalls
import UTI

/// `ingest-cli share`: a share end to end, as an extension would receive and save it.
enum ShareCommand {
  static let usage = """
    usage: ingest-cli share [FILE...] [--text TEXT] [--url URL] [--source PROFILE]
                            [--rule RULE] [--accept TYPES] [--group ID | --group-dir DIR]
                            [--keep-partial] [--deadline SECONDS] [--json]
      FILE...            files to share; each is sniffed and registered as its content's type
      --text TEXT        share a text (as Notes does)
      --url URL          share a web page's URL (as Safari does)
      --source PROFILE   wrap the share as a shipped source-app profile does (photos-photo,
                         safari-page...; ingest-cli rule matrix lists them)
      --rule RULE        an Info.plist or predicate: would the extension be offered at all?
      --accept TYPES     accepted types, comma-separated (default: public.image,public.movie,
                         com.adobe.pdf,public.plain-text,public.url)
      --group ID         an App Group identifier, resolved through INGEST_APP_GROUPS
      --group-dir DIR    the group directory itself (default: $INGEST_GROUP_DIR, else
                         $XDG_DATA_HOME/share-ingest/group, else ~/.local/share/share-ingest/group)
      --keep-partial     save what loaded when an attachment fails (default: all or nothing)
      --deadline SECONDS how long the share may take (default 30)

    example: ingest-cli share corpus/files/photo.heic
             ingest-cli share --source safari-page --url https://example.com/ --text "Saturday?"
    """

  static func run(_ arguments: inout Arguments) throws -> ExitStatus {
    if arguments.flag("--help", "-h") {
      print(usage)
      return .success
    }
    let json = arguments.flag("--json")
    let text = try arguments.option("--text")
    let urlText = try arguments.option("--url")
    let sourceName = try arguments.option("--source")
    let ruleArgument = try arguments.option("--rule")
    let accept = try arguments.option("--accept")
    let groupID = try arguments.option("--group")
    let groupDirectory = try arguments.option("--group-dir")
    let keepPartial = arguments.flag("--keep-partial")
    let deadlineText = try arguments.option("--deadline")
    let files = try arguments.positionals()
    guard groupID == nil || groupDirectory == nil else {
      throw CLIError.usage("give --group or --group-dir, not both")
    }
    guard !files.isEmpty || text != nil || urlText != nil || sourceName != nil else {
      throw CLIError.usage("share needs a FILE, --text, --url or --source\n" + usage)
    }
    var url: URL?
    if let urlText {
      guard let parsed = URL(string: urlText), parsed.scheme != nil else {
        throw CLIError.usage("--url needs an absolute URL such as https://example.com/")
      }
      url = parsed
    }
    var options = SharePipeline.Options(keepsPartialShares: keepPartial)
    if let deadlineText {
      guard let seconds = Double(deadlineText), seconds > 0 else {
        throw CLIError.usage("--deadline needs a number of seconds")
      }
      options.deadline = .milliseconds(Int64(seconds * 1000))
    }
    var contract = InputContract.default
    if let accept {
      contract.acceptedTypes = accept.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    let rule = try ruleArgument.map { try RuleCommand.loadRule($0, declarationFiles: []) }

    // The files, as the user named them; links they named are followed, as `file -L` does.
    for path in files where !FileSystem.exists(path) {
      throw CLIError.noInput("cannot share \(TerminalText.quoted(path)): no such file")
    }
    let urls = files.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
    let location: GroupLocation
    let group: GroupDirectory
    do {
      location = try GroupLocation.resolve(directory: groupDirectory, appGroup: groupID)
      group = try GroupDirectory(path: location.path)
    } catch {
      throw CLIError(status: .cannotCreate, message: "\(error)")
    }
    let work = try temporaryWorkDirectory()
    defer { try? FileManager.default.removeItem(atPath: work) }
    let share: LocalShare
    do {
      if let sourceName {
        guard let profile = try SourceProfile.shipped(named: sourceName) else {
          throw CLIError.usage(
            "no source-app profile named \(sourceName); shipped: "
              + SourceProfile.shippedNames.joined(separator: ", "))
        }
        share = try LocalShare(
          profile: profile, files: urls, text: text, url: url, corpus: ShareSamples.corpus,
          workDirectory: URL(fileURLWithPath: work))
      } else {
        share = try LocalShare(files: urls, text: text, url: url)
      }
    } catch let error as SniffError {
      throw CLIError(status: error.isUnreadable ? .noInput : .dataError, message: "\(error)")
    } catch let error as LocalShareError {
      throw CLIError.usage("\(error)")
    }

    let total = urls.reduce(Int64(0)) { sum, url in
      sum + ((try? FileSystem.status(ofPath: url.path).size) ?? 0)
    }
    let progress = ProgressDisplay.forStandardError(total: total)
    if let progress {
      options.progress = { position, bytes in progress.update(position, bytes) }
    }
    let pipeline = SharePipeline(group: group, contract: contract, options: options)
    let (activation, outcome) = blocking {
      var activation: ActivationDecision?
      if let rule {
        let decision = rule.evaluate(await ActivationInput(extensionItems: share.items))
        activation = decision
        guard decision.isShown else { return (activation, nil as ShareOutcome?) }
      }
      return (activation, await pipeline.share(share.items, source: share.source))
    }
    progress?.finish()
    let report = ShareReport(
      location: location, share: share, activation: activation, outcome: outcome)
    if json {
      try Output.json(report)
    } else {
      print(report.text(colors: Colors.forStandardOutput))
    }
    return report.exitStatus
  }

  /// A private folder for assembling folder representations of a profile.
  static func temporaryWorkDirectory() throws -> String {
    do {
      return try FileSystem.makeTemporaryDirectory(
        in: FileManager.default.temporaryDirectory.path, prefix: "ingest-share")
    } catch {
      throw CLIError(status: .cannotCreate, message: "\(error)")
    }
  }
}

/// Runs async work to its end from synchronous code (the command line's `main`).
func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task {
    let value = await work()
    box.value.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  guard let value = box.value.withLock({ $0 }) else {
    preconditionFailure("the task signalled before storing its result")
  }
  return value
}

/// Where `blocking` hands its result across.
private final class ResultBox<T: Sendable>: Sendable {
  let value = Mutex<T?>(nil)
}
