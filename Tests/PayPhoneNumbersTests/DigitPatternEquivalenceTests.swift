import Foundation
import Testing

@testable import PayPhoneNumbers

/// Every metadata pattern, on over a million inputs, answers as the
/// backtracking regex engine does: whole match, prefix match, match end and
/// every group span.
@Suite struct DigitPatternEquivalenceTests {
  struct Mismatch: CustomStringConvertible {
    let pattern: String
    let input: String
    let check: String
    let ours: String
    let oracle: String

    var description: String {
      "MISMATCH \(check) pattern \(pattern) input \"\(input)\": ours \(ours), oracle \(oracle)"
    }
  }

  struct Tally {
    var patterns = 0
    var inputs = 0
    var wholeMatches = 0
    var prefixMatches = 0
    var mismatches: [Mismatch] = []
  }

  @Test func everyMetadataPatternAgreesWithTheRegexOracle() async throws {
    let patterns = try MetadataPatternCorpus.allPatterns()
    let examples = try MetadataPatternCorpus.exampleNumbers().map { Array($0.utf8) }
    try #require(!patterns.isEmpty && !examples.isEmpty)
    let inputsPerPattern = max(360, 1_000_000 / patterns.count + 1)
    let workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
    let total = await withTaskGroup(of: Tally.self) { group in
      for worker in 0..<workers {
        group.addTask {
          var tally = Tally()
          for index in stride(from: worker, to: patterns.count, by: workers) {
            Self.check(
              patterns[index], seed: UInt64(index + 1), examples: examples, count: inputsPerPattern,
              into: &tally)
          }
          return tally
        }
      }
      var total = Tally()
      for await tally in group {
        total.patterns += tally.patterns
        total.inputs += tally.inputs
        total.wholeMatches += tally.wholeMatches
        total.prefixMatches += tally.prefixMatches
        total.mismatches += tally.mismatches
      }
      return total
    }
    print(
      "DigitPattern equivalence: \(total.patterns) patterns, \(total.inputs) inputs "
        + "(\(total.wholeMatches) whole matches, \(total.prefixMatches) prefix matches), "
        + "\(total.mismatches.count) mismatches")
    for mismatch in total.mismatches { print(mismatch) }
    #expect(total.patterns == patterns.count)
    #expect(total.inputs >= 1_000_000)
    #expect(total.mismatches.count == 0, "every mismatch is printed above")
  }

  /// Constructs the metadata does not use today (`*`, `+`, `{n,}`, lazy
  /// quantifiers, groups in loops) but the compiler accepts: same comparison.
  @Test(arguments: [
    "\\d*", "1*2", "(1|2)*3", "(?:12)+", "(\\d{2})+", "(\\d)+?(\\d)", "(\\d*?)(\\d{2})", "[1-3]{2,}4",
    "(?:(1)|(2))*", "(?:(1)|(2))+3?", "(\\d+)(\\d{3})$", "0(?:(1)\\d|2)*", "(?:0|(1))+?(2)",
    "(\\d{2,}?)(\\d)",
    "1+2*3+", "(?:123|12)*(3)?", "((1)|(2)\\d)*", "(\\d?\\d)*", "(?:1|11)*1$", "(?:1|22)+$|3",
    "(1*)(1+)(1*?)",
    "(?:(\\d)(\\d)?)+", "(0|01)*?(1)", "([0-4]+|[5-9]+)+",
  ])
  func acceptedConstructsBeyondTheMetadataAgreeWithTheRegexOracle(pattern: String) throws {
    var tally = Tally()
    let examples = try MetadataPatternCorpus.exampleNumbers().map { Array($0.utf8) }
    // A seed from the pattern's bytes (FNV-1a), the same on every run.
    let seed = pattern.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    Self.check(pattern, seed: seed, examples: examples, count: 500, into: &tally)
    for mismatch in tally.mismatches { print(mismatch) }
    #expect(tally.inputs == 500)
    #expect(tally.mismatches.count == 0, "every mismatch is printed above")
  }

  private static func check(
    _ pattern: String, seed: UInt64, examples: [[UInt8]], count: Int, into tally: inout Tally
  ) {
    tally.patterns += 1
    let compiled: DigitPattern
    let oracle: RegexOracle
    do {
      compiled = try DigitPattern(pattern)
      oracle = try RegexOracle(pattern: pattern)
    } catch {
      tally.mismatches.append(
        Mismatch(pattern: pattern, input: "", check: "compile", ours: "\(error)", oracle: "compiles"))
      return
    }
    if compiled.groupCount != oracle.groupCount {
      tally.mismatches.append(
        Mismatch(
          pattern: pattern, input: "", check: "groupCount", ours: "\(compiled.groupCount)",
          oracle: "\(oracle.groupCount)"))
    }
    let inputs: [[UInt8]]
    do {
      inputs = try Self.inputs(for: pattern, seed: seed, examples: examples, count: count)
    } catch {
      tally.mismatches.append(
        Mismatch(pattern: pattern, input: "", check: "generate", ours: "\(error)", oracle: ""))
      return
    }
    for input in inputs {
      tally.inputs += 1
      let outcome = compare(compiled, oracle, input, into: &tally.mismatches)
      tally.wholeMatches += outcome.whole ? 1 : 0
      tally.prefixMatches += outcome.prefix ? 1 : 0
    }
  }

  /// Compares all four answers; returns whether the oracle found a whole and a prefix match.
  private static func compare(
    _ compiled: DigitPattern, _ oracle: RegexOracle, _ input: [UInt8], into mismatches: inout [Mismatch]
  ) -> (whole: Bool, prefix: Bool) {
    let text = String(decoding: input, as: UTF8.self)
    let expectedPrefix = oracle.lookingAt(text)
    let expectedWhole = oracle.matches(text)
    let verdicts = [
      ("matchesEntirely", compiled.matchesEntirely(input), expectedWhole != nil),
      ("matchesPrefix", compiled.matchesPrefix(input), expectedPrefix != nil),
    ]
    for (check, answer, expected) in verdicts where answer != expected {
      mismatches.append(
        Mismatch(
          pattern: compiled.source, input: text, check: check, ours: "\(answer)", oracle: "\(expected)"))
    }
    // The public entry points, then each capture engine on its own (the
    // automatic choice runs only one of them on phone-length inputs).
    let matches = input.withUnsafeBufferPointer { input in
      [
        ("prefixMatch", compiled.prefixMatch(input), expectedPrefix),
        ("wholeMatch", compiled.wholeMatch(input), expectedWhole),
        (
          "backtracking lookingAt",
          compiled.matcher.firstMatch(in: input, wholeInput: false, engine: .backtracking), expectedPrefix
        ),
        (
          "backtracking matches",
          compiled.matcher.firstMatch(in: input, wholeInput: true, engine: .backtracking), expectedWhole
        ),
        (
          "threads lookingAt", compiled.matcher.firstMatch(in: input, wholeInput: false, engine: .threads),
          expectedPrefix
        ),
        (
          "threads matches", compiled.matcher.firstMatch(in: input, wholeInput: true, engine: .threads),
          expectedWhole
        ),
      ]
    }
    for (check, match, expected) in matches {
      let answer = match.map { match in
        RegexOracle.Answer(end: match.end, groups: (0..<match.groupCount).map { match.group($0 + 1) })
      }
      if answer != expected {
        mismatches.append(
          Mismatch(
            pattern: compiled.source, input: text, check: check, ours: answer.map(\.description) ?? "nil",
            oracle: expected.map(\.description) ?? "nil"))
      }
    }
    return (expectedWhole != nil, expectedPrefix != nil)
  }

  /// `count` distinct inputs: edge walks through every alternative and
  /// repetition and their near misses, free walks, example numbers, random
  /// digit strings, and a few strings with a non-digit byte.
  static func inputs(for pattern: String, seed: UInt64, examples: [[UInt8]], count: Int) throws
    -> [[UInt8]]
  {
    var generator = try PatternInputGenerator(pattern: pattern, seed: seed)
    var inputs: [[UInt8]] = []
    var seen: Set<[UInt8]> = []
    func add(_ input: [UInt8]) {
      if inputs.count < count && seen.insert(input).inserted { inputs.append(input) }
    }
    for _ in 0..<30 { add(examples.randomElement(using: &generator.random) ?? []) }
    for _ in 0..<40 { add(generator.randomDigits(count: Int.random(in: 0...17, using: &generator.random))) }
    for _ in 0..<2 {
      var witness = generator.witness()
      witness.insert(
        [UInt8(ascii: "x"), UInt8(ascii: "-"), UInt8(ascii: " ")].randomElement(using: &generator.random)
          ?? UInt8(ascii: "x"),
        at: Int.random(in: 0...witness.count, using: &generator.random))
      add(witness)
    }
    var paths = generator.edgePaths()
    paths.shuffle(using: &generator.random)
    for path in paths.prefix(count / 14) {
      let witness = generator.witness(through: path)
      add(witness)
      for variant in generator.variations(of: witness) { add(variant) }
    }
    var attempts = 0
    while inputs.count < count && attempts < 4 * count {
      attempts += 1
      let witness = generator.witness()
      add(witness)
      for variant in generator.variations(of: witness) { add(variant) }
    }
    while inputs.count < count {
      add(generator.randomDigits(count: Int.random(in: 0...20, using: &generator.random)))
    }
    return inputs
  }
}
