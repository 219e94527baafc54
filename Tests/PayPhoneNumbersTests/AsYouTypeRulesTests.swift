import Testing

@testable import PayPhoneNumbers

/// The per-region rules the as-you-type formatter works from.
@Suite struct AsYouTypeRulesTests {
  @Test func everyFormatListFitsACandidateSet() {
    for metadata in PhoneMetadataStore.shared.allMetadata().compactMap({ $0 }) {
      #expect(metadata.numberFormats.count <= FormatSet.capacity, "\(metadata.regionCode)")
      #expect(metadata.internationalNumberFormats.count <= FormatSet.capacity, "\(metadata.regionCode)")
    }
  }

  @Test func regionsSharingACountryCodeShareTheMainRegionsRules() {
    let store = AsYouTypeRules.Store.shared
    #expect(store.rules(forRegion: .ca) === store.rules(forRegion: .us))
    #expect(store.rules(forRegion: "GG") === store.rules(forCountryCode: 44))
    #expect(store.rules(forRegion: .us).countryCode == 1)
    #expect(store.rules(forRegion: "ZZ") === AsYouTypeRules.unknownRegion)
    #expect(store.rules(forRegion: .nonGeographic) === AsYouTypeRules.unknownRegion)
    #expect(store.rules(forCountryCode: 800).countryCode == 800)
  }

  /// libphonenumber's eligibility: `$1` first, then group references and
  /// phone punctuation only.
  @Test(arguments: [
    ("$1 $2-$3", true), ("($1) $2-$3", true), ("$1/$2", true), ("$1", true), ("$2 15-$3-$4", false),
    ("*$1", false), ("$1 x$2", true), ("$1 X$2", false), ("", false),
  ])
  func eligibleLayoutsAreGroupsAndPunctuation(layout: String, eligible: Bool) throws {
    let format = NumberFormat(
      pattern: try DigitPattern("(\\d{3})(\\d{4})"), format: layout, leadingDigitsPatterns: [],
      nationalPrefixFormattingRule: nil, nationalPrefixOptionalWhenFormatting: false,
      carrierCodeFormattingRule: nil)
    #expect(AsYouTypeFormat(format, patternID: 0).isEligible == eligible)
  }

  @Test func templatesHaveASlotPerDigitOfTheLongestNumber() throws {
    let format = NumberFormat(
      pattern: try DigitPattern("(\\d{3})(\\d{3})(\\d{4})"), format: "($1) $2-$3", leadingDigitsPatterns: [],
      nationalPrefixFormattingRule: nil, nationalPrefixOptionalWhenFormatting: false,
      carrierCodeFormattingRule: nil)
    let prepared = AsYouTypeFormat(format, patternID: 0)
    let template = try #require(prepared.template)
    #expect(
      String(decoding: template.map { $0 == AsYouTypeFormat.slot ? 0x5F : $0 }, as: UTF8.self)
        == "(___) ___-____")
    #expect(prepared.templateDigitCount == 10)
  }
}

extension AsYouTypeRulesTests {
  /// A pattern no run of fifteen nines fits (Japan's 16-digit format) has
  /// no template: libphonenumber's C++ port skips the format; the Java and
  /// Python ports would throw, on a path no typed number reaches.
  @Test func aPatternLongerThanFifteenDigitsHasNoTemplate() throws {
    let format = NumberFormat(
      pattern: try DigitPattern("(\\d{4})(\\d{6})(\\d{6,7})"), format: "$1-$2-$3", leadingDigitsPatterns: [],
      nationalPrefixFormattingRule: nil, nationalPrefixOptionalWhenFormatting: false,
      carrierCodeFormattingRule: nil)
    let prepared = AsYouTypeFormat(format, patternID: 0)
    #expect(prepared.isEligible)
    #expect(prepared.template == nil)
  }
}
