import PayPhoneText
import Testing

@Suite("Region names from the build's locale data")
struct RegionNamesTests {
  #if ICU
    @Test(
      "with the ICU trait, region names come from ICU's locale data (CLDR)",
      arguments: [
        ("US", "en", "United States"),
        ("US", "ja", "アメリカ合衆国"),  // the contract's example
        ("GB", "en", "United Kingdom"),
        ("DE", "de", "Deutschland"),
        ("GB", "fr", "Royaume-Uni"),
      ])
    func regionName(_ region: String, _ locale: String, _ expected: String) {
      #expect(RegionNames.name(of: region, locale: locale) == expected)
    }

    @Test("an unknown or malformed region has no name", arguments: ["XY", "", "TOOLONGREGION"])
    func unknownRegion(_ region: String) {
      #expect(RegionNames.name(of: region, locale: "en") == nil)
    }
  #else
    @Test("without the ICU trait there is no locale data, so no region has a name", arguments: ["US", "GB"])
    func noLocaleData(_ region: String) {
      #expect(RegionNames.name(of: region, locale: "en") == nil)
    }
  #endif
}
