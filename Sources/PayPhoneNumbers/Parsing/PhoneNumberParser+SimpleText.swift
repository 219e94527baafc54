/// Text made only of ASCII digits, spaces and `+-./()` — all of the peer
/// corpus, and most real input — parsed straight from its UTF-8.
extension PhoneNumberParser {
  /// The parse of such text; nil for any other text, which takes the
  /// general path (`parseGeneral`). Throws what parsing such text throws.
  ///
  /// On such text the general path's steps reduce to this: no `;` (so no
  /// `tel:` parts), the number runs from the first `+` or digit to the last
  /// digit, no label can make an extension, and the digits are the text's.
  static func parseSimple(
    _ bytes: UnsafeBufferPointer<UInt8>, region: RegionCode?, source: inout CountryCodeSource,
    settling: PhoneNumber.Settling = .none
  ) throws(PhoneNumberError) -> PhoneNumber? {
    guard bytes.count <= maximumInputLength, let text = bytes.baseAddress else { return nil }
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumInputLength) {
      (scratch) throws(PhoneNumberError) -> PhoneNumber? in
      guard let digits = scratch.baseAddress else { return nil }
      // One pass for the digits, every other byte checked against the
      // simple text's set; where the number starts and ends is found
      // after it (a byte or two from either end, as a rule), and the pluses
      // are looked at only when there are any.
      let end = bytes.count
      var digitCount = 0
      var lastPlus = -1
      var index = 0
      while index < end {
        let byte = text[index]
        index &+= 1
        if byte &- UInt8(ascii: "0") < 10 {
          digits[digitCount] = byte
          digitCount &+= 1
          continue
        }
        guard byte < 64 && Self.simpleNonDigits >> UInt64(byte) & 1 != 0 else { return nil }
        if byte == UInt8(ascii: "+") { lastPlus = index &- 1 }
      }
      // Trailing characters that are not word characters go: all but
      // digits, so the number runs from the first + or digit to the last
      // digit. Then `isViable`: two digits, or at least three with only
      // punctuation around them; a + past the leading run of pluses is
      // neither.
      guard digitCount >= 2 else { throw notANumber }
      var start = 0
      while text[start] &- UInt8(ascii: "0") >= 10 && text[start] != UInt8(ascii: "+") { start &+= 1 }
      var lastDigit = end &- 1
      while text[lastDigit] &- UInt8(ascii: "0") >= 10 { lastDigit &-= 1 }
      let count = lastDigit &- start &+ 1
      let startsWithPlus = text[start] == UInt8(ascii: "+")
      let innerPlus = lastPlus >= 0 && hasInnerPlus(text, from: start, before: lastDigit, lastPlus)
      let isViable = count >= 2 && ((count == 2 && digitCount == 2) || (digitCount >= 3 && !innerPlus))
      guard isViable else { throw notANumber }
      return try parse(
        digitCount: digitCount, in: scratch, startsWithPlus: startsWithPlus, numberExtension: nil,
        region: region, source: &source, settling: settling)
    }
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
