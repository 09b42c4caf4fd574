import Foundation
import ImageCodecs
import SystemCalls

/// Where the web app decodes the images it makes thumbnails of.
///
/// A decoder is C and C++ code (libpng, libjpeg-turbo, libheif with libde265, dav1d and
/// libaom) fed files anyone who can share may write. In a child process of its own, with an
/// address-space limit, a processor-time limit and a wall-clock kill, whatever the codec does
/// (abort on an exception nobody catches, reserve gigabytes, loop) ends that process alone: the
/// server answers 422 and goes on, as browsers isolate their image decoders.
public enum ThumbnailDecoding: Sendable, Equatable {
  /// In the server's own process (for a host that cannot start itself again; tests). The
  /// in-process bounds of `ImageDecoder` apply, not the process limits.
  case inProcess
  /// In a child process per thumbnail: `executable` is started with `arguments` (the first is
  /// its `argv[0]`), and must call `ThumbnailWorker.run()` and exit with its status.
  case childProcess(executable: String, arguments: [String])

  /// This program started again (`/proc/self/exe`) with `ThumbnailWorker.argument`: for an
  /// executable whose `main` first checks for that argument, as `ingest-cli` does.
  public static let thisExecutable = ThumbnailDecoding.childProcess(
    executable: "/proc/self/exe", arguments: ["thumbnail-worker", ThumbnailWorker.argument])
}

/// The child's side of `ThumbnailDecoding.childProcess`: reads an image on standard input,
/// writes its thumbnail (a JPEG) on standard output, within limits it sets on itself before it
/// reads a byte.
public enum ThumbnailWorker {
  /// The argument that makes an executable a thumbnail worker (`ingest-cli` checks for it
  /// before parsing its command line; it is in no help text).
  public static let argument = "--internal-thumbnail-worker"
  /// The worker's address space, mapped libraries included.
  public static let addressSpaceLimit = 256 << 20
  /// The worker's processor time, in seconds (`SIGXCPU` at the limit, `SIGKILL` after one more).
  public static let processorSecondsLimit = 1
  /// How long the server waits for a worker before it kills it (one that waits on nothing but
  /// uses no processor time, too).
  public static let wallClockLimit = Duration.seconds(4)
  /// The largest thumbnail a worker writes.
  static let outputLimit = 1 << 20

  /// Exit statuses: the thumbnail was written; the image was refused (damaged, too large, not
  /// an image decoded here); the limits could not be set; the input or output failed.
  enum Status: Int32 {
    case written = 0
    case refused = 65
    case noLimits = 71
    case ioFailed = 74
  }

  /// Sets the limits, reads the image from standard input (at most
  /// `Thumbnails.maximumSourceBytes`), writes its thumbnail to standard output, and returns
  /// the exit status (0 written, 65 refused, 71 the limits could not be set, 74 I/O failed).
  public static func run() -> Int32 {
    guard
      ResourceLimits.apply(
        addressSpace: addressSpaceLimit, processorSeconds: processorSecondsLimit,
        fileSize: outputLimit)
    else { return Status.noLimits.rawValue }
    let input = FileDescriptor(rawValue: 0, path: "standard input")
    let output = FileDescriptor(rawValue: 1, path: "standard output")
    let bytes: [UInt8]
    do {
      bytes = try input.readToEnd(limit: Thumbnails.maximumSourceBytes)
    } catch {
      return error.code == .tooLarge ? Status.refused.rawValue : Status.ioFailed.rawValue
    }
    let thumbnail: [UInt8]
    do {
      thumbnail = try Thumbnails.thumbnail(of: bytes)
    } catch {
      return Status.refused.rawValue
    }
    guard thumbnail.count <= outputLimit else { return Status.refused.rawValue }
    do {
      try output.writeAll(thumbnail)
    } catch {
      return Status.ioFailed.rawValue
    }
    return Status.written.rawValue
  }

  /// A worker's outcome, for the log: how it ended and what it cost (no content).
  struct Report: Sendable {
    var outcome: ChildProcess.Outcome

    var description: String {
      let ended: String =
        if outcome.timedOut {
          "killed after \(ThumbnailWorker.wallClockLimit)"
        } else if let signal = outcome.signal {
          "killed by signal \(signal)"
        } else {
          "exit \(outcome.exitStatus ?? -1)"
        }
      let seconds = (outcome.processorSeconds * 1000).rounded() / 1000
      let mebibytes = (Double(outcome.peakResidentBytes) / 1_048_576 * 10).rounded() / 10
      return "thumbnail worker: \(ended), \(seconds) s processor, \(mebibytes) MiB resident"
    }
  }

  /// Makes a thumbnail of the image `source` holds (read from its start) in a worker started
  /// as `executable` with `arguments`; its output goes to an unnamed file in `scratch`.
  /// Blocks the calling thread (a worker of the I/O executor) until the worker ends.
  static func thumbnail(
    of source: FileDescriptor, executable: String, arguments: [String],
    scratch: FileDescriptor, log: @Sendable (String) -> Void
  ) throws(IOError) -> [UInt8]? {
    let output = try scratch.makeUnnamedFile()
    return try output.closeAfterTyped { () throws(IOError) -> [UInt8]? in
      let child = try ChildProcess.spawn(
        executable, arguments: arguments,
        // One malloc arena: the address-space limit is not spent on arenas reserved per thread.
        environment: ["MALLOC_ARENA_MAX": "1"], input: source, output: output)
      let outcome = child.wait(timeLimit: wallClockLimit)
      log(Report(outcome: outcome).description)
      guard outcome.exitStatus == Status.written.rawValue else { return nil }
      let size = try output.status().size
      guard size > 0, size <= outputLimit else { return nil }
      var bytes = [UInt8](repeating: 0, count: Int(size))
      let count = bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(IOError) -> Int in
          try output.readFully(fromAbsoluteOffset: 0, into: buffer)
        }
      }
      return try count.get() == bytes.count ? bytes : nil
    }
  }
}
