import Foundation
import PayPhoneNumbers
import Testing

// The examples in PayPhoneNumbers' doc comments, each checking the value its
// comment claims. The claims are libphonenumber 9.0.43's answers (its Python
// port, `phonenumbers`, run for each example when these tests were written:
// parse, format_number, format_out_of_country_calling_number,
// format_number_for_mobile_dialing, is_number_match, number_type,
// get_length_of_geographical_area_code, AsYouTypeFormatter, shortnumberinfo,
// PhoneNumberMatcher), region names from ICU 72. When a doc comment's
// example changes, change its test here in the same commit.

@Suite struct NumbersDocCommentExampleTests {
  @Test func phoneNumberAndFormatting() throws {
    let number = try PhoneNumber("020 7946 0958 ext. 123", region: .gb)
    #expect(number.countryCode == 44)
    #expect(number.nationalNumber == "2079460958")
    #expect(number.numberExtension == "123")
    #expect(number.formatted(.e164) == "+442079460958")
    let withExtension = try PhoneNumber("+44 20 7946 0958 ext. 123")
    #expect(withExtension.formatted(.international) == "+44 20 7946 0958 x123")
    #expect(withExtension.formatted(.national) == "020 7946 0958 x123")
    #expect(withExtension.formatted(.rfc3966) == "tel:+44-20-7946-0958;ext=123")
    #expect(try PhoneNumber("+44 20 7946 0958").formattedForCalling(from: .us) == "011 44 20 7946 0958")
    #expect(try PhoneNumber("020 7946 0958", region: .gb).formatted(.e164) == "+442079460958")
    let fromParts = try PhoneNumber(countryCode: 44, nationalNumber: "2079460958", numberExtension: "123")
    #expect(fromParts.formatted(.international) == "+44 20 7946 0958 x123")
    let london = try PhoneNumber("+44 20 7946 0958")
    #expect(london.formattedForMobileDialing(from: .gb, withFormatting: true) == "020 7946 0958")
    #expect(london.formattedForMobileDialing(from: .us, withFormatting: false) == "+442079460958")
    #expect(try !PhoneNumber("+61 1800 123 456").canBeInternationallyDialled)
    #expect(try PhoneNumber("+61 2 1234 5678").canBeInternationallyDialled)
    #expect(
      try PhoneNumber("+44 20 7946 0958 12").truncatedToValidNumber()?.formatted(.e164) == "+442079460958")
  }

  @Test func customFormatting() throws {
    let nanpa = try PhoneNumberFormatRule(pattern: "(\\d{3})(\\d{3})(\\d{4})", format: "($1) $2-$3")
    #expect(try PhoneNumber("+1 650 253 0000").formatted(.national, using: [nanpa]) == "(650) 253-0000")
    let rule = try PhoneNumberFormatRule(
      pattern: "(\\d{2})(\\d{4})(\\d{4})", format: "$1-$2-$3", nationalPrefixFormattingRule: "($NP$FG)")
    let number = try PhoneNumber("+44 20 7946 0958")
    #expect(number.formatted(.national, using: [rule]) == "(020)-7946-0958")
    #expect(number.formatted(.international, using: [rule]) == "+44 20-7946-0958")
    #expect(
      try PhoneNumber("+55 11 96123 4567").formattedNational(carrierCode: "15") == "0 15 (11) 96123-4567")
  }

  @Test func parsedPhoneNumber() throws {
    let parsed = try ParsedPhoneNumber("0 15 11 96123-4567", region: .br)
    #expect(parsed.number.formatted(.e164) == "+5511961234567")
    #expect(parsed.countryCodeSource == .fromDefaultCountry)
    #expect(parsed.preferredDomesticCarrierCode == "15")
    #expect(parsed.formattedNational(preferredCarrierCodeOr: "21") == "0 15 (11) 96123-4567")
    #expect(parsed.formattedForMobileDialing(from: .br, withFormatting: false) == "01511961234567")
    #expect(
      try ParsedPhoneNumber("+44 20 7946 0958", region: .us).countryCodeSource == .fromNumberWithPlusSign)
    #expect(try ParsedPhoneNumber("011 44 20 7946 0958", region: .us).countryCodeSource == .fromNumberWithIDD)
    #expect(
      try ParsedPhoneNumber("44 20 7946 0958", region: .gb).countryCodeSource == .fromNumberWithoutPlusSign)
    #expect(try ParsedPhoneNumber("020 7946 0958", region: .gb).countryCodeSource == .fromDefaultCountry)
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

  @Test func validationAndGeography() throws {
    #expect(try PhoneNumber("+1 416 555 0123").region == "CA")
    #expect(try PhoneNumber("+44 20 7946 0958").isValid)
    #expect(try !PhoneNumber("+44 20 7946 095").isValid)
    #expect(try PhoneNumber("+44 7400 123456").type == .mobile)
    #expect(try PhoneNumber("+44 20 7946 0958").possibility(for: .sharedCost) == .invalidLength)
    #expect(try PhoneNumber("+44 20 7946 0958").isPossible(for: .fixedLine))
    #expect(try PhoneNumber("+44 20 7946 0958").isGeographical)
    #expect(try !PhoneNumber("+44 7400 123456").isGeographical)
    #expect(try PhoneNumber("+1 650 253 0000").geographicalAreaCodeLength == 3)
    #expect(try PhoneNumber("+1 800 253 0000").nationalDestinationCodeLength == 3)
    #expect(try PhoneNumber("+54 9 11 1234 5678").nationalDestinationCodeLength == 3)
    #expect(PhoneMetadata.isGeographical(.mobile, countryCode: 55))
    #expect(!PhoneMetadata.isGeographical(.mobile, countryCode: 44))
  }

  @Test func metadata() throws {
    #expect(PhoneMetadata.countryCode(for: .ch) == 41)
    #expect(PhoneMetadata.regions(forCountryCode: 7) == ["RU", "KZ"])
    #expect(PhoneMetadata.exampleNumber(for: .gb, type: .mobile)?.formatted(.e164) == "+447400123456")
    #if ICU
      #expect(PhoneMetadata.displayName(of: "US", locale: "ja") == "アメリカ合衆国")
    #endif
    #expect(PhoneMetadata.flag(of: "CH") == "🇨🇭")
    #expect(PhoneMetadata.possibleLengths(for: .gb).national == [7, 9, 10])
    #expect(PhoneMetadata.possibleLengths(for: .gb).localOnly == [4, 5, 6, 8])
    #expect(PhoneMetadata.PossibleLengths(national: [10], localOnly: [7]).national == [10])
    #expect(PhoneMetadata.isNationalNumber("7400123456", ofType: .mobile, in: .gb))
    #expect(PhoneMetadata.nationalPrefix(for: .gb) == "0")
    #expect(PhoneMetadata.nationalPrefix(for: .it) == nil)
    #expect(PhoneMetadata.supportedTypes(for: .gb).contains(.personalNumber))
    #expect(PhoneMetadata.supportedTypes(forNonGeographicCountryCode: 800) == [.tollFree])
    #expect(PhoneMetadata.exampleNumber(for: .ch)?.formatted(.e164) == "+41212345678")
    #expect(PhoneMetadata.invalidExampleNumber(for: .gb)?.isValid == false)
    #expect(PhoneMetadata.exampleNumber(ofType: .pager)?.formatted(.e164) == "+12684061234")
    #expect(PhoneMetadata.inputMasks(for: .us)?.national == "(###) ###-####")
    #expect(PhoneMetadata.inputMasks(for: .us)?.international == "+1 ###-###-####")
    #expect(PhoneInputMasks(example: try PhoneNumber("+41 44 668 18 00")).international == "+41 ## ### ## ##")
    #expect(PhoneMetadata.inputMasks(for: .gb)?.national == "0#### ######")
    #expect(PhoneMetadata.inputMasks(forNonGeographicCountryCode: 800)?.international == "+800 #### ####")
  }

  @Test func regionCodeAndCharacters() throws {
    let region: RegionCode = "ch"
    #expect(region.rawValue == "CH")
    #expect("\(RegionCode.gb)" == "GB")
    #expect(try JSONDecoder().decode(RegionCode.self, from: Data("\"ch\"".utf8)) == .ch)
    #expect(String(decoding: try JSONEncoder().encode(RegionCode.gb), as: UTF8.self) == "\"GB\"")
    #expect(PhoneNumber.convertingAlphaCharacters(in: "1-800-FLOWERS") == "1-800-3569377")
    #expect(PhoneNumber.isAlphaNumber("1800 six-flag"))
    #expect(!PhoneNumber.isAlphaNumber("1800 123-1234"))
    #expect(PhoneNumber.normalizingDiallableCharacters("+1 (650) 253-0000 #22") == "+16502530000#22")
    #expect(PhoneNumber.normalizingDigits("٠٢٠ 7946-0958") == "02079460958")
    let encoded = try JSONEncoder().encode(PhoneNumber("+44 20 7946 0958"))
    #expect(String(decoding: encoded, as: UTF8.self) == "\"+442079460958\"")
    #expect(try JSONDecoder().decode(PhoneNumber.self, from: encoded) == PhoneNumber("+44 20 7946 0958"))
  }

  @Test func errors() throws {
    let error = #expect(throws: PhoneNumberError.self) { try PhoneNumber("+999 123") }
    #expect(error?.code == .invalidCountryCode)
    #expect(error?.code.rawValue == "invalid_country_code")
    #expect(PhoneNumberError.Code.tooShortNSN.rawValue == "too_short_nsn")
    #expect(PhoneNumberError.Code(rawValue: "too_long") == .tooLong)
    let rule = #expect(throws: PhoneNumberError.self) {
      try PhoneNumberFormatRule(pattern: "(\\s+)", format: "$1")
    }
    #expect(rule?.code == .invalidPattern)
    let parts = #expect(throws: PhoneNumberError.self) {
      try PhoneNumber(countryCode: 44, nationalNumber: "20 7946")
    }
    #expect(parts?.code == .invalidDigits)
  }

  @Test func matching() throws {
    let office = try PhoneNumber("+1 345 657 1234")
    #expect(office.match(try PhoneNumber("+1 345 657 1234")) == .exact)
    #expect(office.match(try PhoneNumber("+1 345 657 1234 ext. 12")) == .shortNationalSignificantNumber)
    #expect(office.match(try PhoneNumber("+44 20 7946 0958")) == .noMatch)
    #expect(office.match("345 657 1234") == .nationalSignificantNumber)
    #expect(office.match("657 1234") == .shortNationalSignificantNumber)
    #expect(office.match("345 657") == .noMatch)
    #expect(office.match("hello") == .notANumber)
    #expect(PhoneNumber.match("+44 20 7946 0958", "020 7946 0958") == .nationalSignificantNumber)
    #expect(PhoneNumber.match("+39 02 1234 5678", "+39 2 1234 5678") == .shortNationalSignificantNumber)
    #expect(PhoneNumber.match("020 7946 0958", "(020) 7946-0958") == .nationalSignificantNumber)
    #expect(PhoneNumber.match("020 7946 0958", "abc") == .notANumber)
    let number = try PhoneNumber("+44 20 7946 0958")
    #expect(number.match("020 7946 0958").rawValue == "nsn_match")
    #expect(number.match("+44 20 7946 0958") == .exact)
    #expect(PhoneNumberMatchType.shortNationalSignificantNumber.isMatch)
  }

  @Test func finding() {
    let match = Array(PhoneNumberMatcher(text: "Call 020 7946 0958 today", region: .gb)).first
    #expect(match?.scalarRange == 5..<18)
    #expect(match?.rawText == "020 7946 0958")
    #expect(match?.number.formatted(.e164) == "+442079460958")
    let text = "Ring +44 20 7946 0958 or 020 7946 0959 (office)"
    let found = PhoneNumberMatcher(text: text, region: .gb).map {
      "\($0.rawText) \($0.number.formatted(.e164))"
    }
    #expect(found == ["+44 20 7946 0958 +442079460958", "020 7946 0959 +442079460959"])
    #expect(PhoneNumberLeniency(rawValue: "exact_grouping") == .exactGrouping)
  }

  @Test func shortNumbers() throws {
    let info = try ShortNumberInfo("112", region: .de)
    #expect(info.isValid)
    #expect(info.cost == .tollFree)
    #expect(info.isEmergency)
    #expect(info.connectsToEmergency)
    #expect(try ShortNumberInfo("3665", region: .fr).cost == .premiumRate)
    let number = try PhoneNumber("112", region: .de)
    #expect(ShortNumbers.isValid(number, in: .de))
    #expect(ShortNumbers.expectedCost(of: number, in: .de) == .tollFree)
    #expect(ShortNumbers.expectedCost(of: number, in: .de).rawValue == "toll_free")
    #expect(ShortNumbers.isEmergencyNumber("112", in: .de))
    #expect(ShortNumbers.connectsToEmergencyNumber("1123", in: .de))
    #expect(ShortNumbers.exampleNumber(for: .fr) == "15")
    #expect(ShortNumbers.supportedRegions.contains(.de))
    #expect(ShortNumbers.isPossible(try PhoneNumber("123456", region: .fr), in: .fr))
    #expect(ShortNumbers.isPossible(try PhoneNumber("+33 1234")))
    #expect(ShortNumbers.isValid(try PhoneNumber("1010", region: .fr), in: .fr))
    #expect(ShortNumbers.isValid(try PhoneNumber("+33 1010")))
    #expect(ShortNumbers.expectedCost(of: try PhoneNumber("116000", region: .fr), in: .fr) == .tollFree)
    #expect(ShortNumbers.expectedCost(of: try PhoneNumber("3665", region: .fr), in: .fr) == .premiumRate)
    #expect(ShortNumbers.expectedCost(of: try PhoneNumber("+33 3665")) == .premiumRate)
    #expect(ShortNumbers.isEmergencyNumber("1-1-2", in: .de))
    #expect(!ShortNumbers.isEmergencyNumber("+112", in: .de))
    #expect(ShortNumbers.connectsToEmergencyNumber("9116", in: .us))
    #expect(!ShortNumbers.connectsToEmergencyNumber("1900", in: .br))
    #expect(ShortNumbers.isCarrierSpecific(try PhoneNumber("33669", region: .us), in: .us))
    #expect(ShortNumbers.isCarrierSpecific(try PhoneNumber("+1 33669")))
    #expect(ShortNumbers.isSMSService(try PhoneNumber("3330", region: .de), in: .de))
    #expect(ShortNumbers.exampleNumber(for: .de) == "110")
    #expect(ShortNumbers.exampleNumber(for: .fr, cost: .premiumRate) == "1000")
  }

  @Test func asYouTypeAndEditor() {
    var formatter = AsYouTypeFormatter(region: .us)
    var typed: [String] = []
    for key in "6502532222".unicodeScalars { typed.append(formatter.input(key)) }
    #expect(typed.prefix(4) == ["6", "65", "650", "650-2"])
    #expect(typed.last == "(650) 253-2222")
    var short = AsYouTypeFormatter(region: .us)
    short.input("650")
    #expect(short.text == "650")
    var gb = AsYouTypeFormatter(region: .gb)
    for key in "0207946095".unicodeScalars { _ = gb.input(key) }
    #expect(gb.input("8") == "020 7946 0958")
    var plus = AsYouTypeFormatter(region: .us)
    #expect(plus.input("+16502532222") == "+1 650-253-2222")
    var remembering = AsYouTypeFormatter(region: .us)
    remembering.input("650")
    #expect(remembering.input("2", rememberingPosition: true) == "650-2")
    #expect(remembering.rememberedPosition == 5)

    let editor = PhoneNumberEditor(region: .us)
    var field = editor.format("6502532222")
    #expect(field.text == "(650) 253-2222")
    #expect(field.caret == 14)
    field = editor.apply(.deleteBackward(in: field.text, at: 5))
    #expect(field.text == "(652) 532-222")
    #expect(field.caret == 3)
    #expect(
      PhoneNumberEditor(region: .us).apply(.insert("6502532222", into: "", at: 0)).text == "(650) 253-2222")
    #expect(
      PhoneNumberEditor(region: .gb).apply(.insert("+44 20 7946 0958", into: "", at: 0)).text
        == "+44 20 7946 0958")
    #expect(PhoneNumberEditor(region: .us).format("+1 650 253 2222").text == "+1 650-253-2222")
  }
}
