import Foundation
import PayPhone
import Testing

/// Every area throws one error struct of one shape: an open, stable code
/// whose raw value is the CLI contract's snake_case code, a message, a
/// labelled initialiser and `code: message` as its description.
@Suite struct ErrorShapeTests {
  /// The contract's parse codes, as the CLI prints them.
  @Test func phoneNumberErrorCodesAreTheContractsCodes() throws {
    let codes: [PhoneNumberError.Code] = [
      .invalidCountryCode, .notANumber, .tooShortAfterIDD, .tooShortNSN, .tooLong,
    ]
    #expect(
      codes.map(\.rawValue) == [
        "invalid_country_code", "not_a_number", "too_short_after_idd", "too_short_nsn", "too_long",
      ])
    let cases: [(String, RegionCode?, PhoneNumberError.Code)] = [
      ("+999 123", nil, .invalidCountryCode), ("hello", .gb, .notANumber), ("011 1", .us, .tooShortAfterIDD),
      ("+44 1", nil, .tooShortNSN), (String(repeating: "1", count: 251), .us, .tooLong),
    ]
    for (text, region, code) in cases {
      let error = #expect(throws: PhoneNumberError.self) { try PhoneNumber(text, region: region) }
      #expect(error?.code == code, "\(text)")
      #expect(error.map { "\($0)" } == error.map { "\($0.code.rawValue): \($0.message)" })
    }
  }

  @Test func cardErrorReplacesTheThreeCardErrors() throws {
    #expect(#expect(throws: CardError.self) { try CardNumber("4111 1111 x") }?.code == .invalidCharacter)
    #expect(#expect(throws: CardError.self) { try CardNumber(" - ") }?.code == .empty)
    let today = try #require(CalendarDay(year: 2026, month: 11, day: 29))
    #expect(#expect(throws: CardError.self) { try CardExpiry("13/30", today: today) }?.code == .invalidMonth)
    #expect(#expect(throws: CardError.self) { try CardExpiry("1x/30", today: today) }?.code == .invalidFormat)
    #expect(#expect(throws: CardError.self) { try IINRange("99", through: "1") }?.code == .invalidRange)
    #expect(
      [CardError.Code.invalidCharacter, .empty, .invalidMonth, .invalidFormat].map(\.rawValue) == [
        "invalid_character", "empty", "invalid_month", "invalid_format",
      ])
    let error = CardError(code: .empty, message: "the card number has no digits")
    #expect(error.description == "empty: the card number has no digits")
  }

  /// The code set is open: any string is a code, and codes equal by raw value.
  @Test func codesAreOpenAndCodableAsTheirRawValue() throws {
    let future = PhoneNumberError.Code(rawValue: "some_future_code")
    #expect(future.rawValue == "some_future_code")
    #expect(PhoneNumberError.Code(rawValue: "too_long") == .tooLong)
    #expect("\(PhoneNumberError.Code.notANumber)" == "not_a_number")
    let encoded = try JSONEncoder().encode([PhoneNumberError.Code.tooLong, future])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["too_long","some_future_code"]"#)
    #expect(try JSONDecoder().decode([PhoneNumberError.Code].self, from: encoded) == [.tooLong, future])
    let card = try JSONDecoder().decode(CardError.Code.self, from: Data(#""invalid_month""#.utf8))
    #expect(card == .invalidMonth)
  }

  /// The shared protocol lets one function report an error of any area.
  @Test func anyAreaErrorReportsAlike() {
    func report(_ error: any Error) -> String? {
      (error as? any PayPhoneError).map { "\($0.code.rawValue)|\($0.message)" }
    }
    #expect(report(PhoneNumberError(code: .tooLong, message: "m")) == "too_long|m")
    #expect(report(CardError(code: .empty, message: "n")) == "empty|n")
  }

  /// A format rule's bad pattern is a numbers error, not the pattern engine's.
  @Test func formatRuleThrowsPhoneNumberError() {
    let error = #expect(throws: PhoneNumberError.self) {
      try PhoneNumberFormatRule(pattern: "(\\s+)", format: "$1")
    }
    #expect(error?.code == .invalidPattern)
  }
}
