import Foundation
import PayPhone
import Testing

/// The values a backend stores encode to stable JSON and decode back
/// checked: what is impossible (a 13th month, a 30th of February, a number
/// that is not E.164) is a decoding error, never a value.
@Suite struct StoredValueCodableTests {
  func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
  }

  @Test func cardExpiryIsMonthAndFourDigitYear() throws {
    let expiry = try CardExpiry(month: 12, year: 2034)
    #expect(try json(expiry) == #"{"month":12,"year":2034}"#)
    #expect(try decode(CardExpiry.self, #"{"month":12,"year":2034}"#) == expiry)
    #expect(throws: DecodingError.self) { try decode(CardExpiry.self, #"{"month":13,"year":2034}"#) }
    #expect(throws: DecodingError.self) { try decode(CardExpiry.self, #"{"month":1,"year":10000}"#) }
  }

  @Test func calendarDayIsISO8601() throws {
    let day = try #require(CalendarDay(year: 2026, month: 11, day: 29))
    #expect(try json(day) == #""2026-11-29""#)
    #expect(try decode(CalendarDay.self, #""2026-11-29""#) == day)
    #expect(throws: DecodingError.self) { try decode(CalendarDay.self, #""2026-02-30""#) }
    #expect(throws: DecodingError.self) { try decode(CalendarDay.self, #""29/11/2026""#) }
  }

  @Test func phoneNumberIsE164WithExtension() throws {
    let number = try PhoneNumber("020 7946 0958 ext. 123", region: .gb)
    #expect(try json(number) == #""+442079460958;ext=123""#)
    #expect(try decode(PhoneNumber.self, #""+442079460958;ext=123""#) == number)
    #expect(throws: DecodingError.self) { try decode(PhoneNumber.self, #""020 7946 0958""#) }
  }

  @Test func regionAndBrandAreTheirCodes() throws {
    #expect(try json([RegionCode.gb, .nonGeographic]) == #"["GB","001"]"#)
    #expect(try decode(RegionCode.self, #""ch""#) == .ch)
    #expect(try json(CardBrand.americanExpress) == #""american-express""#)
    #expect(try decode(CardBrand.self, #""visa""#) == .visa)
    #expect(try json(PhoneNumberType.fixedLineOrMobile) == #""fixed_line_or_mobile""#)
  }

  /// Made from parts, a number's digits are checked.
  @Test func phoneNumberFromPartsChecksItsDigits() throws {
    let number = try PhoneNumber(countryCode: 44, nationalNumber: "2079460958", numberExtension: "123")
    #expect(number.formatted(.international) == "+44 20 7946 0958 x123")
    for (code, national, ext) in [
      (44, "20 7946", nil), (44, "", nil), (0, "2079460958", nil), (1000, "2079460958", nil),
      (44, "٢٠٧٩٤٦٠٩٥٨", nil), (44, String(repeating: "1", count: 18), nil), (44, "2079460958", "x1"),
    ] as [(Int, String, String?)] {
      let error = #expect(throws: PhoneNumberError.self) {
        try PhoneNumber(countryCode: code, nationalNumber: national, numberExtension: ext)
      }
      #expect(error?.code == .invalidDigits)
    }
  }
}
