/// The patterns that cut or reject a candidate: a second number after a
/// slash, trailing characters, dates, time stamps, publication pages and
/// unbalanced brackets.
extension MatcherPatterns {
  /// Whether `range` holds `first` or `second` (eight scalars at a time).
  static func contains(
    _ first: Unicode.Scalar, or second: Unicode.Scalar, in text: Text, _ range: Range<Int>
  ) -> Bool {
    // The wide loads read only inside `range`, which is inside the text.
    precondition(range.lowerBound >= 0 && range.upperBound <= text.count)
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
      guard scalar == "_" || (scalar != "#" && !PhoneCharacters.isWordCharacter(scalar)) else { break }
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
      let end = digitsEnd(text, from: digits, bound: range.upperBound)
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
}
