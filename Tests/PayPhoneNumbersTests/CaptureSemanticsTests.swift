import Testing

@testable import PayPhoneNumbers

/// Match ends and group spans are the ones `java.util.regex` reports.
///
/// The expectations were written from Java's semantics and checked against
/// `java.util.regex` (OpenJDK 17) by hand; the test also checks them against
/// ICU (NSRegularExpression), the equivalence test's oracle, and runs both
/// capture engines on each case.
@Suite struct CaptureSemanticsTests {
  /// A reported match: end offset and the spans of groups 1...n, nil when unset.
  struct Expected: CustomStringConvertible {
    let end: Int
    let groups: [Range<Int>?]

    init(_ end: Int, _ groups: [Range<Int>?] = []) {
      self.end = end
      self.groups = groups
    }

    var answer: RegexOracle.Answer {
      RegexOracle.Answer(end: end, groups: groups)
    }

    var description: String {
      answer.description
    }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let pattern: String
    let input: String
    /// Java `lookingAt()`.
    let prefix: Expected?
    /// Java `matches()`.
    let whole: Expected?

    var testDescription: String {
      "\(pattern) on \"\(input)\""
    }
  }

  static let cases: [Case] = [
    // Alternation: the first alternative that leads to a match wins, not the longest.
    Case(pattern: "0|00", input: "00", prefix: Expected(1), whole: Expected(2)),
    Case(
      pattern: "(0|00)(0?)", input: "00", prefix: Expected(2, [0..<1, 1..<2]),
      whole: Expected(2, [0..<1, 1..<2])),
    Case(
      pattern: "(1|12)(23|3)", input: "123", prefix: Expected(3, [0..<1, 1..<3]),
      whole: Expected(3, [0..<1, 1..<3])),
    Case(
      pattern: "(12|1)(3|23)", input: "123", prefix: Expected(3, [0..<2, 2..<3]),
      whole: Expected(3, [0..<2, 2..<3])),
    Case(
      pattern: "(\\d{2})|(\\d{3})", input: "123", prefix: Expected(2, [0..<2, nil]),
      whole: Expected(3, [nil, 0..<3])),
    Case(pattern: "(?:0|(00))0", input: "000", prefix: Expected(2, [nil]), whole: Expected(3, [0..<2])),
    Case(
      pattern: "(?:(0)|0)(1)", input: "01", prefix: Expected(2, [0..<1, 1..<2]),
      whole: Expected(2, [0..<1, 1..<2])),
    // A group set on a path that failed is not reported.
    Case(pattern: "(?:(1)2|13)", input: "13", prefix: Expected(2, [nil]), whole: Expected(2, [nil])),
    // Greedy quantifiers take as much as still leads to a match.
    Case(
      pattern: "(\\d{3,4})(\\d{7,8})", input: "03012345678", prefix: Expected(11, [0..<4, 4..<11]),
      whole: Expected(11, [0..<4, 4..<11])),
    Case(
      pattern: "(\\d{3,4})(\\d{7,8})", input: "030123456789", prefix: Expected(12, [0..<4, 4..<12]),
      whole: Expected(12, [0..<4, 4..<12])),
    Case(
      pattern: "(\\d?)(\\d)", input: "1", prefix: Expected(1, [0..<0, 0..<1]),
      whole: Expected(1, [0..<0, 0..<1])),
    Case(
      pattern: "(0?)(1)", input: "1", prefix: Expected(1, [0..<0, 0..<1]), whole: Expected(1, [0..<0, 0..<1])),
    // Lazy quantifiers take as little as leads to a match.
    Case(
      pattern: "(\\d{3,4}?)(\\d{7,8})", input: "03012345678", prefix: Expected(11, [0..<3, 3..<11]),
      whole: Expected(11, [0..<3, 3..<11])),
    Case(
      pattern: "(\\d??)(\\d)", input: "12", prefix: Expected(1, [0..<0, 0..<1]),
      whole: Expected(2, [0..<1, 1..<2])),
    Case(
      pattern: "(\\d*?)(\\d*)", input: "123", prefix: Expected(3, [0..<0, 0..<3]),
      whole: Expected(3, [0..<0, 0..<3])),
    Case(
      pattern: "(\\d+?)(\\d+)", input: "123", prefix: Expected(3, [0..<1, 1..<3]),
      whole: Expected(3, [0..<1, 1..<3])),
    Case(
      pattern: "(\\d{2}){2,3}?", input: "123456", prefix: Expected(4, [2..<4]), whole: Expected(6, [4..<6])),
    Case(
      pattern: "(\\d{1,3}?)(\\d{2})$", input: "12345", prefix: Expected(5, [0..<3, 3..<5]),
      whole: Expected(5, [0..<3, 3..<5])),
    // Optional groups: nil when skipped.
    Case(pattern: "0(1\\d)?", input: "0", prefix: Expected(1, [nil]), whole: Expected(1, [nil])),
    Case(pattern: "0(1\\d)?", input: "013", prefix: Expected(3, [1..<3]), whole: Expected(3, [1..<3])),
    Case(pattern: "0(1\\d)?", input: "01", prefix: Expected(1, [nil]), whole: nil),
    Case(pattern: "([2-9])(\\d{2})?", input: "23", prefix: Expected(1, [0..<1, nil]), whole: nil),
    Case(pattern: "(\\d){0}1", input: "1", prefix: Expected(1, [nil]), whole: Expected(1, [nil])),
    // Repeated groups report their last iteration; a group skipped in a later
    // iteration keeps the span of an earlier one.
    Case(pattern: "(?:(\\d)\\d)+", input: "1234", prefix: Expected(4, [2..<3]), whole: Expected(4, [2..<3])),
    Case(pattern: "(\\d)*", input: "123", prefix: Expected(3, [2..<3]), whole: Expected(3, [2..<3])),
    Case(pattern: "(\\d)*", input: "", prefix: Expected(0, [nil]), whole: Expected(0, [nil])),
    Case(pattern: "(\\d{2}){2,3}", input: "12345", prefix: Expected(4, [2..<4]), whole: nil),
    Case(
      pattern: "(\\d{2}){2,3}", input: "123456", prefix: Expected(6, [4..<6]), whole: Expected(6, [4..<6])),
    Case(pattern: "(?:(1)|2)+", input: "12", prefix: Expected(2, [0..<1]), whole: Expected(2, [0..<1])),
    Case(
      pattern: "(?:(1)|(2))+", input: "12", prefix: Expected(2, [0..<1, 1..<2]),
      whole: Expected(2, [0..<1, 1..<2])),
    Case(
      pattern: "(?:(1)|(2))+", input: "121", prefix: Expected(3, [2..<3, 1..<2]),
      whole: Expected(3, [2..<3, 1..<2])),
    Case(
      pattern: "(?:(1)|(2))+", input: "212", prefix: Expected(3, [1..<2, 2..<3]),
      whole: Expected(3, [1..<2, 2..<3])),
    // Nested groups, empty groups, the empty pattern.
    Case(
      pattern: "((\\d)(\\d))(\\d)", input: "123", prefix: Expected(3, [0..<2, 0..<1, 1..<2, 2..<3]),
      whole: Expected(3, [0..<2, 0..<1, 1..<2, 2..<3])),
    Case(pattern: "()", input: "", prefix: Expected(0, [0..<0]), whole: Expected(0, [0..<0])),
    Case(pattern: "", input: "12", prefix: Expected(0), whole: nil),
    Case(pattern: "", input: "", prefix: Expected(0), whole: Expected(0)),
    // `$` inside the pattern, as in national-prefix-for-parsing rules.
    Case(
      pattern: "(5\\d{6})$|1", input: "5551234", prefix: Expected(7, [0..<7]), whole: Expected(7, [0..<7])),
    Case(pattern: "(5\\d{6})$|1", input: "55512345", prefix: nil, whole: nil),
    Case(pattern: "(5\\d{6})$|1", input: "1555", prefix: Expected(1, [nil]), whole: nil),
  ]

  @Test(arguments: cases)
  func reportsTheSpansJavaReports(_ example: Case) throws {
    let pattern = try DigitPattern(example.pattern)
    let input = Array(example.input.utf8)
    let prefix = pattern.prefixMatch(input).map(Self.answer)
    let whole = pattern.wholeMatch(input).map(Self.answer)
    #expect(prefix == example.prefix?.answer, "lookingAt")
    #expect(whole == example.whole?.answer, "matches")
    #expect(pattern.matchesPrefix(input) == (example.prefix != nil))
    #expect(pattern.matchesEntirely(input) == (example.whole != nil))
    input.withUnsafeBufferPointer { input in
      for engine in [CaptureMatcher.Engine.backtracking, .threads] {
        let prefix = pattern.matcher.firstMatch(in: input, wholeInput: false, engine: engine).map(Self.answer)
        let whole = pattern.matcher.firstMatch(in: input, wholeInput: true, engine: engine).map(Self.answer)
        #expect(prefix == example.prefix?.answer, "lookingAt, \(engine)")
        #expect(whole == example.whole?.answer, "matches, \(engine)")
      }
    }
  }

  @Test(arguments: cases)
  func icuAgreesWithTheseExpectations(_ example: Case) throws {
    let oracle = try RegexOracle(pattern: example.pattern)
    #expect(oracle.lookingAt(example.input) == example.prefix?.answer)
    #expect(oracle.matches(example.input) == example.whole?.answer)
  }

  @Test func groupZeroIsTheWholeMatchAndOtherIndicesAreNil() throws {
    let match = try #require(try DigitPattern("(\\d{3})(\\d{4})").prefixMatch(Array("55512345".utf8)))
    #expect(match.end == 7)
    #expect(match.groupCount == 2)
    #expect(match.group(0) == 0..<7)
    #expect(match.group(3) == nil)
    #expect(match.group(-1) == nil)
  }

  @Test func manyGroupsAreReported() throws {
    // More than the eight groups a match keeps inline.
    let source = String(repeating: "(\\d)", count: 10)
    let match = try #require(try DigitPattern(source).wholeMatch(Array("0123456789".utf8)))
    #expect(match.groupCount == 10)
    #expect((1...10).map { match.group($0) } == (0..<10).map { $0..<($0 + 1) })
  }

  static func answer(_ match: PatternMatch) -> RegexOracle.Answer {
    RegexOracle.Answer(end: match.end, groups: (0..<match.groupCount).map { match.group($0 + 1) })
  }
}
