/// Finds an extension at the end of a number the way libphonenumber's
/// extension patterns do (`;ext=123`, ` ext. 123`, ` x123`, ` #123`,
/// `,,123`, `- 123#`, `доб 123`, `anexo 123`, ...), case-insensitively,
/// without a regular expression.
///
/// Every spelling is: a label part that contains no digit, then the
/// extension's digits, then, for most spellings, an optional `#`. So the
/// digits are always the last run of digits, and only the label part needs
/// telling apart.
enum ExtensionMatcher {
  /// The labels that say "extension" outright (`ext`, `extension`, `extn`,
  /// the fullwidth `ｅｘｔ`, Russian `доб`, Spanish `anexo`), lower-case.
  static let explicitLabels: [[Unicode.Scalar]] = {
    var labels: [String] = []
    for e in ["", "e"] {
      for middle in ["", "ensio", "ensio\u{301}", "ensi\u{F3}"] {
        for n in ["", "n"] { labels.append(e + "xt" + middle + n) }
      }
    }
    for e in ["", "\u{FF45}"] {
      for n in ["", "\u{FF4E}"] { labels.append(e + "\u{FF58}\u{FF54}" + n) }
    }
    labels += ["\u{434}\u{43E}\u{431}", "anexo"]
    return labels.map { Array($0.unicodeScalars) }
  }()

  static let rfc3966Label = Array(";ext=".unicodeScalars)

  /// The labels that may mean "extension" (`x`, `#`, `~`, `int`), lower-case.
  static let ambiguousLabels: [[Unicode.Scalar]] = [
    "x", "\u{FF58}", "#", "\u{FF03}", "~", "\u{FF5E}", "int", "\u{FF49}\u{FF4E}\u{FF54}",
  ].map { Array($0.unicodeScalars) }

  /// Where the extension starts and its digits, if `text` ends with one.
  ///
  /// The leftmost position from which the rest of `text` is an extension
  /// spelling, as a regex search for the extension patterns followed by the
  /// end of the text would find it.
  static func findExtension(in text: PhoneNumberText.Scalars) -> (start: Int, digits: Range<Int>)? {
    guard let (earliest, digits) = labelPart(in: text), earliest < digits.lowerBound else { return nil }
    let endsWithHash = digits.upperBound < text.endIndex
    // Every spelling but the American one (which needs the final `#`) has a
    // letter, `;`, `,`, `#` or `~` in its label part, or a character beyond
    // ASCII: punctuation alone between the digits is no extension.
    if !endsWithHash && !text[earliest..<digits.lowerBound].contains(where: mayStartSpelling) { return nil }
    // Lower-casing goes scalar by scalar, so every candidate label is a
    // suffix of the longest one, lower-cased once.
    return withLowercased(text[earliest..<digits.lowerBound]) { lower in
      for offset in lower.indices {
        if labelPartMatches(lower[offset...], digitCount: digits.count, endsWithHash: endsWithHash) {
          return (earliest + offset, digits)
        }
      }
      return nil
    }
  }

  /// Whether `scalar` can be part of a label, other than the American
  /// style's separators.
  private static func mayStartSpelling(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x80 || PhoneCharacters.isASCIILetter(scalar) || scalar == ";" || scalar == ","
      || scalar == "#" || scalar == "~"
  }

  /// Whether the whole of `text` is an extension spelling.
  static func isExtension(_ text: PhoneNumberText.Scalars) -> Bool {
    guard let digits = trailingDigits(text), digits.lowerBound > text.startIndex else { return false }
    return withLowercased(text[text.startIndex..<digits.lowerBound]) { lower in
      labelPartMatches(lower[...], digitCount: digits.count, endsWithHash: digits.upperBound < text.endIndex)
    }
  }

  /// Whether the rest of `text` from one of `starts` is an extension
  /// spelling (``isExtension(_:)`` from some start there), the
  /// label part lower-cased once for all the starts: as in
  /// ``findExtension(in:)``, a later start's label part is a
  /// suffix of an earlier one's, with the same final digits.
  static func hasExtension(in text: PhoneNumberText.Scalars, startingIn starts: ClosedRange<Int>) -> Bool {
    guard let (earliest, digits) = labelPart(in: text) else { return false }
    // A start before `earliest` would put a digit in the label part; one at
    // or after the digits leaves no label part.
    let first = max(starts.lowerBound, earliest)
    let last = min(starts.upperBound, digits.lowerBound - 1)
    guard first <= last else { return false }
    let endsWithHash = digits.upperBound < text.endIndex
    return withLowercased(text[first..<digits.lowerBound]) { lower in
      for offset in 0...(last - first)
      where labelPartMatches(lower[offset...], digitCount: digits.count, endsWithHash: endsWithHash) {
        return true
      }
      return false
    }
  }

  /// Where an extension at the end of `text` may start and its digits:
  /// the final run of digits (before an optional `#`), and, since no label
  /// holds a digit, the position just after the last digit before them.
  private static func labelPart(in text: PhoneNumberText.Scalars) -> (earliest: Int, digits: Range<Int>)? {
    guard let digits = trailingDigits(text) else { return nil }
    var earliest = digits.lowerBound
    while earliest > text.startIndex && !PhoneCharacters.isDecimalDigit(text[earliest - 1]) { earliest -= 1 }
    return (earliest, digits)
  }

  /// Runs `body` over `text` lower-cased, in a temporary buffer.
  private static func withLowercased<Result>(
    _ text: PhoneNumberText.Scalars, _ body: (UnsafeBufferPointer<Unicode.Scalar>) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: text.count) { buffer in
      _ = buffer.initialize(fromContentsOf: text.lazy.map(PhoneCharacters.lowercased))
      return body(UnsafeBufferPointer(buffer))
    }
  }

  /// The final run of decimal digits, before an optional final `#`.
  private static func trailingDigits(_ text: PhoneNumberText.Scalars) -> Range<Int>? {
    var end = text.endIndex
    if end > text.startIndex && text[end - 1] == "#" { end -= 1 }
    var start = end
    while start > text.startIndex && PhoneCharacters.isDecimalDigit(text[start - 1]) { start -= 1 }
    return start < end ? start..<end : nil
  }

  /// Whether the label part (already lower-cased) is one of the spellings.
  private static func labelPartMatches(
    _ lower: PhoneNumberText.Scalars, digitCount: Int, endsWithHash: Bool
  ) -> Bool {
    // RFC 3966: ";ext=" and at most 20 digits, no "#".
    if !endsWithHash && digitCount <= 20 && lower.elementsEqual(rfc3966Label) { return true }
    let leading = lower.prefix { $0 == " " || $0 == "\u{A0}" || $0 == "\t" || $0 == "," }
    let afterSeparators = lower[leading.endIndex...]
    if digitCount <= 20 && startsWithLabel(afterSeparators, from: explicitLabels) { return true }
    if digitCount <= 9 && startsWithLabel(afterSeparators, from: ambiguousLabels) { return true }
    // American style: separators only, then up to 6 digits and a "#".
    if endsWithHash && digitCount <= 6 && !lower.isEmpty && lower.allSatisfy({ $0 == "-" || $0 == " " }) {
      return true
    }
    let blanks = lower.prefix { $0 == " " || $0 == "\u{A0}" || $0 == "\t" }
    let afterBlanks = lower[blanks.endIndex...]
    // Auto-dialling: ",," or ";", then up to 15 digits.
    if digitCount <= 15 {
      if afterBlanks.count >= 2 && afterBlanks.first == "," && afterBlanks.dropFirst().first == ","
        && isLabelTail(afterBlanks.dropFirst(2))
      {
        return true
      }
      if afterBlanks.first == ";" && isLabelTail(afterBlanks.dropFirst()) { return true }
    }
    // Commas only: one or more, then up to 9 digits.
    if digitCount <= 9 && afterBlanks.first == "," {
      let commas = afterBlanks.prefix { $0 == "," }
      if isLabelTail(afterBlanks[commas.endIndex...]) { return true }
      // The comma run may also end earlier, the rest read as separators.
      return isLabelTail(afterBlanks.dropFirst())
    }
    return false
  }

  /// A label from `labels` followed by a valid label tail, exactly.
  ///
  /// No label holds a character of the tail (`[:.．]`, the separators):
  /// so the label, if any, is `text` less its longest tail, and only the
  /// labels of that length and first scalar are compared.
  private static func startsWithLabel(_ text: PhoneNumberText.Scalars, from labels: [[Unicode.Scalar]])
    -> Bool
  {
    var end = text.endIndex
    while end > text.startIndex && isTailSeparator(text[end - 1]) { end -= 1 }
    if end > text.startIndex, text[end - 1] == ":" || text[end - 1] == "." || text[end - 1] == "\u{FF0E}" {
      end -= 1
    }
    let core = text[..<end]
    guard let first = core.first else { return false }
    for label in labels where label.count == core.count && label[0] == first && core.elementsEqual(label) {
      return true
    }
    return false
  }

  /// Whether no label holds a character of a label tail, as
  /// ``startsWithLabel(_:from:)`` relies on (for tests).
  static var labelsHoldNoTailCharacter: Bool {
    (explicitLabels + ambiguousLabels).allSatisfy { label in
      !label.contains { isTailSeparator($0) || $0 == ":" || $0 == "." || $0 == "\u{FF0E}" }
    }
  }

  /// The separators of a label tail: `[ \u00A0\t,-]`.
  @inline(__always)
  private static func isTailSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\u{A0}" || scalar == "\t" || scalar == "," || scalar == "-"
  }

  /// What may follow a label before the digits: `[:.．]?` then
  /// `[ \u00A0\t,-]*`.
  private static func isLabelTail(_ text: PhoneNumberText.Scalars) -> Bool {
    var rest = text
    if let first = rest.first, first == ":" || first == "." || first == "\u{FF0E}" { rest = rest.dropFirst() }
    return rest.allSatisfy(isTailSeparator)
  }
}
