/// libphonenumber's matcher patterns, written out as small scanners over
/// the text's scalars (folded digits) instead of regular expressions. Each
/// gives the answer Python's backtracking `re` gives for the pattern named
/// in its comment; where a pattern could backtrack, the comment says why
/// the scan need not.
enum MatcherPatterns {
  typealias Text = UnsafeBufferPointer<Unicode.Scalar>

  /// The most digits in one block of a candidate (`\d{1,20}`).
  static let digitBlockLimit = 20

  /// The end of the run of digits from `start`, at most `limit` long.
  @inline(__always)
  static func digitsEnd(_ text: Text, from start: Int, limit: Int = .max, bound: Int? = nil) -> Int {
    let bound = bound ?? text.count
    var end = start
    while end < bound && end - start < limit && MatcherCharacters.isDigit(text[end]) { end += 1 }
    return end
  }

  /// A match of the candidate pattern.
  struct Candidate {
    let range: Range<Int>
    /// Whether it holds a `/` (what the second-number cut and the slash
    /// date look for; no `\\` can be in a candidate: it is neither
    /// punctuation nor part of an extension).
    let hasSlash: Bool
  }

  /// The matcher's candidate pattern, searched from `index`:
  /// `(?:LEAD PUNCT{0,4}){0,2} \d{1,20} (?:PUNCT{0,4} \d{1,20}){0,20} EXTENSION?`.
  ///
  /// Every match starts at or just before the first digit at or after
  /// `index` (the lead part has no digits and is at most ten scalars), and
  /// the greedy blocks then take what they can, one at a time: punctuation
  /// and digits are disjoint, so a block either fits whole or ends the run.
  static func candidate(in text: Text, from index: Int) -> Candidate? {
    let digit = firstDigit(in: text, from: index)
    guard digit < text.count else { return nil }
    // A lead part is leads and punctuation only: the earliest start lies
    // within the run of those just before the digit (most often a blank
    // or nothing), so only that run is tried.
    var run = digit
    let lowest = max(index, digit - 10)
    while run > lowest
      && (PhoneCharacters.isPunctuation(text[run - 1]) || MatcherCharacters.isLead(text[run - 1]))
    {
      run -= 1
    }
    var start = digit
    for position in run..<digit
    where MatcherCharacters.isLead(text[position]) && isLead(text, position..<digit) {
      start = position
      break
    }
    var hasSlash = text[start..<digit].contains("/")
    var end = digitsEnd(text, from: digit, limit: digitBlockLimit)
    var blocks = 0
    while blocks < 20 {
      var next = end
      var punctuationHasSlash = false
      while next < text.count && next - end < 5 && PhoneCharacters.isPunctuation(text[next]) {
        if text[next] == "/" { punctuationHasSlash = true }
        next += 1
      }
      guard next - end <= 4, next < text.count, MatcherCharacters.isDigit(text[next]) else { break }
      hasSlash = hasSlash || punctuationHasSlash
      end = digitsEnd(text, from: next, limit: digitBlockLimit)
      blocks += 1
    }
    if mayStartExtension(text, at: end), let extensionEnd = extensionEnd(in: text, at: end) {
      end = extensionEnd
    }
    return Candidate(range: start..<end, hasSlash: hasSlash)
  }

  /// The first ASCII digit at or after `index`, or the end of the text.
  ///
  /// Eight scalars at a time across the stretches without digits (most
  /// are short: no wider step), the first digit of the eight that hold
  /// one read from the mask. A
  /// scalar is below 2^31, so `value - 0x30 < 10` (unsigned) is one add
  /// and one signed compare per lane: `value - 0x30 + Int32.min <
  /// Int32.min + 10`.
  @inline(__always)
  static func firstDigit(in text: Text, from index: Int) -> Int {
    // The wide loads read eight scalars from `digit`, inside the text.
    assert(index >= 0)
    var digit = index
    if let base = text.baseAddress {
      let raw = UnsafeRawPointer(base)
      let shift = SIMD8<Int32>(repeating: Int32.min &- 0x30)
      let limit = SIMD8<Int32>(repeating: Int32.min &+ 10)
      /// The lanes of the eight scalars at `position` that are digits.
      @inline(__always)
      func digits(at position: Int) -> SIMDMask<SIMD8<Int32>> {
        let scalars = raw.loadUnaligned(
          fromByteOffset: position &* MemoryLayout<Unicode.Scalar>.stride, as: SIMD8<Int32>.self)
        return (scalars &+ shift) .< limit
      }
      while digit &+ 8 <= text.count {
        let mask = digits(at: digit)
        if any(mask) {
          // One byte per lane, 0xFF for a digit: the first is the lowest.
          let lanes = SIMD8<UInt8>(
            truncatingIfNeeded: SIMD8<Int32>(repeating: 0).replacing(with: -1, where: mask))
          return digit &+ unsafeBitCast(lanes, to: UInt64.self).trailingZeroBitCount &>> 3
        }
        digit &+= 8
      }
    }
    while digit < text.count && !MatcherCharacters.isDigit(text[digit]) { digit += 1 }
    return digit
  }

  /// Whether `range` is `(?:LEAD PUNCT{0,4}){0,2}` exactly.
  private static func isLead(_ text: Text, _ range: Range<Int>) -> Bool {
    guard !range.isEmpty else { return true }
    guard MatcherCharacters.isLead(text[range.lowerBound]) else { return false }
    func allPunctuation(_ part: Range<Int>) -> Bool {
      part.allSatisfy { PhoneCharacters.isPunctuation(text[$0]) }
    }
    let first = range.lowerBound + 1
    if range.count <= 5 && allPunctuation(first..<range.upperBound) { return true }
    for second in first..<min(range.lowerBound + 6, range.upperBound)
    where MatcherCharacters.isLead(text[second]) && range.upperBound - second - 1 <= 4 {
      if allPunctuation(first..<second) && allPunctuation(second + 1..<range.upperBound) { return true }
    }
    return false
  }

}
