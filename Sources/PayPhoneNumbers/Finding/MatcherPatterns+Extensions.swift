/// libphonenumber's extension patterns for matching: where a candidate's
/// extension label and digits end.
extension MatcherPatterns {
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
    if text[position] == ";" && startsWith(text, at: position, ExtensionMatcher.rfc3966Label) {
      let digits = position + ExtensionMatcher.rfc3966Label.count
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
        for label in ExtensionMatcher.explicitLabels
        where label[0] == first && startsWith(text, at: afterBlanks, label) {
          if let end = labelTailEnd(in: text, at: afterBlanks + label.count, digitLimit: 20) { return end }
        }
      }
      for label in ExtensionMatcher.ambiguousLabels
      where label[0] == first && startsWith(text, at: afterBlanks, label) {
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
  /// either (no label fits, nor `[- ]+\d`): the candidate scan looks
  /// for an extension (`extensionEnd`) only where one may be.
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
  static var extensionStarts: (low: UInt64, high: UInt64) {
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
}
