import ActivationRules
import Foundation
import UTI

/// Issue 5's goals: parse a typical activation rule in under 20 µs; evaluate it against a
/// ten-attachment share in under 2 µs. Each beside a baseline measured in the same run.
enum RulesBenchmarks {
  /// A typical rule: the shape Apple's documentation and most shipping extensions use.
  static let typicalRule = """
    SUBQUERY (
        extensionItems,
        $extensionItem,
        SUBQUERY (
            $extensionItem.attachments,
            $attachment,
            ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image"
            || ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.movie"
        ).@count == $extensionItem.attachments.@count
    ).@count == 1
    """

  /// Ten photos and videos in one item, each with two or three registered types.
  static let tenAttachments: ActivationInput = {
    let shapes: [[String]] = [
      ["public.heic", "public.jpeg"], ["com.apple.quicktime-movie", "public.mpeg-4"],
      ["public.png"], ["public.jpeg", "public.tiff", "public.heic"],
    ]
    return ActivationInput(
      attachments: (0..<10).map {
        ActivationAttachment(
          registeredTypeIdentifiers: shapes[$0 % shapes.count], hasFileRepresentation: true)
      })
  }()

  static func run() throws {
    Harness.section("rules")
    try parsing()
    try evaluation()
  }

  static func parsing() throws {
    let plist: [String: Any] = [
      "NSExtension": ["NSExtensionAttributes": ["NSExtensionActivationRule": typicalRule]]
    ]
    let plistData = try PropertyListSerialization.data(
      fromPropertyList: plist, format: .xml, options: 0)
    _ = try FormatPredicate(format: typicalRule)

    let parse = Harness.nanosecondsPerIteration(iterations: 200_000) { count in
      var nodes = 0
      for _ in 0..<count {
        if (try? FormatPredicate(format: typicalRule)) != nil { nodes &+= 1 }
      }
      return nodes
    }
    let readPlist = Harness.nanosecondsPerIteration(iterations: 50_000) { count in
      var found = 0
      for _ in 0..<count {
        let root = try? PropertyListSerialization.propertyList(from: plistData, format: nil)
        if root != nil { found &+= 1 }
      }
      return found
    }
    Harness.report(
      "parse a typical rule (\(typicalRule.utf8.count) bytes, nested SUBQUERY, OR)",
      String(format: "%.2f µs", parse / 1000), goal: "< 20 µs", met: parse < 20_000)
    Harness.report(
      "baseline: PropertyListSerialization reading the Info.plist that holds it",
      String(
        format: "%.2f µs; parsing the rule is %.2fx the plist read", readPlist / 1000,
        parse / readPlist),
      goal: "baseline", met: nil)
  }

  static func evaluation() throws {
    let predicate = try FormatPredicate(format: typicalRule)
    let input = tenAttachments
    let value = input.predicateValue
    guard predicate.evaluate(with: value) else {
      throw HarnessError(message: "the typical rule should match ten photos and videos")
    }

    let evaluate = Harness.nanosecondsPerIteration(iterations: 2_000_000) { count in
      var shown = 0
      for _ in 0..<count where predicate.evaluate(with: value) { shown &+= 1 }
      return shown
    }

    // Baseline 1: the same check written by hand in Swift, types resolved beforehand.
    let image = UTType.image
    let movie = UTType.movie
    let resolved = input.extensionItems.map { item in
      item.attachments.map { $0.registeredTypeIdentifiers.compactMap { UTType($0) } }
    }
    func handWritten() -> Bool {
      var matchingItems = 0
      for item in resolved {
        var matching = 0
        for types in item
        where types.contains(where: { $0.conforms(to: image) || $0.conforms(to: movie) }) {
          matching += 1
        }
        if matching == item.count { matchingItems += 1 }
      }
      return matchingItems == 1
    }
    let closure = Harness.nanosecondsPerIteration(iterations: 2_000_000) { count in
      var shown = 0
      for _ in 0..<count where handWritten() { shown &+= 1 }
      return shown
    }

    // Baseline 2: a naive evaluator that parses the rule again for every evaluation.
    let reparse = Harness.nanosecondsPerIteration(iterations: 100_000) { count in
      var shown = 0
      for _ in 0..<count {
        if let fresh = try? FormatPredicate(format: typicalRule), fresh.evaluate(with: value) {
          shown &+= 1
        }
      }
      return shown
    }

    // For information: the explained evaluation and the dictionary form.
    let rule = ActivationRule(form: .predicate(predicate))
    let explained = Harness.nanosecondsPerIteration(iterations: 50_000) { count in
      var shown = 0
      for _ in 0..<count where rule.evaluate(input).isShown { shown &+= 1 }
      return shown
    }
    let dictionary = ActivationRuleDictionary(maximumCounts: [.image: 10, .movie: 10])
    let dictionaryTime = Harness.nanosecondsPerIteration(iterations: 1_000_000) { count in
      var shown = 0
      for _ in 0..<count where dictionary.matches(input) { shown &+= 1 }
      return shown
    }

    Harness.report(
      "evaluate it against a ten-attachment share (25 registered types)",
      String(format: "%.3f µs", evaluate / 1000), goal: "< 2 µs", met: evaluate < 2000)
    Harness.report(
      "baseline: hand-written Swift closure, same check, types resolved beforehand",
      String(
        format: "%.3f µs; the evaluator is %.2fx the closure", closure / 1000,
        evaluate / closure),
      goal: "baseline", met: nil)
    Harness.report(
      "baseline: naive re-parse per evaluation",
      String(format: "%.2f µs; parsing once is %.0fx faster", reparse / 1000, reparse / evaluate),
      goal: "baseline", met: nil)
    Harness.report(
      "evaluate with the explanation (trace and reason)",
      String(format: "%.1f µs", explained / 1000), goal: "none", met: nil)
    Harness.report(
      "dictionary form {images ≤ 10, movies ≤ 10} on the same share",
      String(format: "%.3f µs", dictionaryTime / 1000), goal: "none", met: nil)
  }
}
