import PayPhoneText
import Testing

/// A limit, a grapheme count, and the level and remaining count that
/// "The limit" of
/// Sources/PayPhoneText/PayPhoneText.docc/TextMetricsAndLimits.md prescribes: `over` when count > limit; else `warning` when
/// `Double(count) >= Double(limit) * warningFraction`; else `normal`.
struct LimitCase: Sendable, CustomTestStringConvertible {
  let limit: Int
  let fraction: Double
  let graphemes: Int
  let level: TextLimit.Level
  let remaining: Int
  let why: String

  var testDescription: String { "\(graphemes) of \(limit) at \(fraction) → \(level) (\(why))" }
}

private let boundaryCases: [LimitCase] = [
  // IEEE 754: 0.7 is 0.69999999999999995559…; times 10 it lands exactly
  // halfway between 7 - 2^-50·… and 7, and rounds to even: 7.0. (The InputMask seed
  // says 7.000000000000001, which is 100 * 0.07, below.) So 7 of 10 at
  // 0.7 reaches the threshold: warning.
  .init(limit: 10, fraction: 0.7, graphemes: 6, level: .normal, remaining: 4, why: "6 < 7.0"),
  .init(
    limit: 10, fraction: 0.7, graphemes: 7, level: .warning, remaining: 3, why: "10 * 0.7 == 7.0 exactly"),
  .init(limit: 10, fraction: 0.7, graphemes: 8, level: .warning, remaining: 2, why: "8 >= 7.0"),
  // The real trap: 100 * 0.07 is 7.000000000000001, so 7 of 100 stays normal.
  .init(
    limit: 100, fraction: 0.07, graphemes: 7, level: .normal, remaining: 93,
    why: "7 < 7.000000000000001"),
  .init(
    limit: 100, fraction: 0.07, graphemes: 8, level: .warning, remaining: 92, why: "8 >= 7.000000000000001"),
  // 3 * 0.1 is 0.30000000000000004: 0 graphemes stay normal.
  .init(limit: 3, fraction: 0.1, graphemes: 0, level: .normal, remaining: 3, why: "0 < 0.30000000000000004"),
  .init(
    limit: 3, fraction: 0.1, graphemes: 1, level: .warning, remaining: 2, why: "1 >= 0.30000000000000004"),
  // 100 * 0.29 is 28.999999999999996: 29 is a warning, 28 is not.
  .init(
    limit: 100, fraction: 0.29, graphemes: 28, level: .normal, remaining: 72, why: "28 < 28.999999999999996"),
  .init(
    limit: 100, fraction: 0.29, graphemes: 29, level: .warning, remaining: 71, why: "29 >= 28.999999999999996"
  ),
  // The defaults: 280 * 0.9 rounds to 252.0 exactly.
  .init(limit: 280, fraction: 0.9, graphemes: 251, level: .normal, remaining: 29, why: "251 < 252.0"),
  .init(limit: 280, fraction: 0.9, graphemes: 252, level: .warning, remaining: 28, why: "252 >= 252.0"),
  .init(
    limit: 280, fraction: 0.9, graphemes: 280, level: .warning, remaining: 0, why: "at the limit is not over"),
  .init(limit: 280, fraction: 0.9, graphemes: 281, level: .over, remaining: -1, why: "281 > 280"),
  // The demo's limits: 80 * 0.9 = 72.0, 160 * 0.9 = 144.0.
  .init(limit: 80, fraction: 0.9, graphemes: 71, level: .normal, remaining: 9, why: "71 < 72.0"),
  .init(limit: 80, fraction: 0.9, graphemes: 72, level: .warning, remaining: 8, why: "72 >= 72.0"),
  .init(limit: 80, fraction: 0.9, graphemes: 80, level: .warning, remaining: 0, why: "80 is not > 80"),
  .init(limit: 80, fraction: 0.9, graphemes: 81, level: .over, remaining: -1, why: "81 > 80"),
  .init(limit: 160, fraction: 0.9, graphemes: 143, level: .normal, remaining: 17, why: "143 < 144.0"),
  .init(limit: 160, fraction: 0.9, graphemes: 144, level: .warning, remaining: 16, why: "144 >= 144.0"),
  .init(limit: 160, fraction: 0.9, graphemes: 161, level: .over, remaining: -1, why: "161 > 160"),
]

private let edgeCases: [LimitCase] = [
  .init(limit: 0, fraction: 0.9, graphemes: 0, level: .warning, remaining: 0, why: "0 >= 0 * 0.9"),
  .init(limit: 0, fraction: 0.9, graphemes: 1, level: .over, remaining: -1, why: "1 > 0"),
  .init(limit: 5, fraction: 0.9, graphemes: 1000, level: .over, remaining: -995, why: "far past the limit"),
  .init(limit: 10, fraction: 1.0, graphemes: 9, level: .normal, remaining: 1, why: "9 < 10.0"),
  .init(limit: 10, fraction: 1.0, graphemes: 10, level: .warning, remaining: 0, why: "10 >= 10.0"),
  .init(
    limit: 10, fraction: 1.5, graphemes: 10, level: .normal, remaining: 0, why: "10 < 15.0: never a warning"),
  .init(
    limit: 10, fraction: 1.5, graphemes: 11, level: .over, remaining: -1, why: "over does not need warning"),
  .init(limit: 10, fraction: 0, graphemes: 0, level: .warning, remaining: 10, why: "0 >= 0.0"),
  .init(limit: 10, fraction: -1, graphemes: 0, level: .warning, remaining: 10, why: "0 >= -10.0"),
  .init(limit: -1, fraction: 0.9, graphemes: 0, level: .over, remaining: -1, why: "0 > -1"),
  .init(limit: Int.max, fraction: 0.9, graphemes: 0, level: .normal, remaining: Int.max, why: "huge limit"),
]

@Suite("The soft length limit")
struct TextLimitTests {
  @Test("levels switch at their exact double boundaries", arguments: boundaryCases)
  func boundaries(_ testCase: LimitCase) {
    let evaluation = TextLimit(limit: testCase.limit, warningFraction: testCase.fraction)
      .evaluate(graphemes: testCase.graphemes)
    #expect(evaluation.level == testCase.level)
    #expect(evaluation.remaining == testCase.remaining)
    #expect(evaluation.graphemes == testCase.graphemes)
  }

  @Test("limit 0, fractions outside 0...1 and huge values", arguments: edgeCases)
  func edges(_ testCase: LimitCase) {
    let evaluation = TextLimit(limit: testCase.limit, warningFraction: testCase.fraction)
      .evaluate(graphemes: testCase.graphemes)
    #expect(evaluation.level == testCase.level)
    #expect(evaluation.remaining == testCase.remaining)
  }

  @Test("the defaults are 280 and 0.9")
  func defaults() {
    let limit = TextLimit()
    #expect(limit.limit == 280)
    #expect(limit.warningFraction == 0.9)
  }

  @Test(
    "a text is evaluated by its grapheme count, not its scalars or bytes",
    arguments: [
      // family (GB11) + flag (GB12): 2 graphemes, 2 >= 2 * 0.9.
      (
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}\u{1F1FA}\u{1F1F8}", 2,
        TextLimit.Level.warning, 0
      ),
      ("e\u{301}e\u{301}e\u{301}", 4, .normal, 1),  // 3 graphemes (GB9), 3 < 3.6
      ("\r\n\r\n\r\n", 2, .over, -1),  // 3 graphemes (GB3)
      ("", 1, .normal, 1),
    ])
  func evaluatesText(_ text: String, _ limit: Int, _ level: TextLimit.Level, _ remaining: Int) {
    let evaluation = TextLimit(limit: limit).evaluate(text)
    #expect(evaluation.level == level)
    #expect(evaluation.remaining == remaining)
  }

  @Test("level names are the contract's strings")
  func levelNames() {
    #expect(TextLimit.Level.allCases.map(\.rawValue) == ["normal", "warning", "over"])
  }
}
