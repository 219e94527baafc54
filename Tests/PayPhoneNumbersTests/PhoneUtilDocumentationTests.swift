import Foundation
import Testing

@testable import PayPhoneNumbers

/// The examples in the doc comments of the rest of PhoneNumberUtil, each
/// answer as libphonenumber 9.0.43 (its Python port) gives it.
@Suite struct PhoneUtilDocumentationTests {
  @Test func parsedNumberKeepsHowItWasTyped() throws {
    let brazil = try ParsedPhoneNumber("0 15 11 96123-4567", region: .br)
    #expect(brazil.number.formatted(.e164) == "+5511961234567")
    #expect(brazil.countryCodeSource == .fromDefaultCountry)
    #expect(brazil.preferredDomesticCarrierCode == "15")
    #expect(brazil.rawInput == "0 15 11 96123-4567")
    #expect(brazil.formattedNational(preferredCarrierCodeOr: "21") == "0 15 (11) 96123-4567")
    #expect(brazil.formattedForMobileDialing(from: .br, withFormatting: false) == "01511961234567")
    #expect(
      try ParsedPhoneNumber("+44 20 7946 0958", region: .us).countryCodeSource == .fromNumberWithPlusSign)
    #expect(try ParsedPhoneNumber("011 44 20 7946 0958", region: .us).countryCodeSource == .fromNumberWithIDD)
    #expect(
      try ParsedPhoneNumber("44 20 7946 0958", region: .gb).countryCodeSource == .fromNumberWithoutPlusSign)
    #expect(try ParsedPhoneNumber("020 7946 0958", region: .gb).countryCodeSource == .fromDefaultCountry)
  }

  @Test func parsingKeepingTheInputFailsAsParsingDoes() {
    #expect(throws: PhoneNumberError.self) { try ParsedPhoneNumber("12", region: nil) }
    #expect(throws: PhoneNumberError.self) { try ParsedPhoneNumber("hello", region: .gb) }
  }

  @Test func originalFormatAndVanityLetters() throws {
    #expect(
      try ParsedPhoneNumber("+442079460958", region: .gb).formattedInOriginalFormat(from: .gb)
        == "+44 20 7946 0958")
    #expect(
      try ParsedPhoneNumber("2079460958", region: .gb).formattedInOriginalFormat(from: .gb) == "20 7946 0958")
    #expect(
      try ParsedPhoneNumber("1 800 SIX-FLAG", region: .us).formattedForCallingKeepingAlphaCharacters(
        from: .au)
        == "0011 1 800 SIX-FLAG")
  }

  @Test func formatsByTheCallersRules() throws {
    let nanpa = try PhoneNumberFormatRule(pattern: "(\\d{3})(\\d{3})(\\d{4})", format: "($1) $2-$3")
    #expect(try PhoneNumber("+1 650 253 0000").formatted(.national, using: [nanpa]) == "(650) 253-0000")
    let london = try PhoneNumberFormatRule(
      pattern: "(\\d{2})(\\d{4})(\\d{4})", format: "$1-$2-$3", nationalPrefixFormattingRule: "($NP$FG)")
    let number = try PhoneNumber("+44 20 7946 0958")
    #expect(number.formatted(.national, using: [london]) == "(020)-7946-0958")
    #expect(number.formatted(.international, using: [london]) == "+44 20-7946-0958")
    let error = #expect(throws: PhoneNumberError.self) {
      try PhoneNumberFormatRule(pattern: "(\\w+)", format: "$1")
    }
    #expect(error?.code == .invalidPattern)
    #expect(error?.code.rawValue == "invalid_pattern")
  }

  @Test func diallingAndCarrierCodes() throws {
    #expect(
      try PhoneNumber("+55 11 96123 4567").formattedNational(carrierCode: "15") == "0 15 (11) 96123-4567")
    let london = try PhoneNumber("+44 20 7946 0958")
    #expect(london.formattedForMobileDialing(from: .gb, withFormatting: true) == "020 7946 0958")
    #expect(london.formattedForMobileDialing(from: .us, withFormatting: false) == "+442079460958")
    #expect(try PhoneNumber("+61 1800 123 456").canBeInternationallyDialled == false)
    #expect(try PhoneNumber("+61 2 1234 5678").canBeInternationallyDialled)
    #expect(
      try PhoneNumber("+44 20 7946 0958 12").truncatedToValidNumber()?.formatted(.e164) == "+442079460958")
  }

  @Test func geography() throws {
    #expect(try PhoneNumber("+44 20 7946 0958").isGeographical)
    #expect(try !PhoneNumber("+44 7400 123456").isGeographical)
    #expect(try PhoneNumber("+1 650 253 0000").geographicalAreaCodeLength == 3)
    #expect(try PhoneNumber("+1 800 253 0000").nationalDestinationCodeLength == 3)
    #expect(try PhoneNumber("+54 9 11 1234 5678").nationalDestinationCodeLength == 3)
    #expect(PhoneMetadata.isGeographical(.mobile, countryCode: 55))
    #expect(!PhoneMetadata.isGeographical(.mobile, countryCode: 44))
  }

  @Test func textHelpers() {
    #expect(PhoneNumber.convertingAlphaCharacters(in: "1-800-FLOWERS") == "1-800-3569377")
    #expect(PhoneNumber.isAlphaNumber("1800 six-flag"))
    #expect(!PhoneNumber.isAlphaNumber("1800 123-1234"))
    #expect(PhoneNumber.normalizingDiallableCharacters("+1 (650) 253-0000 #22") == "+16502530000#22")
    #expect(PhoneNumber.normalizingDigits("٠٢٠ 7946-0958") == "02079460958")
  }

  @Test func regionTables() throws {
    #expect(PhoneMetadata.nationalPrefix(for: .gb) == "0")
    #expect(PhoneMetadata.nationalPrefix(for: .it) == nil)
    #expect(PhoneMetadata.supportedTypes(for: .gb).contains(.personalNumber))
    #expect(PhoneMetadata.supportedTypes(forNonGeographicCountryCode: 800) == [.tollFree])
    #expect(PhoneMetadata.exampleNumber(for: .ch)?.formatted(.e164) == "+41212345678")
    #expect(PhoneMetadata.invalidExampleNumber(for: .gb)?.isValid == false)
    #expect(PhoneMetadata.exampleNumber(ofType: .pager)?.formatted(.e164) == "+12684061234")
    let london = try PhoneNumber("+44 20 7946 0958")
    #expect(london.isPossible(for: .fixedLine))
    #expect(london.possibility(for: .sharedCost) == .invalidLength)
  }
}

extension PhoneUtilDocumentationTests {
  @Test func parsedNumberRoundTripsThroughJSON() throws {
    let parsed = try ParsedPhoneNumber("0 15 11 96123-4567 ext. 9", region: .br)
    let data = try JSONEncoder().encode(parsed)
    #expect(try JSONDecoder().decode(ParsedPhoneNumber.self, from: data) == parsed)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"number\":\"+5511961234567;ext=9\""))
    #expect(text.contains("\"preferredDomesticCarrierCode\":\"15\""))
  }
}
