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
      && (MatcherCharacters.isPunctuation(text[run - 1]) || MatcherCharacters.isLead(text[run - 1]))
    {
      run -= 1
    }
    var start = digit
    for position in run..<digit
    where MatcherCharacters.isLead(text[position]) && isLead(text, position..<digit) {
      start = position
      break
    }
    var hasSlash = false
    for position in start..<digit where text[position] == "/" { hasSlash = true }
    var end = digitsEnd(text, from: digit, limit: digitBlockLimit)
    var blocks = 0
    while blocks < 20 {
      var next = end
      var punctuationHasSlash = false
      while next < text.count && next - end < 5 && MatcherCharacters.isPunctuation(text[next]) {
        if text[next] == "/" { punctuationHasSlash = true }
        next += 1
      }
      guard next - end <= 4, next < text.count, MatcherCharacters.isDigit(text[next]) else { break }
      hasSlash = hasSlash || punctuationHasSlash
      end = digitsEnd(text, from: next, limit: digitBlockLimit)
      blocks += 1
    }
    // `mayStartExtension`, written out in the candidate loop: most
    // candidates end where no extension can start, settled here with no
    // call.
    if end < text.count {
      let next = text[end]
      var mayStart = true
      if next.value < 0x80 {
        if next == " " && end + 1 < text.count {
          let letter = text[end + 1]
          mayStart =
            !(letter.value < 0x80 && PhoneCharacters.isASCIILetter(letter)
            && !startsSomeLabel(MatcherCharacters.caseFolded(letter)))
        } else {
          let value = UInt64(next.value)
          mayStart =
            (value < 64 ? extensionStarts.low >> value : extensionStarts.high >> (value &- 64)) & 1 != 0
        }
      }
      if mayStart, let extensionEnd = extensionEnd(in: text, at: end) { end = extensionEnd }
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
      part.allSatisfy { MatcherCharacters.isPunctuation(text[$0]) }
    }
    let first = range.lowerBound + 1
    if range.count <= 5 && allPunctuation(first..<range.upperBound) { return true }
    for second in first..<min(range.lowerBound + 6, range.upperBound)
    where MatcherCharacters.isLead(text[second]) && range.upperBound - second - 1 <= 4 {
      if allPunctuation(first..<second) && allPunctuation(second + 1..<range.upperBound) { return true }
    }
    return false
  }

  // The extension patterns for matching, lower-case (compared case-folded).
  static let explicitLabels: [[Unicode.Scalar]] = {
    var labels: [String] = []
    for e in ["e", ""] {
      for middle in ["ensio\u{301}", "ensio", "ensi\u{F3}", ""] {
        for n in ["n", ""] { labels.append(e + "xt" + middle + n) }
      }
    }
    labels += ["\u{FF45}\u{FF58}\u{FF54}\u{FF4E}", "\u{FF45}\u{FF58}\u{FF54}", "\u{FF58}\u{FF54}\u{FF4E}"]
    labels += ["\u{FF58}\u{FF54}", "\u{434}\u{43E}\u{431}", "anexo"]
    return labels.map { Array($0.unicodeScalars) }
  }()

  static let ambiguousLabels: [[Unicode.Scalar]] = [
    "x", "\u{FF58}", "#", "\u{FF03}", "~", "\u{FF5E}", "int", "\u{FF49}\u{FF4E}\u{FF54}",
  ].map { Array($0.unicodeScalars) }

  private static let rfc3966Label = Array(";ext=".unicodeScalars)

  /// `_EXTN_PATTERNS_FOR_MATCHING` matched at `position` (not searched): the end
  /// of the extension, or nil.
  ///
  /// Its alternatives, in order: `;ext=\d{1,20}`; blanks, an explicit label
  /// (`ext`, `extension`, `доб`, `anexo`, ...), `[:.．]?`, separators,
  /// `\d{1,20}`, `#?`; the same with an ambiguous label (`x`, `#`, `~`,
  /// `int`) and `\d{1,9}`; `[- ]+\d{1,6}#`. No label ends in a character a
  /// label tail may hold, so at most one label of a list fits, and the
  /// tails' greedy runs are the whole runs.
  static func extensionEnd(in text: Text, at position: Int) -> Int? {
    guard mayStartExtension(text, at: position) else { return nil }
    if text[position] == ";" && startsWith(text, at: position, rfc3966Label) {
      let digits = position + rfc3966Label.count
      let end = digitsEnd(text, from: digits, limit: 20)
      if end > digits { return end }
    }
    var afterBlanks = position
    while afterBlanks < text.count && isBlankOrComma(text[afterBlanks]) { afterBlanks += 1 }
    if afterBlanks < text.count, startsSomeLabel(MatcherCharacters.caseFolded(text[afterBlanks])),
      mayStartLabel(text, at: afterBlanks)
    {
      let first = MatcherCharacters.caseFolded(text[afterBlanks])
      if mayStartExplicitLabel(text, at: afterBlanks) {
        for label in explicitLabels where label[0] == first && startsWith(text, at: afterBlanks, label) {
          if let end = labelTailEnd(in: text, at: afterBlanks + label.count, digitLimit: 20) { return end }
        }
      }
      for label in ambiguousLabels where label[0] == first && startsWith(text, at: afterBlanks, label) {
        if let end = labelTailEnd(in: text, at: afterBlanks + label.count, digitLimit: 9) { return end }
      }
    }
    var digits = position
    while digits < text.count && (text[digits] == "-" || text[digits] == " ") { digits += 1 }
    guard digits > position else { return nil }
    let end = digitsEnd(text, from: digits)
    if end > digits && end - digits <= 6 && end < text.count && text[end] == "#" { return end + 1 }
    return nil
  }

  /// False where no extension can start (`extensionEnd` is then nil):
  /// the end of the text, or an ASCII scalar that starts no alternative.
  /// Most candidates end before a letter or blank that starts no spelling;
  /// a blank then an ASCII letter that starts no label is no extension
  /// either (no label fits, nor `[- ]+\d`). Inlined, so that the candidate
  /// scan calls `extensionEnd` only where one may be.
  @inline(__always)
  static func mayStartExtension(_ text: Text, at position: Int) -> Bool {
    guard position < text.count else { return false }
    let scalar = text[position]
    guard scalar.value < 0x80 else { return true }
    if scalar == " " && position + 1 < text.count {
      let next = text[position + 1]
      if next.value < 0x80 && PhoneCharacters.isASCIILetter(next)
        && !startsSomeLabel(MatcherCharacters.caseFolded(next))
      {
        return false
      }
    }
    let value = UInt64(scalar.value)
    return (value < 64 ? extensionStarts.low >> value : extensionStarts.high >> (value &- 64)) & 1 != 0
  }

  /// The ASCII scalars an extension may start with: `; \t,-#~` and the
  /// first letters of `e`, `x`, `i`, `a` labels in either case.
  private static var extensionStarts: (low: UInt64, high: UInt64) {
    (
      1 << 0x3B | 1 << 0x20 | 1 << 0x09 | 1 << 0x2C | 1 << 0x2D | 1 << 0x23,
      1 << (0x65 - 64) | 1 << (0x45 - 64) | 1 << (0x78 - 64) | 1 << (0x58 - 64) | 1 << (0x7E - 64)
        | 1 << (0x69 - 64) | 1 << (0x49 - 64) | 1 << (0x61 - 64) | 1 << (0x41 - 64)
    )
  }

  /// Whether a label of either list starts with `first` (case-folded):
  /// most candidates end before a scalar that starts none.
  @inline(__always)
  static func startsSomeLabel(_ first: Unicode.Scalar) -> Bool {
    switch first {
    case "e", "x", "a", "i", "#", "~", "\u{FF45}", "\u{FF58}", "\u{434}", "\u{FF03}", "\u{FF5E}", "\u{FF49}":
      return true
    default:
      return false
    }
  }

  /// False when the scalar after a first `e`, `a` or `i` rules out every
  /// label (each label starting with `e` goes on with `x`, `anexo` and
  /// `int` with `n`), so that words such as `and` or `euros` are not
  /// compared with each label; true otherwise.
  @inline(__always)
  private static func mayStartLabel(_ text: Text, at position: Int) -> Bool {
    let second: Unicode.Scalar
    switch MatcherCharacters.caseFolded(text[position]) {
    case "e": second = "x"
    case "a", "i": second = "n"
    default: return true
    }
    return position + 1 < text.count && MatcherCharacters.caseFolded(text[position + 1]) == second
  }

  /// False when the scalars at `position` rule out every explicit label:
  /// those starting with `e` or `x` go on with `xt` or `t` (so that a
  /// postcode's `XE` or a word's `ex` is not compared with each of them);
  /// true otherwise.
  @inline(__always)
  private static func mayStartExplicitLabel(_ text: Text, at position: Int) -> Bool {
    func isFolded(_ offset: Int, _ scalar: Unicode.Scalar) -> Bool {
      position + offset < text.count && MatcherCharacters.caseFolded(text[position + offset]) == scalar
    }
    switch MatcherCharacters.caseFolded(text[position]) {
    case "e": return isFolded(1, "x") && isFolded(2, "t")
    case "x": return isFolded(1, "t")
    default: return true
    }
  }

  @inline(__always)
  private static func isBlankOrComma(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\u{A0}" || scalar == "\t" || scalar == ","
  }

  /// Whether `label` (lower-case) is at `position`, ignoring case.
  private static func startsWith(_ text: Text, at position: Int, _ label: [Unicode.Scalar]) -> Bool {
    guard position + label.count <= text.count else { return false }
    for (offset, scalar) in label.enumerated()
    where MatcherCharacters.caseFolded(text[position + offset]) != scalar {
      return false
    }
    return true
  }

  /// `[:\.．]?[ \u00A0\t,-]*(\d{1,LIMIT})#?` at `position`: its end, or nil.
  private static func labelTailEnd(in text: Text, at position: Int, digitLimit: Int) -> Int? {
    var index = position
    if index < text.count && (text[index] == ":" || text[index] == "." || text[index] == "\u{FF0E}") {
      index += 1
    }
    while index < text.count && (isBlankOrComma(text[index]) || text[index] == "-") { index += 1 }
    var end = digitsEnd(text, from: index, limit: digitLimit)
    guard end > index else { return nil }
    if end < text.count && text[end] == "#" { end += 1 }
    return end
  }

  /// Whether `range` holds `first` or `second` (eight scalars at a time).
  static func contains(
    _ first: Unicode.Scalar, or second: Unicode.Scalar, in text: Text, _ range: Range<Int>
  ) -> Bool {
    var index = range.lowerBound
    if let base = text.baseAddress {
      let raw = UnsafeRawPointer(base)
      let firsts = SIMD8<UInt32>(repeating: first.value)
      let seconds = SIMD8<UInt32>(repeating: second.value)
      while index + 8 <= range.upperBound {
        let scalars = raw.loadUnaligned(
          fromByteOffset: index * MemoryLayout<Unicode.Scalar>.stride, as: SIMD8<UInt32>.self)
        if any((scalars .== firsts) .| (scalars .== seconds)) { return true }
        index += 8
      }
    }
    while index < range.upperBound {
      if text[index] == first || text[index] == second { return true }
      index += 1
    }
    return false
  }

  /// `[\\/] *x` searched in `range`: where the candidate is cut (the start
  /// of a second number written as `/ x123`), or nil.
  static func secondNumberStart(in text: Text, _ range: Range<Int>) -> Int? {
    var index = range.lowerBound
    while index < range.upperBound {
      if text[index] == "/" || text[index] == "\\" {
        var next = index + 1
        while next < range.upperBound && text[next] == " " { next += 1 }
        if next < range.upperBound && text[next] == "x" { return index }
      }
      index += 1
    }
    return nil
  }

  /// `(?:_|[^#\w])+$`: `range` without its trailing run of such characters.
  static func trimmingUnwantedEnd(in text: Text, _ range: Range<Int>) -> Range<Int> {
    var end = range.upperBound
    while end > range.lowerBound {
      let scalar = text[end - 1]
      guard scalar == "_" || (scalar != "#" && !MatcherCharacters.isWordCharacter(scalar)) else { break }
      end -= 1
    }
    return range.lowerBound..<end
  }

  /// `(?:[0-3]?\d/[01]?\d|[01]?\d/[0-3]?\d)/(?:[12]\d)?\d{2}` searched in
  /// `range`: a date written with slashes (`3/10/2011`).
  ///
  /// The middle part is the whole run between two slashes; a single digit
  /// before the first slash always serves as the first part, so the
  /// condition is: a digit, `/`, one digit or two starting with 0-3, `/`,
  /// two digits.
  static func containsSlashDate(in text: Text, _ range: Range<Int>) -> Bool {
    var slash = range.lowerBound + 1
    while slash < range.upperBound {
      defer { slash += 1 }
      guard text[slash] == "/", MatcherCharacters.isDigit(text[slash - 1]) else { continue }
      let middleEnd = digitsEnd(text, from: slash + 1, bound: range.upperBound)
      let middle = middleEnd - slash - 1
      guard middleEnd < range.upperBound, middle == 1 || middle == 2, text[middleEnd] == "/" else { continue }
      if middle == 2 && text[slash + 1].value > 0x33 { continue }
      if middleEnd + 2 < range.upperBound && MatcherCharacters.isDigit(text[middleEnd + 1])
        && MatcherCharacters.isDigit(text[middleEnd + 2])
      {
        return true
      }
    }
    return false
  }

  /// `[12]\d{3}[-/]?[01]\d[-/]?[0-3]\d +[0-2]\d$` searched in `range`: a
  /// time stamp's date and hour at the end of the candidate (read from the
  /// end: each optional separator is there exactly when the scalar is one).
  static func endsWithTimeStamp(in text: Text, _ range: Range<Int>) -> Bool {
    var index = range.upperBound
    func take(_ accepts: (Unicode.Scalar) -> Bool) -> Bool {
      guard index > range.lowerBound, accepts(text[index - 1]) else { return false }
      index -= 1
      return true
    }
    func digit(_ scalar: Unicode.Scalar) -> Bool { MatcherCharacters.isDigit(scalar) }
    func separator(_ scalar: Unicode.Scalar) -> Bool { scalar == "-" || scalar == "/" }
    guard take(digit), take({ $0 == "0" || $0 == "1" || $0 == "2" }), take({ $0 == " " }) else {
      return false
    }
    while take({ $0 == " " }) {}
    guard take(digit), take({ $0.value >= 0x30 && $0.value <= 0x33 }) else { return false }
    _ = take(separator)
    guard take(digit), take({ $0 == "0" || $0 == "1" }) else { return false }
    _ = take(separator)
    return take(digit) && take(digit) && take(digit) && take({ $0 == "1" || $0 == "2" })
  }

  /// `:[0-5]\d` at `position`: the minutes that make a time stamp.
  static func startsWithMinutes(in text: Text, at position: Int) -> Bool {
    position + 2 < text.count && text[position] == ":"
      && text[position + 1].value >= 0x30 && text[position + 1].value <= 0x35
      && MatcherCharacters.isDigit(text[position + 2])
  }

  /// `\d{1,5}-+\d{1,5}\s{0,4}\(\d{1,4}` searched in `range`: a publication's
  /// pages (`211-227 (2003)`).
  static func containsPublicationPages(in text: Text, _ range: Range<Int>) -> Bool {
    var hyphen = range.lowerBound + 1
    while hyphen < range.upperBound {
      defer { hyphen += 1 }
      guard text[hyphen] == "-", text[hyphen - 1] != "-", MatcherCharacters.isDigit(text[hyphen - 1]) else {
        continue
      }
      var digits = hyphen
      while digits < range.upperBound && text[digits] == "-" { digits += 1 }
      var end = digits
      while end < range.upperBound && MatcherCharacters.isDigit(text[end]) { end += 1 }
      guard end > digits, end - digits <= 5 else { continue }
      var bracket = end
      while bracket < range.upperBound && MatcherCharacters.isWhitespace(text[bracket]) { bracket += 1 }
      guard bracket - end <= 4, bracket + 1 < range.upperBound, text[bracket] == "(",
        MatcherCharacters.isDigit(text[bracket + 1])
      else { continue }
      return true
    }
    return false
  }

  /// The bracket pattern, matched against all of `range`:
  /// `O? (N+ C)? N+ (O N+ C){0,3} N*`, where O and C are opening and
  /// closing brackets and N anything else. Runs of N are whole runs
  /// (brackets bound them), so every step is forced.
  static func hasMatchingBrackets(in text: Text, _ range: Range<Int>) -> Bool {
    let end = range.upperBound
    func isBracket(_ scalar: Unicode.Scalar) -> Bool {
      MatcherCharacters.isOpeningBracket(scalar) || MatcherCharacters.isClosingBracket(scalar)
    }
    func runEnd(_ start: Int) -> Int {
      var index = start
      while index < end && !isBracket(text[index]) { index += 1 }
      return index
    }
    var index = range.lowerBound
    if index < end && MatcherCharacters.isOpeningBracket(text[index]) { index += 1 }
    var run = runEnd(index)
    if run > index && run < end && MatcherCharacters.isClosingBracket(text[run]) { index = run + 1 }
    run = runEnd(index)
    guard run > index else { return false }
    index = run
    for _ in 0..<3 {
      guard index < end, MatcherCharacters.isOpeningBracket(text[index]) else { break }
      run = runEnd(index + 1)
      guard run > index + 1, run < end, MatcherCharacters.isClosingBracket(text[run]) else { break }
      index = run + 1
    }
    return runEnd(index) == end
  }

  /// One match of an inner-match pattern: where it starts, and its group.
  struct InnerMatch {
    let start: Int
    let group: Range<Int>
  }

  /// How many inner-match patterns there are, tried in this order.
  static let innerPatternCount = 6

  /// Which inner-match patterns may match in `range`, one bit per kind:
  /// those whose first character (a slash, a bracket, a hyphen beside a
  /// blank, a dash, a full stop, a blank) the range holds. One pass, so
  /// that the searches of the others are skipped.
  static func innerPatternKinds(in text: Text, _ range: Range<Int>) -> Int {
    var kinds = 0
    for index in range {
      let scalar = text[index]
      switch scalar {
      case "/": kinds |= 1 << 0
      case "(": kinds |= 1 << 1
      case "-":
        // Pattern 2 needs a blank beside the hyphen (not so a date's).
        if (index > range.lowerBound && MatcherCharacters.isWhitespace(text[index - 1]))
          || (index + 1 < range.upperBound && MatcherCharacters.isWhitespace(text[index + 1]))
        {
          kinds |= 1 << 2
        }
      case ".": kinds |= 1 << 4
      case " ": kinds |= 1 << 5
      default:
        if scalar.value < 0x80 && scalar.value > 0x20 { continue }
        if (0x2012...0x2015).contains(scalar.value) || scalar == "\u{FF0D}" { kinds |= 1 << 3 }
        if MatcherCharacters.isWhitespace(scalar) { kinds |= 1 << 5 }
      }
    }
    return kinds
  }

  /// The inner-match pattern `kind` searched in `range` from `from`:
  /// 0 `/+(.*)`, 1 `(\([^(]*)`, 2 `(?:\s-|-\s)\s*(.+)`,
  /// 3 `[‒-―－]\s*(.+)`, 4 `\.+\s*([^.]+)`, 5 `\s+(\S+)`.
  static func innerMatch(_ kind: Int, in text: Text, _ range: Range<Int>, from: Int) -> InnerMatch? {
    let end = range.upperBound
    var start = from
    while start < end {
      defer { start += 1 }
      let scalar = text[start]
      switch kind {
      case 0:
        guard scalar == "/" else { continue }
        var group = start
        while group < end && text[group] == "/" { group += 1 }
        return InnerMatch(start: start, group: group..<end)
      case 1:
        guard scalar == "(" else { continue }
        var groupEnd = start + 1
        while groupEnd < end && text[groupEnd] != "(" { groupEnd += 1 }
        return InnerMatch(start: start, group: start..<groupEnd)
      case 2:
        guard start + 1 < end else { continue }
        let next = text[start + 1]
        let separated =
          (MatcherCharacters.isWhitespace(scalar) && next == "-")
          || (scalar == "-" && MatcherCharacters.isWhitespace(next))
        guard separated, let group = restAfterWhitespace(text, from: start + 2, end: end) else { continue }
        return InnerMatch(start: start, group: group)
      case 3:
        guard (0x2012...0x2015).contains(scalar.value) || scalar == "\u{FF0D}",
          let group = restAfterWhitespace(text, from: start + 1, end: end)
        else { continue }
        return InnerMatch(start: start, group: group)
      case 4:
        guard scalar == "." else { continue }
        var afterDots = start
        while afterDots < end && text[afterDots] == "." { afterDots += 1 }
        var groupStart = afterDots
        while groupStart < end && MatcherCharacters.isWhitespace(text[groupStart]) { groupStart += 1 }
        if groupStart == end || text[groupStart] == "." {
          // `\s*` gives back its last blank, which `[^.]+` then takes.
          guard groupStart > afterDots else { continue }
          groupStart -= 1
        }
        var groupEnd = groupStart
        while groupEnd < end && text[groupEnd] != "." { groupEnd += 1 }
        return InnerMatch(start: start, group: groupStart..<groupEnd)
      default:
        guard MatcherCharacters.isWhitespace(scalar) else { continue }
        var groupStart = start
        while groupStart < end && MatcherCharacters.isWhitespace(text[groupStart]) { groupStart += 1 }
        guard groupStart < end else { continue }
        var groupEnd = groupStart
        while groupEnd < end && !MatcherCharacters.isWhitespace(text[groupEnd]) { groupEnd += 1 }
        return InnerMatch(start: start, group: groupStart..<groupEnd)
      }
    }
    return nil
  }

  /// `\s*(.+)` from `position`: the group, or nil when nothing follows
  /// (`\s*` gives back its last blank for `.+` when only blanks follow).
  private static func restAfterWhitespace(_ text: Text, from position: Int, end: Int) -> Range<Int>? {
    var start = position
    while start < end && MatcherCharacters.isWhitespace(text[start]) { start += 1 }
    if start < end { return start..<end }
    return start > position ? (start - 1)..<end : nil
  }
}
