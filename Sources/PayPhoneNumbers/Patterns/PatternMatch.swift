/// A match of a ``DigitPattern`` at the start of an input, with the spans of
/// its capturing groups as `java.util.regex.Matcher` reports them.
///
/// Offsets count input bytes (digits) from the start of the input. Group 0 is
/// the whole match, `0..<end`. A group that took no part in the match is nil;
/// a group inside a repetition reports its last iteration.
///
///     let format = try DigitPattern("(\\d{3})(\\d{4})")
///     let match = format.wholeMatch(Array("5551234".utf8))
///     match?.group(1)  // 0..<3
///     match?.group(2)  // 3..<7
package struct PatternMatch: Sendable, Hashable {
  /// The offset just past the match.
  package let end: Int
  /// The number of capturing groups in the pattern (group 0 not counted).
  package let groupCount: Int
  private let spans: Spans

  /// Start and end offset per group, group 1 first; -1 when unset. Up to
  /// eight groups of a short input live inline, so a match allocates nothing.
  private enum Spans: Sendable, Hashable {
    case inline(SIMD16<Int32>)
    case array([Int])
  }

  /// A match of a pattern without groups.
  init(end: Int) {
    self.end = end
    groupCount = 0
    spans = .inline(SIMD16(repeating: -1))
  }

  /// A match whose spans are already laid out inline (at most eight groups).
  init(end: Int, inlineSpans: SIMD16<Int32>, groupCount: Int) {
    self.end = end
    self.groupCount = groupCount
    spans = .inline(inlineSpans)
  }

  init<Slot: BinaryInteger>(end: Int, slots: UnsafePointer<Slot>, count: Int) {
    self.end = end
    groupCount = count / 2
    if count <= 16 && end <= Int(Int32.max) {
      var inline = SIMD16<Int32>(repeating: -1)
      for index in 0..<count { inline[index] = Int32(slots[index]) }
      spans = .inline(inline)
    } else {
      spans = .array((0..<count).map { Int(slots[$0]) })
    }
  }

  /// The span of group `index`: 0 is the whole match; nil when the group did
  /// not take part in the match or `index` is not a group of the pattern.
  package func group(_ index: Int) -> Range<Int>? {
    if index == 0 { return 0..<end }
    guard index > 0 && index <= groupCount else { return nil }
    let start: Int
    let end: Int
    switch spans {
    case .inline(let slots):
      start = Int(slots[2 * index - 2])
      end = Int(slots[2 * index - 1])
    case .array(let slots):
      start = slots[2 * index - 2]
      end = slots[2 * index - 1]
    }
    guard start >= 0 && end >= start else { return nil }
    return start..<end
  }
}
