import Foundation

/// The reference answers: ICU's backtracking regex engine, through
/// NSRegularExpression, with `java.util.regex` semantics for this syntax.
struct RegexOracle {
  /// What the reference reports for one match: end offset and group spans.
  struct Answer: Equatable, CustomStringConvertible {
    let end: Int
    let groups: [Range<Int>?]

    var description: String {
      let spans = groups.map { $0.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "nil" }
      return "end \(end) groups [\(spans.joined(separator: ", "))]"
    }
  }

  let prefix: NSRegularExpression
  let whole: NSRegularExpression

  init(pattern: String) throws {
    prefix = try NSRegularExpression(pattern: "(?:\(pattern))")
    whole = try NSRegularExpression(pattern: "\\A(?:\(pattern))\\z")
  }

  var groupCount: Int {
    prefix.numberOfCaptureGroups
  }

  /// Java `lookingAt()`.
  func lookingAt(_ input: String) -> Answer? {
    answer(prefix, input)
  }

  /// Java `matches()`.
  func matches(_ input: String) -> Answer? {
    answer(whole, input)
  }

  private func answer(_ regex: NSRegularExpression, _ input: String) -> Answer? {
    let range = NSRange(location: 0, length: input.utf16.count)
    guard let match = regex.firstMatch(in: input, options: [.anchored], range: range),
      match.range.location == 0
    else { return nil }
    let groups = (1..<match.numberOfRanges).map { index -> Range<Int>? in
      let span = match.range(at: index)
      return span.location == NSNotFound ? nil : span.location..<(span.location + span.length)
    }
    return Answer(end: match.range.length, groups: groups)
  }
}
