/// Text made only of ASCII digits, spaces and `+-./()` — all of the peer
/// corpus, and most real input — parsed straight from its UTF-8; and such
/// text after any ASCII before its first digit or `+` (a label, `tel:`),
/// or followed by the extensions people type most (` x12`, ` ext. 12`,
/// ` #12`: see ``simpleExtension(_:label:end:)``).
extension PhoneNumberParser {
  /// The parse of such text; nil for any other text, which takes the
  /// general path (`parseGeneral`). Throws what parsing such text throws.
  ///
  /// On such text the general path's steps reduce to this: no `;` (so no
  /// `tel:` parts), the number runs from the first `+` or digit to the last
  /// digit (what comes before is dropped, and cannot count as a vanity
  /// number's letters), no label can make an extension, and the digits are
  /// the text's.
  static func parseSimple(
    _ bytes: UnsafeBufferPointer<UInt8>, region: RegionCode?, source: inout CountryCodeSource
  ) throws(PhoneNumberError) -> PhoneNumber? {
    guard bytes.count <= maximumInputLength, let text = bytes.baseAddress else { return nil }
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumInputLength) {
      (scratch) throws(PhoneNumberError) -> PhoneNumber? in
      guard let digits = scratch.baseAddress else { return nil }
      // One pass for the digits, every other byte checked against the
      // simple text's set; where the number starts and ends is found
      // after it (a byte or two from either end, as a rule), and the pluses
      // are looked at only when there are any.
      var end = bytes.count
      var digitCount = 0
      var lastPlus = -1
      var extensionDigits: Range<Int>? = nil
      var index = 0
      while index < end {
        let byte = text[index]
        index &+= 1
        if byte &- UInt8(ascii: "0") < 10 {
          digits[digitCount] = byte
          digitCount &+= 1
          continue
        }
        guard byte < 64 && Self.simpleNonDigits >> UInt64(byte) & 1 != 0 else {
          // Before the first digit or +, where the number starts: any
          // ASCII but `;` (which may start an RFC 3966 part), as
          // libphonenumber drops it (`tel:`, `Phone: `, `n/a`).
          if digitCount == 0 && lastPlus < 0 {
            guard byte < 0x80 && byte != UInt8(ascii: ";") else { return nil }
            continue
          }
          // The number ends where a simple extension's label starts.
          guard let found = simpleExtension(text, label: index &- 1, end: end), digitCount >= 3 else {
            return nil
          }
          extensionDigits = found
          end = index &- 1
          break
        }
        if byte == UInt8(ascii: "+") { lastPlus = index &- 1 }
      }
      // Trailing characters that are not word characters go: all but
      // digits, so the number runs from the first + or digit to the last
      // digit. Then `isViable`: two digits, or at least three with only
      // punctuation around them; a + past the leading run of pluses is
      // neither.
      guard digitCount >= 2 else { throw notANumber }
      // Both walks stop at a digit before `end`: there are two.
      var start = 0
      while text[start] &- UInt8(ascii: "0") >= 10 && text[start] != UInt8(ascii: "+") { start &+= 1 }
      var lastDigit = end &- 1
      while text[lastDigit] &- UInt8(ascii: "0") >= 10 { lastDigit &-= 1 }
      assert(start <= lastDigit && lastDigit < end)
      // A + after the last digit goes with the trailing punctuation, but
      // not before an extension: the whole text is then not viable.
      if extensionDigits != nil && lastPlus > lastDigit { return nil }
      let count = lastDigit &- start &+ 1
      let startsWithPlus = text[start] == UInt8(ascii: "+")
      let innerPlus = lastPlus >= 0 && hasInnerPlus(text, from: start, before: lastDigit, lastPlus)
      let isViable = count >= 2 && ((count == 2 && digitCount == 2) || (digitCount >= 3 && !innerPlus))
      guard isViable else { throw notANumber }
      let numberExtension = extensionDigits.map { digits in
        NumberDigits(UnsafeBufferPointer(start: text + digits.lowerBound, count: digits.count))
      }
      return try parse(
        digitCount: digitCount, in: scratch, startsWithPlus: startsWithPlus,
        extensionDigits: numberExtension ?? NumberDigits(),
        region: region, source: &source)
    }
  }

  /// Where the digits of an extension are when the text from `label` to
  /// `end` is one of the forms people type most, after simple text: `x`,
  /// `ext` (either case) or `#`, then an optional `.` or `:`, spaces or
  /// hyphens, and digits to the end of the text (at most 9 after `x` and
  /// `#`, 20 after `ext`); nil for anything else, which the general path
  /// reads. The simple text before it must not end in `/` and spaces, which
  /// would cut a number before ` x` (libphonenumber's second-number rule).
  ///
  /// On such text libphonenumber's extension pattern finds exactly this:
  /// its first match can start only at the spaces before the label (the
  /// simple text holds no label), the explicit label takes `ext` and the
  /// ambiguous one `x` and `#`, and the digits are `\d{1,20}` or
  /// `\d{1,9}` to the end. The number before it is then viable when it has
  /// three digits (the caller's check), and so is the whole text, with its
  /// extension, as the general path requires first.
  private static func simpleExtension(_ text: UnsafePointer<UInt8>, label: Int, end: Int) -> Range<Int>? {
    var before = label
    while before > 0 && text[before &- 1] == UInt8(ascii: " ") { before &-= 1 }
    guard before > 0 && text[before &- 1] != UInt8(ascii: "/") else { return nil }
    @inline(__always)
    func lowercased(_ offset: Int) -> UInt8 { text[offset] | 0x20 }
    var index = label
    let limit: Int
    if text[index] == UInt8(ascii: "#") || lowercased(index) == UInt8(ascii: "x") {
      index &+= 1
      limit = 9
    } else if lowercased(index) == UInt8(ascii: "e") && end &- index >= 3
      && lowercased(index &+ 1) == UInt8(ascii: "x") && lowercased(index &+ 2) == UInt8(ascii: "t")
    {
      index &+= 3
      limit = 20
    } else {
      return nil
    }
    if index < end && (text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ":")) { index &+= 1 }
    while index < end && (text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "-")) {
      index &+= 1
    }
    let start = index
    while index < end && text[index] &- UInt8(ascii: "0") < 10 { index &+= 1 }
    guard index == end && end &- start >= 1 && end &- start <= limit else { return nil }
    return start..<end
  }

  /// The error for simple text that is not viable.
  private static var notANumber: PhoneNumberError {
    PhoneNumberError(code: .notANumber, message: "The text does not seem to be a phone number.")
  }

  /// Whether a `+` stands between `start` and `lastDigit` past the leading
  /// run of pluses (when the number starts with one), given where the last
  /// `+` is.
  private static func hasInnerPlus(
    _ text: UnsafePointer<UInt8>, from start: Int, before lastDigit: Int, _ lastPlus: Int
  ) -> Bool {
    var index = start
    while text[index] == UInt8(ascii: "+") { index &+= 1 }
    // The last plus before the last digit: inner unless in the leading
    // run (any plus before it is then in the run too).
    if lastPlus < lastDigit { return lastPlus >= index }
    while index < lastDigit {
      if text[index] == UInt8(ascii: "+") { return true }
      index &+= 1
    }
    return false
  }

  /// The simple text's bytes other than digits: `+` and its punctuation
  /// (space, `(`, `)`, `-`, `.` and `/`), one bit each.
  static let simpleNonDigits: UInt64 =
    1 << 0x2B | 1 << 0x20 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2D | 1 << 0x2E | 1 << 0x2F
}
