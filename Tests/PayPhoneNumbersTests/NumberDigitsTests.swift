import Foundation
import Testing

@testable import PayPhoneNumbers

/// A number's digits are held in place: leading zeros, the longest
/// national number (17 digits) and the longest extension (20) come back
/// as given, in every format. Expected values are libphonenumber 9.0.43's
/// (its Python port: `national_significant_number`, `extension` and
/// `format_number`).
@Suite struct NumberDigitsTests {
  @Test func leadingZerosAreKept() throws {
    let number = try PhoneNumber("+39 0000 1")
    #expect(number.nationalNumber == "00001")
    #expect(number.formatted(.e164) == "+3900001")
    #expect(number.formatted(.international) == "+39 00001")
    #expect(number.formatted(.rfc3966) == "tel:+39-00001")
    let zeros = try PhoneNumber("+39 000 000 0000")
    #expect(zeros.nationalNumber == "0000000000")
    #expect(zeros.formatted(.e164) == "+390000000000")
    #expect(zeros != number)
  }

  @Test func anExtensionKeepsItsLeadingZeros() throws {
    let number = try PhoneNumber("+1 650 253 0000 ext 00123")
    #expect(number.numberExtension == "00123")
    #expect(number.formatted(.international) == "+1 650-253-0000 ext. 00123")
    #expect(number.formatted(.rfc3966) == "tel:+1-650-253-0000;ext=00123")
    #expect(number != (try PhoneNumber("+1 650 253 0000 ext 123")))
  }

  @Test func theLongestExtensionIsTwentyDigits() throws {
    let number = try PhoneNumber("+39 06 1234 5678 ext. 12345678901234567890")
    #expect(number.nationalNumber == "0612345678")
    #expect(number.numberExtension == "12345678901234567890")
    #expect(number.formatted(.international) == "+39 06 1234 5678 ext. 12345678901234567890")
    #expect(number.formatted(.national) == "06 1234 5678 ext. 12345678901234567890")
    #expect(number.formatted(.rfc3966) == "tel:+39-06-1234-5678;ext=12345678901234567890")
  }

  @Test func theLongestNationalNumberIsSeventeenDigits() throws {
    let number = try PhoneNumber(countryCode: 49, nationalNumber: "12345678901234567")
    #expect(number.nationalNumber == "12345678901234567")
    #expect(number.formatted(.e164) == "+4912345678901234567")
    #expect(number.formatted(.international) == "+49 12345678901234567")
    #expect(throws: PhoneNumberError.self) {
      try PhoneNumber(countryCode: 49, nationalNumber: "123456789012345678")
    }
  }

  @Test func anExtensionMadeFromPartsIsOneToTwentyDigits() throws {
    let longest = try PhoneNumber(
      countryCode: 44, nationalNumber: "2079460958", numberExtension: "01234567890123456789")
    #expect(longest.numberExtension == "01234567890123456789")
    for invalid in ["012345678901234567890", "", "12a"] {
      #expect(throws: PhoneNumberError.self) {
        try PhoneNumber(countryCode: 44, nationalNumber: "2079460958", numberExtension: invalid)
      }
    }
  }

  @Test func decodingRefusesWhatNoNumberHolds() throws {
    let decoder = JSONDecoder()
    let decoded = try decoder.decode(
      [PhoneNumber].self, from: Data(#"["+390612345678;ext=12345678901234567890"]"#.utf8))
    #expect(decoded.first?.numberExtension == "12345678901234567890")
    for invalid in [#"["+44123456789012345678"]"#, #"["+442079460958;ext=123456789012345678901"]"#] {
      #expect(throws: DecodingError.self) { try decoder.decode([PhoneNumber].self, from: Data(invalid.utf8)) }
    }
  }

  @Test func equalDigitsAreEqualValuesWithEqualHashes() {
    let texts = ["", "0", "00", "1", "10", "0123456789", "12345678901234567890"]
    for text in texts {
      let digits = NumberDigits(text)
      #expect(digits.string == text)
      #expect(digits.count == text.utf8.count)
      #expect(digits == NumberDigits(text))
      #expect(digits.hashValue == NumberDigits(text).hashValue)
      for other in texts where other != text { #expect(digits != NumberDigits(other)) }
    }
  }
}
