import Testing

@testable import PayPhoneNumbers

/// Straight-sequence patterns (``PatternShape``) split their matches without
/// a capture engine; the spans must be the ones the engines report.
@Suite struct PatternShapeTests {
  /// Which patterns are straight sequences, and of what kind.
  @Test(arguments: [
    ("0", "fixed 1"),
    ("(\\d{3})(\\d{3})(\\d{4})", "fixed 10"),
    ("([2-9]\\d{2})(\\d{4})", "fixed 7"),
    ("(?:0)?", "greedy"),
    ("(\\d{3})(\\d{3,4})", "greedy"),
    ("(\\d{2})(\\d+)(\\d{2})", "greedy"),
    ("(\\d{3,4}?)(\\d{4})", "lazy"),
    ("((\\d{2})\\d)(\\d)", "fixed 4"),
    ("(\\d{2,3})(\\d{3,4})", "none"),
    ("0|1", "none"),
    ("(\\d{3})$", "none"),
    ("(?:\\d{2}){2}", "none"),
    ("(\\d)+", "none"),
    ("(\\d)(\\d)(\\d)(\\d)(\\d)(\\d)(\\d)(\\d)(\\d)", "none"),
  ])
  func straightSequencesAreRecognised(pattern: String, kind: String) throws {
    let shape = try DigitPattern(pattern).shape
    let found =
      shape.map { shape in
        shape.fixedLength.map { "fixed \($0)" } ?? (shape.variablePartIsGreedy ? "greedy" : "lazy")
      } ?? "none"
    #expect(found == kind)
  }

  /// Spans written out by hand from `java.util.regex` semantics:
  /// (pattern, input, lookingAt end and spans, matches spans).
  @Test(arguments: [
    ("(\\d{3})(\\d{3})(\\d{4})", "2015550123", [0..<3, 3..<6, 6..<10], [0..<3, 3..<6, 6..<10]),
    ("([2-9]\\d{2})(\\d{3,4})", "2015550", [0..<3, 3..<7], [0..<3, 3..<7]),
    ("([2-9]\\d{2})(\\d{3,4})", "201555", [0..<3, 3..<6], [0..<3, 3..<6]),
    ("(\\d{2})(\\d+)(\\d{2})", "1234567", [0..<2, 2..<5, 5..<7], [0..<2, 2..<5, 5..<7]),
    ("(\\d{3,4}?)(\\d{4})", "12345678", [0..<3, 3..<7], [0..<4, 4..<8]),
    ("((\\d{2})\\d)(\\d)", "1234", [0..<3, 0..<2, 3..<4], [0..<3, 0..<2, 3..<4]),
  ])
  func spansAreTheEnginesSpans(pattern: String, input: String, prefix: [Range<Int>], whole: [Range<Int>])
    throws
  {
    let compiled = try DigitPattern(pattern)
    let bytes = Array(input.utf8)
    let prefixMatch = try #require(compiled.prefixMatch(bytes))
    let wholeMatch = try #require(compiled.wholeMatch(bytes))
    #expect((1...compiled.groupCount).map { prefixMatch.group($0) } == prefix)
    #expect(prefixMatch.end == prefix.map(\.upperBound).max())
    #expect((1...compiled.groupCount).map { wholeMatch.group($0) } == whole)
    #expect(wholeMatch.end == bytes.count)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(
        compiled.matcher.firstMatch(in: buffer, wholeInput: false, engine: .backtracking) == prefixMatch)
      #expect(compiled.matcher.firstMatch(in: buffer, wholeInput: true, engine: .backtracking) == wholeMatch)
    }
  }

  /// Every metadata pattern with a shape, on inputs of its language and near
  /// misses: the shape's answers are the backtracking engine's, exactly.
  @Test func metadataShapesAgreeWithTheCaptureEngine() throws {
    var shaped = 0
    var compared = 0
    var mismatches: [String] = []
    for (index, source) in try MetadataPatternCorpus.allPatterns().enumerated() {
      let pattern = try DigitPattern(source)
      guard pattern.shape != nil else { continue }
      shaped += 1
      var generator = try PatternInputGenerator(pattern: source, seed: UInt64(index + 1))
      var inputs: [[UInt8]] = []
      for _ in 0..<20 {
        let witness = generator.witness()
        inputs.append(witness)
        inputs += generator.variations(of: witness)
      }
      for input in inputs {
        compared += 1
        input.withUnsafeBufferPointer { buffer in
          let engine = (
            pattern.matcher.firstMatch(in: buffer, wholeInput: false, engine: .backtracking),
            pattern.matchesEntirely(buffer)
              ? pattern.matcher.firstMatch(in: buffer, wholeInput: true, engine: .backtracking) : nil
          )
          if pattern.prefixMatch(buffer) != engine.0 || pattern.wholeMatch(buffer) != engine.1 {
            mismatches.append("\(source) on \(String(decoding: input, as: UTF8.self))")
          }
          // The formatter reads spans straight from the shape.
          if let whole = engine.1, let shape = pattern.shape {
            for group in -1...pattern.groupCount + 1
            where Self.span(shape, group: group, length: buffer.count) != whole.group(group) {
              mismatches.append("\(source) span \(group) on \(String(decoding: input, as: UTF8.self))")
            }
          }
        }
      }
    }
    for mismatch in mismatches { print("MISMATCH shape \(mismatch)") }
    print(
      "pattern shapes: \(shaped) shaped metadata patterns, \(compared) inputs, \(mismatches.count) mismatches"
    )
    #expect(shaped > 500)
    #expect(compared > 50_000)
    #expect(mismatches.isEmpty)
  }

  /// The span of `group` in a whole match of `length` bytes, from the
  /// shape's bounds; nil for a group it lacks or bounds out of order.
  static func span(_ shape: PatternShape, group: Int, length: Int) -> Range<Int>? {
    guard let bounds = shape.bounds(ofGroup: group) else { return nil }
    let start = bounds.startFromEnd ? length - bounds.start : bounds.start
    let end = bounds.endFromEnd ? length - bounds.end : bounds.end
    return start >= 0 && start <= end ? start..<end : nil
  }
}
