import Testing

@testable import PayPhoneNumbers

/// The parser's character classes on ASCII, where they run from bit sets:
/// the members are libphonenumber's, written out here.
@Suite struct PhoneCharactersTests {
  /// libphonenumber's VALID_PUNCTUATION, ASCII part: `-x` (either case),
  /// space, `()`, `[]`, `.`, `/` and `~`.
  @Test func asciiPunctuationIsLibphonenumbersSet() {
    let expected = Set("-xX ()[]./~".unicodeScalars)
    for value in 0..<128 {
      let scalar = Unicode.Scalar(UInt8(value))
      #expect(PhoneCharacters.isPunctuation(scalar) == expected.contains(scalar), "\(value)")
      #expect(PhoneCharacters.isSeparator(scalar) == (expected.contains(scalar) && scalar != "X"), "\(value)")
    }
  }

  @Test(arguments: [
    ("\u{2010}", true), ("\u{2015}", true), ("\u{FF0F}", true), ("\u{3000}", true), ("\u{A0}", true),
    ("\u{FF5E}", true), ("\u{2016}", false), ("\u{B7}", false), ("\u{FF10}", false),
  ])
  func punctuationBeyondASCII(scalar: String, isPunctuation: Bool) throws {
    let only = try #require(scalar.unicodeScalars.first)
    #expect(PhoneCharacters.isPunctuation(only) == isPunctuation)
  }

  /// A viable number's body characters are punctuation, `*`, viable letters
  /// and decimal digits, whichever way they are tested.
  @Test func viableBodyCharactersAreTheirClasses() {
    for value in UInt32(0)..<0x1_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected =
        PhoneCharacters.isPunctuation(scalar) || scalar == "*" || PhoneCharacters.isViableLetter(scalar)
        || PhoneCharacters.isDecimalDigit(scalar)
      #expect(PhoneCharacters.isViableBodyCharacter(scalar) == expected, "U+\(String(value, radix: 16))")
    }
  }
}
