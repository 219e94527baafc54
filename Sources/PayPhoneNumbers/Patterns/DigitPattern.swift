/// A libphonenumber metadata pattern, compiled once into a digit automaton
/// and a capture matcher, matched without a general regex engine.
///
/// The syntax is the subset of `java.util.regex` the metadata uses: digits,
/// `\d`, digit classes (`[2-9]`), groups `( )` and `(?: )`, `|`, the
/// quantifiers `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` (greedy, or lazy with a
/// trailing `?`), and `$`. Anything else is a ``DigitPatternError`` at
/// compile time, never a pattern that silently matches differently; so is
/// repeating (more than once) a sub-pattern that can match the empty string,
/// such as `(?:1?)*`, where regex engines disagree about empty iterations.
///
/// Inputs are bytes, meant to be the ASCII digits `0`–`9`; any other byte
/// matches nothing (so `$` does not match before a trailing line break, as it
/// would in Java). Every match is anchored at the start of the input, as with
/// `Matcher.matches()` and `Matcher.lookingAt()`.
///
///     let mobile = try DigitPattern("7(?:[1-57-9]\\d{8}|624\\d{6})")
///     mobile.matchesEntirely(Array("7400123456".utf8))  // true
///     let format = try DigitPattern("(\\d{3})(\\d{3})(\\d{4})")
///     format.wholeMatch(Array("2015550123".utf8))?.group(2)  // 3..<6
///
/// Equality and hashing compare ``source``: the compiled form follows from it.
package struct DigitPattern: Sendable, Hashable {
  /// The compiled form, shared: copying a pattern is one reference count.
  /// Immutable once made, so sharing it across threads is safe (the class
  /// holds raw memory, so it cannot declare itself `Sendable`).
  nonisolated(unsafe) let storage: DigitPatternStorage

  /// The pattern as written.
  package var source: String { storage.source }
  /// The number of capturing groups.
  package var groupCount: Int { storage.groupCount }
  var automaton: DigitAutomaton { storage.automaton }
  var matcher: CaptureMatcher { storage.matcher }
  var shape: PatternShape? { storage.shape }

  /// Compiles `source`.
  ///
  /// - Throws: ``DigitPatternError`` for unsupported or malformed syntax, or
  ///   a pattern beyond the size limits (repetition bounds above 1000,
  ///   100,000 program instructions, 20,000 automaton states).
  /// - Complexity: Builds the program and its automaton once, within the
  ///   size limits above: compile a pattern once and match it many times.
  package init(_ source: String) throws(DigitPatternError) {
    let parsed = try PatternParser.parse(source)
    let program = try PatternProgram(compiling: parsed.node, groupCount: parsed.groupCount, source: source)
    storage = try DigitPatternStorage.make(
      source: source, groupCount: parsed.groupCount,
      automaton: try DigitAutomaton(program: program, source: source),
      matcher: CaptureMatcher(program: program),
      shape: PatternShape(parsed.node, groupCount: parsed.groupCount))
  }

  /// Bytes held by the compiled form: the automaton's tables and the
  /// capture matcher's program.
  package var compiledByteCount: Int {
    storage.automatonByteCount + matcher.program.instructions.count * MemoryLayout<PatternInstruction>.stride
  }

  /// Whether the whole input is in the pattern's language (Java `matches()`).
  ///
  /// - Complexity: One table lookup per input byte.
  package func matchesEntirely(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
    storage.matchesEntirely(digits)
  }

  /// Whether some prefix of the input, possibly empty, is in the pattern's
  /// language (the success of Java `lookingAt()`).
  ///
  /// - Complexity: At most one table lookup per input byte.
  package func matchesPrefix(_ digits: UnsafeBufferPointer<UInt8>) -> Bool {
    storage.matchesPrefix(digits)
  }

  /// The match Java `lookingAt()` reports: the first prefix in the pattern's
  /// priority order (leftmost alternative, greedy or lazy quantifiers), not
  /// necessarily the longest, with its group spans; nil when no prefix matches.
  ///
  ///     try DigitPattern("0|00").prefixMatch(Array("00".utf8))?.end  // 1
  ///
  /// - Complexity: One automaton pass, then O(n × m) for n input bytes and a
  ///   program of m instructions: never exponential, no recursion. Scratch
  ///   memory is a per-call temporary allocation, on the stack for short
  ///   inputs of small patterns (format patterns on phone numbers).
  package func prefixMatch(_ digits: UnsafeBufferPointer<UInt8>) -> PatternMatch? {
    switch prefixMatchSearch(digits) {
    case .none: return nil
    case .shaped(let shape, let length): return shape.wholeMatch(length: length)
    case .searched(let match): return match
    }
  }

  /// `prefixMatch(digits)?.end`, without making the match (its group
  /// spans) where the shape decides its length.
  package func prefixMatchEnd(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
    switch prefixMatchSearch(digits) {
    case .none: return nil
    case .shaped(_, let length): return length
    case .searched(let match): return match.end
    }
  }

  /// How ``prefixMatch(_:)-(UnsafeBufferPointer<UInt8>)`` finds its
  /// match: none, one of a length the shape decides, or one the engine
  /// searched for.
  private enum PrefixMatchSearch {
    case none
    case shaped(PatternShape, length: Int)
    case searched(PatternMatch)
  }

  @inline(__always)
  private func prefixMatchSearch(_ digits: UnsafeBufferPointer<UInt8>) -> PrefixMatchSearch {
    let storage = storage
    // Most inputs have no matching prefix (a national or international
    // prefix the number does not start with): the automaton says so before
    // the shape is read.
    guard storage.matchesPrefix(digits) else { return .none }
    if let shape = storage.shape, digits.count < Int(Int32.max) {
      // Every match has this length: the automaton decides alone.
      if let length = shape.fixedLength { return .shaped(shape, length: length) }
      // The varying part, greedy, takes all the fixed parts leave of an
      // input matched whole; otherwise the engine searches.
      if shape.variablePartIsGreedy && storage.matchesEntirely(digits) {
        return .shaped(shape, length: digits.count)
      }
    }
    return storage.matcher.firstMatch(in: digits, wholeInput: false).map { .searched($0) } ?? .none
  }

  /// The match Java `matches()` reports: the whole input, with the group
  /// spans of the first way through the pattern in priority order; nil when
  /// the input is not in the language.
  ///
  /// - Complexity: One automaton pass, then (only for a match of a pattern
  ///   with groups, other than a straight sequence) O(n × m) as for
  ///   ``prefixMatch(_:)-(UnsafeBufferPointer<UInt8>)``.
  package func wholeMatch(_ digits: UnsafeBufferPointer<UInt8>) -> PatternMatch? {
    let storage = storage
    guard storage.matchesEntirely(digits) else { return nil }
    guard storage.groupCount > 0 else { return PatternMatch(end: digits.count) }
    if let shape = storage.shape, digits.count < Int(Int32.max) {
      return shape.wholeMatch(length: digits.count)
    }
    return storage.matcher.firstMatch(in: digits, wholeInput: true)
  }

  package static func == (lhs: DigitPattern, rhs: DigitPattern) -> Bool {
    lhs.source == rhs.source
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(source)
  }
}

extension DigitPattern {
  /// ``matchesEntirely(_:)-(UnsafeBufferPointer<UInt8>)`` over an array of digit bytes.
  package func matchesEntirely(_ digits: [UInt8]) -> Bool {
    digits.withUnsafeBufferPointer { matchesEntirely($0) }
  }

  /// ``matchesPrefix(_:)-(UnsafeBufferPointer<UInt8>)`` over an array of digit bytes.
  package func matchesPrefix(_ digits: [UInt8]) -> Bool {
    digits.withUnsafeBufferPointer { matchesPrefix($0) }
  }

  /// ``prefixMatch(_:)-(UnsafeBufferPointer<UInt8>)`` over an array of digit bytes.
  package func prefixMatch(_ digits: [UInt8]) -> PatternMatch? {
    digits.withUnsafeBufferPointer { prefixMatch($0) }
  }

  /// ``wholeMatch(_:)-(UnsafeBufferPointer<UInt8>)`` over an array of digit bytes.
  package func wholeMatch(_ digits: [UInt8]) -> PatternMatch? {
    digits.withUnsafeBufferPointer { wholeMatch($0) }
  }
}
