import Foundation
import TestSupport

@testable import ActivationRules

/// Paths of the rule fixtures (`Tests/Fixtures/rules`) and inputs built by hand.
enum RuleFixtures {
  static let rules = ProjectPaths.testFixtures.appendingPathComponent("rules")

  static func rule(_ name: String) -> URL { rules.appendingPathComponent(name + ".plist") }

  /// One attachment per list of identifiers, in one item.
  static func input(_ attachments: [String]...) -> ActivationInput {
    ActivationInput(
      attachments: attachments.map { ActivationAttachment(registeredTypeIdentifiers: $0) })
  }

  static let photo = ActivationAttachment(
    registeredTypeIdentifiers: ["public.heic", "public.jpeg"], hasFileRepresentation: true)
  static let movie = ActivationAttachment(
    registeredTypeIdentifiers: ["com.apple.quicktime-movie"], hasFileRepresentation: true)
  static let webURL = ActivationAttachment(
    registeredTypeIdentifiers: ["public.url"], url: URL(string: "https://example.com/"))
  static let mailtoURL = ActivationAttachment(
    registeredTypeIdentifiers: ["public.url"], url: URL(string: "mailto:someone@example.com"))
  static let fileURL = ActivationAttachment(
    registeredTypeIdentifiers: ["public.file-url"], url: URL(string: "file:///tmp/a.pdf"))
  static let text = ActivationAttachment(registeredTypeIdentifiers: ["public.plain-text"])
  static let pdf = ActivationAttachment(
    registeredTypeIdentifiers: ["com.adobe.pdf"], hasFileRepresentation: true)
  static let webPage = ActivationAttachment(registeredTypeIdentifiers: ["com.apple.property-list"])
}

/// Compares the compiled program with the syntax-tree evaluator (used for explanations).
enum EvaluatorAgreement {
  /// What each evaluator made of `predicate` over `input`, when they differ; nil when both give
  /// the same answer or both fail.
  static func disagreement(_ predicate: FormatPredicate, over input: PredicateValue) -> String? {
    let compiled = Result { () throws(PredicateEvaluationError) in
      try predicate.evaluateThrowing(with: input)
    }
    var evaluator = PredicateEvaluator()
    let direct = Result { () throws(PredicateEvaluationError) in
      try evaluator.evaluate(predicate.root, with: input)
    }
    switch (compiled, direct) {
    case (.success(let a), .success(let b)) where a == b: return nil
    case (.failure, .failure): return nil
    default: return "compiled \(compiled), syntax \(direct)"
    }
  }
}
