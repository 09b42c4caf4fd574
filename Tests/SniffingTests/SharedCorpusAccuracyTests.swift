import Foundation
import Sniffing
import Testing
import UTI

/// Accuracy of content sniffing on `../shared/corpus-dev`, whose file names carry the labels.
///
/// The sniffer judges content alone (`usesFilename: false`): the label never reaches it.
@Suite("Sniffing accuracy on ../shared/corpus-dev")
struct SharedCorpusAccuracyTests {
  struct Outcome: CustomStringConvertible {
    var file: String
    var label: String
    var labelType: UTType?
    var category: ShareCategory?
    var sniffed: UTType
    var explanation: String
    var basis: LabelAgreement.Basis?
    var agrees: Bool { basis != nil }

    var description: String {
      "\(file): label \(label) (\(labelType?.identifier ?? "-")), sniffed \(sniffed.identifier)"
        + " [\(explanation)]"
    }
  }

  static func outcomes() throws -> [Outcome] {
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    return try SharedCorpus.labelledFiles().map { file, label in
      let result = try sniffer.sniff(fileAt: file)
      let labelType = UTType(filenameExtension: label)
      return Outcome(
        file: "\(file.deletingLastPathComponent().lastPathComponent)/\(file.lastPathComponent)",
        label: label, labelType: labelType, category: labelType.flatMap { ShareCategory($0) },
        sniffed: result.type, explanation: "\(result.evidence.rawValue): \(result.explanation)",
        basis: LabelAgreement.basis(result.type, label: label))
    }
  }

  @Test(
    "At least 97% of share-relevant files agree with their labels",
    .enabled(if: SharedCorpus.isAvailable, "../shared/corpus-dev is absent; skipped"))
  func shareRelevantAgreement() throws {
    let all = try Self.outcomes()
    let relevant = all.filter { $0.category != nil }
    let agreeing = relevant.filter(\.agrees)
    let rate = Double(agreeing.count) / Double(max(1, relevant.count))
    print(
      "share-relevant: \(agreeing.count)/\(relevant.count) agree"
        + " (\(String(format: "%.1f", rate * 100))%); whole corpus:"
        + " \(all.filter(\.agrees).count)/\(all.count)")
    for category in ShareCategory.allCases {
      let inCategory = relevant.filter { $0.category == category }
      guard !inCategory.isEmpty else { continue }
      print("  \(category.rawValue): \(inCategory.filter(\.agrees).count)/\(inCategory.count)")
    }
    for basis in LabelAgreement.Basis.allCases {
      print("  agreeing through \(basis.rawValue): \(relevant.filter { $0.basis == basis }.count)")
    }
    for miss in relevant where !miss.agrees { print("  MISS \(miss)") }
    #expect(relevant.count >= 150, "the share-relevant part of the corpus shrank unexpectedly")
    #expect(rate >= 0.97, "share-relevant agreement \(rate) is below 97%")
  }

  @Test(
    "Every HEIC, HEIF, AVIF and M4A file is right",
    .enabled(if: SharedCorpus.isAvailable, "../shared/corpus-dev is absent; skipped"))
  func mustNotMiss() throws {
    let critical = try Self.outcomes().filter {
      ["heic", "heif", "avif", "m4a"].contains($0.label)
    }
    #expect(critical.count >= 7)
    for outcome in critical {
      #expect(outcome.agrees, "\(outcome)")
    }
  }
}

extension SharedCorpusAccuracyTests {
  @Test(
    "A movie of one still picture with sound is a movie, not audio",
    .enabled(if: SharedCorpus.isAvailable, "../shared/corpus-dev is absent; skipped"))
  func stillPictureMovie() throws {
    let file = SharedCorpus.root.appendingPathComponent("file-type/fixture-imovie.mp4")
    let sniffer = ContentSniffer(configuration: .init(usesFilename: false))
    let result = try sniffer.sniff(fileAt: file)
    #expect(result.type.conforms(to: .movie), "\(result.type.identifier): \(result.explanation)")
    #expect(!result.type.conforms(to: .audio))
  }
}

/// The agreement rule itself, independent of the corpus.
@Suite("Label agreement")
struct LabelAgreementTests {
  @Test(
    "Agreement bases",
    arguments: [
      ("public.jpeg", "jpg", LabelAgreement.Basis?.some(.declaredExtension)),
      // A more specific type conforming to the label's type is right: a .tar.gz is gzip.
      ("org.gnu.gnu-zip-tar-archive", "gz", .declaredExtension),
      ("com.canon.cr2-raw-image", "cr2", .declaredExtension),
      ("public.mpeg-2-transport-stream", "mts", .familyEquivalence),
      ("public.camera-raw-image", "nef", .familyEquivalence),
      ("public.tiff", "nef", nil),
      ("public.utf8-plain-text", "md", .signaturelessText),
      ("com.apple.m4a-audio", "mp4", .declaredExtension),
      ("public.heics", "heic", .familyEquivalence),
      ("public.heic", "hif", .familyEquivalence),
      ("public.aifc-audio", "aif", .familyEquivalence),
      ("public.utf8-plain-text", "csv", .signaturelessText),
      ("public.utf8-plain-text", "yaml", .signaturelessText),
      ("public.utf8-plain-text", "html", nil),
      ("public.utf8-plain-text", "json", nil),
      ("public.utf8-plain-text", "jpg", nil),
      ("public.png", "jpg", nil),
      ("public.json", "webp", nil),
    ])
  func basis(sniffed: String, label: String, expected: LabelAgreement.Basis?) throws {
    let type = try #require(UTType(sniffed))
    #expect(LabelAgreement.basis(type, label: label) == expected)
  }
}
