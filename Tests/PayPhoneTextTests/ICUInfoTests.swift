import PayPhoneText
import Testing

@Suite("Facts from the system ICU")
struct ICUInfoTests {
  @Test(
    "region names come from ICU's locale data (CLDR)",
    arguments: [
      ("US", "en", "United States"),
      ("US", "ja", "アメリカ合衆国"),  // the contract's example
      ("GB", "en", "United Kingdom"),
      ("DE", "de", "Deutschland"),
      ("GB", "fr", "Royaume-Uni"),
    ])
  func regionName(_ region: String, _ locale: String, _ expected: String) {
    #expect(ICUInfo.regionName(region, locale: locale) == expected)
  }

  @Test("an unknown or malformed region has no name", arguments: ["XY", "", "TOOLONGREGION"])
  func unknownRegion(_ region: String) {
    #expect(ICUInfo.regionName(region, locale: "en") == nil)
  }
}
