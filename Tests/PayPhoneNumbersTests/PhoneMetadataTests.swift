import PayPhoneNumbers
import Testing

/// The public metadata API, with answers from libphonenumber's tables and
/// ICU's locale data (CLDR names).
@Suite struct PhoneMetadataTests {
  @Test(arguments: [("US", 1), ("GB", 44), ("CH", 41), ("KZ", 7), ("YT", 262), ("VA", 39), ("ZW", 263)])
  func countryCodeOfRegion(_ row: (RegionCode, Int)) {
    #expect(PhoneMetadata.countryCode(for: row.0) == row.1)
  }

  @Test func unknownRegionsHaveNoCountryCode() {
    #expect(PhoneMetadata.countryCode(for: "ZZ") == nil)
    #expect(PhoneMetadata.countryCode(for: "001") == nil)
  }

  @Test func regionsOfSharedCountryCodesPutTheMainCountryFirst() {
    #expect(PhoneMetadata.regions(forCountryCode: 7) == ["RU", "KZ"])
    #expect(PhoneMetadata.regions(forCountryCode: 44) == ["GB", "GG", "IM", "JE"])
    #expect(PhoneMetadata.regions(forCountryCode: 262) == ["RE", "YT"])
    #expect(PhoneMetadata.regions(forCountryCode: 1).first == "US")
    #expect(PhoneMetadata.regions(forCountryCode: 1).count == 25)
    #expect(PhoneMetadata.regions(forCountryCode: 800) == ["001"])
    #expect(PhoneMetadata.regions(forCountryCode: 999).isEmpty)
    #expect(PhoneMetadata.regions(forCountryCode: -1).isEmpty)
  }

  @Test func exampleNumbersComeFromTheTables() {
    #expect(PhoneMetadata.exampleNumber(for: .gb, type: .mobile)?.formatted(.e164) == "+447400123456")
    #expect(PhoneMetadata.exampleNumber(for: .us, type: .fixedLine)?.formatted(.e164) == "+12015550123")
    #expect(PhoneMetadata.exampleNumber(for: .gb, type: .voicemail) == nil)
    #expect(PhoneMetadata.exampleNumber(forNonGeographicCountryCode: 800)?.formatted(.e164) == "+80012345678")
    #expect(PhoneMetadata.exampleNumber(forNonGeographicCountryCode: 44) == nil)
  }

  @Test func possibleLengthsPerType() {
    #expect(PhoneMetadata.possibleLengths(for: .gb).national == [7, 9, 10])
    #expect(PhoneMetadata.possibleLengths(for: .gb).localOnly == [4, 5, 6, 8])
    #expect(PhoneMetadata.possibleLengths(for: .gb, type: .mobile).national == [10])
    #expect(PhoneMetadata.possibleLengths(for: .us, type: .fixedLine).localOnly == [7])
    #expect(PhoneMetadata.possibleLengths(for: "ZZ").national.isEmpty)
    #expect(
      PhoneMetadata.possibleLengths(for: .us, type: .fixedLine)
        == PhoneMetadata.PossibleLengths(national: [10], localOnly: [7]))
  }

  @Test(arguments: [
    ("US", "en", "United States"), ("US", "ja", "アメリカ合衆国"), ("DE", "de", "Deutschland"),
    ("CH", "fr", "Suisse"), ("GB", "en", "United Kingdom"),
  ])
  func displayNamesComeFromICU(_ row: (RegionCode, String, String)) {
    #if ICU
      #expect(PhoneMetadata.displayName(of: row.0, locale: row.1) == row.2)
    #else
      // A build without the ICU trait carries no locale data.
      #expect(PhoneMetadata.displayName(of: row.0, locale: row.1) == nil)
    #endif
  }

  @Test func nonGeographicEntriesHaveNoNameOrFlag() {
    #expect(PhoneMetadata.displayName(of: .nonGeographic) == nil)
    #expect(PhoneMetadata.flag(of: .nonGeographic) == nil)
  }

  @Test(arguments: [("US", "\u{1F1FA}\u{1F1F8}"), ("CH", "\u{1F1E8}\u{1F1ED}"), ("JP", "\u{1F1EF}\u{1F1F5}")])
  func flagsAreRegionalIndicatorPairs(_ row: (RegionCode, String)) {
    #expect(PhoneMetadata.flag(of: row.0) == row.1)
  }

  @Test func regionCodesAreCaseInsensitive() {
    #expect(RegionCode("gb") == .gb)
    #expect(PhoneMetadata.supportedRegions.contains("ch"))
  }
}
