import PayPhoneDescribe
import PayPhoneNumbers
import Testing

/// Hand-picked answers of libphonenumber 9.0.43's geocoder, carrier and
/// time-zone mappers (its own doctests and documented examples).
@Suite struct PhoneNumberDescriberTests {
  @Test func geocoderDocumentedExamples() throws {
    let english = PhoneNumberDescriber()
    let gb = try PhoneNumber("+442083612345")
    #expect(english.location(of: gb) == "London")
    #expect(english.location(of: gb, userRegion: .gb) == "London")
    #expect(english.location(of: gb, userRegion: .us) == "United Kingdom")
    #expect(PhoneNumberDescriber(locale: try DescriptionLocale("fr")).location(of: gb) == "London")
    let munich = try PhoneNumber("0891234567", region: .de)
    #expect(english.location(of: munich) == "Munich")
    #expect(PhoneNumberDescriber(locale: try DescriptionLocale("de")).location(of: munich) == "München")
    let zurich = try PhoneNumber("0431234567", region: .ch)
    #expect(PhoneNumberDescriber(locale: try DescriptionLocale("de")).location(of: zurich) == "Zürich")
    #expect(english.location(of: zurich) == "Zurich")
    #expect(PhoneNumberDescriber(locale: try DescriptionLocale("it")).location(of: zurich) == "Zurigo")
  }

  @Test func carrierAndTimeZoneDocumentedExamples() throws {
    let romania = try PhoneNumber("+40721234567")
    #expect(romania.carrierName() == "Vodafone")
    #expect(romania.carrierName(locale: try DescriptionLocale("fr")) == "Vodafone")
    #expect(romania.timeZones == ["Europe/Bucharest"])
    #expect(
      try PhoneNumber("+976136234567", region: .us).timeZones == ["Asia/Choibalsan", "Asia/Ulaanbaatar"])
  }

  @Test(
    arguments: [
      ("de", "de", nil, nil), ("zh-hant", "zh", "Hant", nil), ("zh_Hant_TW", "zh", "Hant", "TW"),
      ("pt-br", "pt", nil, "BR"), ("es_419", "es", nil, "419"),
    ] as [(String, String, String?, String?)])
  func localesAreParsedAndSpelledAsTheTablesSpellThem(
    _ row: (identifier: String, language: String, script: String?, region: String?)
  ) throws {
    let locale = try DescriptionLocale(row.identifier)
    #expect(locale.language == row.language)
    #expect(locale.script == row.script)
    #expect(locale.region == row.region)
  }

  @Test(arguments: ["", "german", "d", "de_Hant_TW_x", "de__DE", "12", "de_12"])
  func malformedLocalesAreRefused(_ identifier: String) {
    let error = #expect(throws: DescribeError.self) { try DescriptionLocale(identifier) }
    #expect(error?.code == .invalidLocale)
    #expect(error?.code.rawValue == "invalid_locale")
  }
}
