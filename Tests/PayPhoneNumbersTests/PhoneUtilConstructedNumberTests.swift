import Testing

@testable import PayPhoneNumbers

/// The rest of PhoneNumberUtil on numbers made from their parts rather
/// than parsed (an unassigned country code, Italy's leading zero, shared and
/// non-geographic codes, a NANPA local number): each row libphonenumber
/// 9.0.43's answers (its Python port, on `PhoneNumber(country_code=...,
/// national_number=..., italian_leading_zero=...)`).
@Suite struct PhoneUtilConstructedNumberTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let countryCode: Int
    let nationalNumber: String
    let numberExtension: String?
    let byPattern: String
    let withCarrierCode: String
    let mobileFormatted: String
    let mobileDiallable: String
    let truncated: String?
    let areaCodeLength: Int
    let ndcLength: Int
    let geographical: Bool
    let internationallyDiallable: Bool
    let mobilePossibility: PhoneNumberPossibility

    var testDescription: String { "+\(countryCode) \(nationalNumber)" }
  }

  static let rows: [Row] = [
    Row(
      countryCode: 999, nationalNumber: "123456", numberExtension: nil, byPattern: "123456",
      withCarrierCode: "123456", mobileFormatted: "", mobileDiallable: "", truncated: nil, areaCodeLength: 0,
      ndcLength: 0, geographical: false, internationallyDiallable: true,
      mobilePossibility: .invalidCountryCode),
    Row(
      countryCode: 44, nationalNumber: "2079460958", numberExtension: "12", byPattern: "0207-9460958 x12",
      withCarrierCode: "020 7946 0958 x12", mobileFormatted: "+44 20 7946 0958",
      mobileDiallable: "+442079460958",
      truncated: "+442079460958;ext=12", areaCodeLength: 2, ndcLength: 2, geographical: true,
      internationallyDiallable: true, mobilePossibility: .possible),
    Row(
      countryCode: 39, nationalNumber: "0612345678", numberExtension: nil, byPattern: "061-2345678",
      withCarrierCode: "06 1234 5678", mobileFormatted: "+39 06 1234 5678", mobileDiallable: "+390612345678",
      truncated: "+390612345678", areaCodeLength: 2, ndcLength: 2, geographical: true,
      internationallyDiallable: true, mobilePossibility: .possible),
    Row(
      countryCode: 800, nationalNumber: "12345678", numberExtension: nil, byPattern: "123-45678",
      withCarrierCode: "1234 5678", mobileFormatted: "+800 1234 5678", mobileDiallable: "+80012345678",
      truncated: "+80012345678", areaCodeLength: 0, ndcLength: 4, geographical: false,
      internationallyDiallable: true, mobilePossibility: .invalidLength),
    Row(
      countryCode: 1, nationalNumber: "8002530000", numberExtension: nil, byPattern: "1800-2530000",
      withCarrierCode: "(800) 253-0000", mobileFormatted: "+1 800-253-0000", mobileDiallable: "+18002530000",
      truncated: "+18002530000", areaCodeLength: 0, ndcLength: 3, geographical: false,
      internationallyDiallable: true, mobilePossibility: .possible),
    Row(
      countryCode: 86, nationalNumber: "13123456789", numberExtension: nil, byPattern: "0131-23456789",
      withCarrierCode: "15 131 2345 6789", mobileFormatted: "+86 131 2345 6789",
      mobileDiallable: "+8613123456789",
      truncated: "+8613123456789", areaCodeLength: 0, ndcLength: 3, geographical: true,
      internationallyDiallable: true, mobilePossibility: .possible),
    Row(
      countryCode: 52, nationalNumber: "5512345678", numberExtension: nil, byPattern: "551-2345678",
      withCarrierCode: "55 1234 5678", mobileFormatted: "+52 55 1234 5678", mobileDiallable: "+525512345678",
      truncated: "+525512345678", areaCodeLength: 2, ndcLength: 2, geographical: true,
      internationallyDiallable: true, mobilePossibility: .possible),
    Row(
      countryCode: 54, nationalNumber: "91112345678", numberExtension: nil, byPattern: "0911-12345678",
      withCarrierCode: "011 15-1234-5678", mobileFormatted: "+54 9 11 1234-5678",
      mobileDiallable: "+5491112345678",
      truncated: "+5491112345678", areaCodeLength: 3, ndcLength: 3, geographical: true,
      internationallyDiallable: true, mobilePossibility: .possible),
    Row(
      countryCode: 55, nationalNumber: "1123456789", numberExtension: nil, byPattern: "0112-3456789",
      withCarrierCode: "0 15 (11) 2345-6789", mobileFormatted: "+55 11 2345-6789",
      mobileDiallable: "+551123456789",
      truncated: "+551123456789", areaCodeLength: 2, ndcLength: 2, geographical: true,
      internationallyDiallable: true, mobilePossibility: .possible),
    Row(
      countryCode: 882, nationalNumber: "34123456", numberExtension: nil, byPattern: "341-23456",
      withCarrierCode: "34123456", mobileFormatted: "", mobileDiallable: "", truncated: nil,
      areaCodeLength: 0,
      ndcLength: 0, geographical: false, internationallyDiallable: true, mobilePossibility: .possible),
    Row(
      countryCode: 1, nationalNumber: "2530000", numberExtension: nil, byPattern: "1253-0000",
      withCarrierCode: "253-0000", mobileFormatted: "+1 2530000", mobileDiallable: "+12530000",
      truncated: nil,
      areaCodeLength: 0, ndcLength: 0, geographical: false, internationallyDiallable: true,
      mobilePossibility: .possibleLocalOnly),
  ]

  @Test(arguments: rows) func answersAsLibphonenumber(_ row: Row) throws {
    let number = try PhoneNumber(
      countryCode: row.countryCode, nationalNumber: row.nationalNumber, numberExtension: row.numberExtension)
    let rule = try PhoneNumberFormatRule(
      pattern: "(\\d{3})(\\d+)", format: "$1-$2", nationalPrefixFormattingRule: "$NP$FG")
    #expect(number.formatted(.national, using: [rule]) == row.byPattern)
    #expect(number.formattedNational(carrierCode: "15") == row.withCarrierCode)
    #expect(number.formattedForMobileDialing(from: .us, withFormatting: true) == row.mobileFormatted)
    #expect(number.formattedForMobileDialing(from: .us, withFormatting: false) == row.mobileDiallable)
    #expect(number.truncatedToValidNumber()?.description == row.truncated)
    #expect(number.geographicalAreaCodeLength == row.areaCodeLength)
    #expect(number.nationalDestinationCodeLength == row.ndcLength)
    #expect(number.isGeographical == row.geographical)
    #expect(number.canBeInternationallyDialled == row.internationallyDiallable)
    #expect(number.possibility(for: .mobile) == row.mobilePossibility)
  }
}
