/// Text made only of ASCII digits, spaces and `+-./()` — all of the peer
/// corpus, and most real input — parsed straight from its UTF-8.
extension PhoneNumberParser {
  /// The parse of such text; nil for any other text, which takes the
  /// general path (`parseGeneral`).
  ///
  /// On such text the general path's steps reduce to this: no `;` (so no
  /// `tel:` parts), the number runs from the first `+` or digit to the last
  /// digit, no label can make an extension, and the digits are the text's.
  static func parseSimple(
    _ bytes: UnsafeBufferPointer<UInt8>, region: RegionCode?, source: inout CountryCodeSource,
    settling: PhoneNumber.Settling = .none
  ) -> Result<PhoneNumber, PhoneNumberError>? {
    guard bytes.count <= maximumInputLength, let text = bytes.baseAddress else { return nil }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumInputLength) { scratch in
      guard let digits = scratch.baseAddress else { return nil }
      // One pass: where the number starts (first + or digit) and ends (last
      // digit), its digits, and the first + after its leading run of pluses.
      var start = -1
      var lastDigit = -1
      var digitCount = 0
      var firstInnerPlus = Int.max
      var inLeadingPluses = false
      for index in 0..<bytes.count {
        let byte = text[index]
        if byte &- UInt8(ascii: "0") < 10 {
          if start < 0 { start = index }
          inLeadingPluses = false
          lastDigit = index
          digits[digitCount] = byte
          digitCount &+= 1
        } else if byte == UInt8(ascii: "+") {
          if start < 0 {
            start = index
            inLeadingPluses = true
          } else if !inLeadingPluses && firstInnerPlus == Int.max {
            firstInnerPlus = index
          }
        } else if byte < 64 && Self.simplePunctuation >> UInt64(byte) & 1 != 0 {
          inLeadingPluses = false
        } else {
          return nil
        }
      }
      // Trailing characters that are not word characters go: all but digits.
      // Then `isViable`: two digits, or at least three with only punctuation
      // around them; a + past the leading ones is neither.
      let count = start >= 0 && lastDigit >= start ? lastDigit - start + 1 : 0
      let isViable =
        count >= 2
        && ((count == 2 && digitCount == 2) || (digitCount >= 3 && firstInnerPlus > lastDigit))
      guard isViable else {
        return .failure(
          PhoneNumberError(code: .notANumber, message: "The text does not seem to be a phone number."))
      }
      let startsWithPlus = text[start] == UInt8(ascii: "+")
      return Result { () throws(PhoneNumberError) in
        try parse(
          digitCount: digitCount, in: scratch, startsWithPlus: startsWithPlus, numberExtension: nil,
          region: region, source: &source, settling: settling)
      }
    }
  }

  /// Space, `(`, `)`, `-`, `.` and `/`: the simple text's punctuation.
  private static let simplePunctuation: UInt64 =
    1 << 0x20 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2D | 1 << 0x2E | 1 << 0x2F
}
