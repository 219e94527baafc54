/// A pattern that is one straight sequence of digit classes, each repeated a
/// fixed number of times except at most one, with capturing groups around
/// parts of the sequence: `0`, `(\d{3})(\d{3})(\d{4})`, `([2-9]\d{2})(\d{3,4})`.
/// No alternation, no `$`, no group inside a repetition.
///
/// Such a pattern can split an input it matches only one way: the varying
/// part takes whatever length the fixed parts leave. So once the automaton
/// has accepted the input, the group spans follow from its length, and the
/// capture engines (which search the priority order for the same split)
/// need not run. Most format patterns and national and international
/// prefixes have this shape.
struct PatternShape: Sendable {
  /// The length of every match, -1 when a part varies.
  private let fixed: Int32
  /// Whether the varying part, if any, is greedy: then a prefix match
  /// (`lookingAt`) of an input the pattern matches whole is the whole input.
  let variablePartIsGreedy: Bool
  private let count: UInt8
  /// Per capture slot (group 1 start, group 1 end, ...): the offset from
  /// the start of the input, or from its end where `fromEnd` is -1 (else 0).
  /// Small, so reading a shape is cheap.
  private let offsets: SIMD16<Int16>
  private let fromEnd: SIMD16<Int16>

  /// The length of every match when no part varies; nil when one does.
  var fixedLength: Int? { fixed < 0 ? nil : Int(fixed) }

  /// The most groups a shape holds (their spans live inline in a match).
  static let maxGroups = 8

  /// The shape of `node`, nil when it has none.
  init?(_ node: PatternNode, groupCount: Int) {
    guard groupCount <= Self.maxGroups else { return nil }
    var events: [Event] = []
    guard Self.flatten(node, into: &events) else { return nil }
    let variable = events.indices.filter { index in
      if case .part(let minimum, let maximum, _) = events[index] { return minimum != maximum }
      return false
    }
    guard variable.count <= 1 else { return nil }
    var greedy = true
    if let index = variable.first, case .part(_, _, let isGreedy) = events[index] { greedy = isGreedy }
    // Offsets before the varying part count from the start, after it from the end.
    var offsets = SIMD16<Int16>(repeating: -1)
    var fromEnd = SIMD16<Int16>(repeating: 0)
    var position = 0
    for index in events.indices {
      switch events[index] {
      case .part(let minimum, _, _):
        if index == variable.first {
          // From here on, offsets are measured back from the end.
          let rest = events[(index + 1)...].reduce(0) { total, event in
            if case .part(let length, _, _) = event { return total + length }
            return total
          }
          position = rest
        } else if variable.first.map({ index > $0 }) ?? false {
          position -= minimum
        } else {
          position += minimum
        }
        guard position <= Int(Int16.max) else { return nil }
      case .groupStart(let group), .groupEnd(let group):
        var slot = 2 * (group - 1)
        if case .groupEnd = events[index] { slot += 1 }
        offsets[slot] = Int16(position)
        if variable.first.map({ index > $0 }) ?? false { fromEnd[slot] = -1 }
      }
    }
    fixed = variable.isEmpty ? Int32(position) : -1
    variablePartIsGreedy = greedy
    self.offsets = offsets
    self.fromEnd = fromEnd
    count = UInt8(groupCount)
  }

  private enum Event {
    case part(minimum: Int, maximum: Int?, greedy: Bool)
    case groupStart(Int)
    case groupEnd(Int)
  }

  private static func flatten(_ node: PatternNode, into events: inout [Event]) -> Bool {
    switch node {
    case .empty:
      return true
    case .digits:
      events.append(.part(minimum: 1, maximum: 1, greedy: true))
      return true
    case .repetition(.digits, let minimum, let maximum, let greedy):
      events.append(.part(minimum: minimum, maximum: maximum, greedy: greedy))
      return true
    case .concatenation(let parts):
      return parts.allSatisfy { flatten($0, into: &events) }
    case .group(let index, let body):
      events.append(.groupStart(index))
      guard flatten(body, into: &events) else { return false }
      events.append(.groupEnd(index))
      return true
    case .endOfInput, .alternation, .repetition:
      return false
    }
  }

  /// Where group `index` of a whole match starts and ends: each bound an
  /// offset from the start of the input, or back from its end where its
  /// flag says so; nil for a group the pattern does not have. Group 0 is
  /// the whole match.
  func bounds(ofGroup index: Int) -> (start: Int, startFromEnd: Bool, end: Int, endFromEnd: Bool)? {
    if index == 0 { return (0, false, 0, true) }
    guard index > 0 && index <= Int(count) else { return nil }
    return (
      Int(offsets[2 * index - 2]), fromEnd[2 * index - 2] != 0, Int(offsets[2 * index - 1]),
      fromEnd[2 * index - 1] != 0
    )
  }

  /// The match of the whole of an input of `length` bytes that the
  /// automaton has accepted.
  func wholeMatch(length: Int) -> PatternMatch {
    // Unused slots hold -1 and count from the start: they stay -1.
    let offsets = SIMD16<Int32>(truncatingIfNeeded: offsets)
    let fromEndSpans = SIMD16(repeating: Int32(truncatingIfNeeded: length)) &- offsets
    let spans = offsets ^ ((offsets ^ fromEndSpans) & SIMD16<Int32>(truncatingIfNeeded: fromEnd))
    return PatternMatch(end: length, inlineSpans: spans, groupCount: Int(count))
  }
}
