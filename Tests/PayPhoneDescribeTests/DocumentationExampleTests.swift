import Foundation
import PayPhoneDescribe
import PayPhoneNumbers
import PayPhoneTestSupport
import Testing

/// The examples in PayPhoneDescribe's doc comments and its DocC catalog,
/// run as written. Every answer an example shows for a number is also
/// checked against the oracle's stored answer for that number, locale and
/// user region (`Tests/Fixtures/describe.jsonl`, libphonenumber 9.0.43),
/// so an example cannot drift from libphonenumber.
@Suite struct DocumentationExampleTests {
  /// The oracle's answers, by E.164 number, locale and user region.
  static let oracle: [String: DescribeOracleTests.Case] = {
    var rows: [String: DescribeOracleTests.Case] = [:]
    for row in (try? OracleFixture.cases(DescribeOracleTests.Case.self, from: "describe")) ?? [] {
      rows[key(row.e164, row.locale, row.userRegion)] = row
    }
    return rows
  }()

  static func key(_ e164: String, _ locale: String, _ userRegion: String?) -> String {
    "\(e164) \(locale) \(userRegion ?? "-")"
  }

  /// The oracle's row for a number as an example describes it.
  func oracle(
    _ number: PhoneNumber, _ locale: String, userRegion: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> DescribeOracleTests.Case {
    let key = Self.key(number.formatted(.e164), locale, userRegion)
    return try #require(Self.oracle[key], "no oracle row for \(key)", sourceLocation: sourceLocation)
  }

  /// Any row of the number: time zones do not depend on the locale.
  func oracleZones(_ number: PhoneNumber) throws -> [String] {
    let e164 = number.formatted(.e164)
    return try #require(Self.oracle.values.first { $0.e164 == e164 }).timeZones
  }

  @Test func describerOverviewExample() throws {
    let describer = PhoneNumberDescriber(locale: try DescriptionLocale("de"))
    let number = try PhoneNumber("+86 137 1554 7371")
    let row = try oracle(number, "de")
    #expect(describer.location(of: number) == "Foshan, Guangdong")
    #expect(row.location == "Foshan, Guangdong")
    #expect(describer.carrierName(of: number) == "China Mobile")
    #expect(row.carrier == "China Mobile")
    #expect(describer.timeZones(of: number) == ["Asia/Shanghai"])
    #expect(row.timeZones == ["Asia/Shanghai"])
  }

  @Test func initializerAndLocaleExamples() throws {
    #expect(PhoneNumberDescriber().locale.identifier == "en")
    let nanping = try PhoneNumber("+86 158 6095 3058")
    #expect(PhoneNumberDescriber().location(of: nanping) == "Nanping, Fujian")
    #expect(try oracle(nanping, "en").location == "Nanping, Fujian")
    let ottawa = try PhoneNumber("+1 613 236 9895")
    #expect(PhoneNumberDescriber(locale: try DescriptionLocale("ja")).location(of: ottawa) == "カナダ")
    #expect(try oracle(ottawa, "ja").location == "カナダ")
  }

  @Test func locationExamples() throws {
    let english = PhoneNumberDescriber()
    let greeley = try PhoneNumber("+1 970-392-1690")
    #expect(english.location(of: greeley, userRegion: .us) == "Greeley, CO")
    #expect(try oracle(greeley, "en", userRegion: "US").location == "Greeley, CO")
    let spokane = try PhoneNumber("+1 509 487 2264")
    #expect(english.location(of: spokane, userRegion: .jp) == "United States")
    #expect(try oracle(spokane, "en", userRegion: "JP").location == "United States")
    let valparaiso = try PhoneNumber("+56 32 311 1430")
    #expect(english.location(of: valparaiso) == "Valparaíso")
    #expect(try oracle(valparaiso, "en").location == "Valparaíso")
  }

  @Test func countryAndCarrierExamples() throws {
    let english = PhoneNumberDescriber()
    let puertoRico = try PhoneNumber("+1 787 462 9240")
    #expect(english.countryName(of: puertoRico) == "Puerto Rico")
    #expect(try oracle(puertoRico, "en").country == "Puerto Rico")
    let israel = try PhoneNumber("+972 50 699 6123")
    #expect(english.carrierName(of: israel) == "Pelephone")
    #expect(try oracle(israel, "en").carrier == "Pelephone")
    #expect(english.safeCarrierName(of: israel) == nil)
    #expect(try oracle(israel, "en").safeCarrier == nil)
    let senegal = try PhoneNumber("+221 75 567 79 31")
    #expect(english.safeCarrierName(of: senegal) == "Promobile")
    #expect(try oracle(senegal, "en").safeCarrier == "Promobile")
  }

  @Test func timeZoneExamples() throws {
    let english = PhoneNumberDescriber()
    let valparaiso = try PhoneNumber("+56 32 311 1430")
    #expect(english.timeZones(of: valparaiso) == ["America/Santiago"])
    #expect(try oracleZones(valparaiso) == ["America/Santiago"])
    let portugal = try PhoneNumber("+351 922 212 827")
    #expect(english.timeZones(of: portugal) == ["Atlantic/Azores", "Europe/Lisbon"])
    #expect(portugal.timeZones == ["Atlantic/Azores", "Europe/Lisbon"])
    #expect(try oracleZones(portugal) == ["Atlantic/Azores", "Europe/Lisbon"])
    let international = try PhoneNumber("+800 1234 5678")
    #expect(english.timeZones(of: international) == ["Etc/Unknown"])
    #expect(international.timeZones == ["Etc/Unknown"])
    #expect(try oracleZones(international) == ["Etc/Unknown"])
    #expect(PhoneNumberDescriber.unknownTimeZone == "Etc/Unknown")
  }

  @Test func phoneNumberShortcutExamples() throws {
    let papenburg = try PhoneNumber("+49 4962 79096")
    #expect(
      papenburg.location(locale: try DescriptionLocale("de"), userRegion: .de) == "Papenburg-Aschendorf")
    #expect(try oracle(papenburg, "de", userRegion: "DE").location == "Papenburg-Aschendorf")
    let sweden = try PhoneNumber("+46 73 861 64 36")
    #expect(sweden.carrierName(locale: try DescriptionLocale("de")) == "Telenor Sverige")
    #expect(try oracle(sweden, "de").carrier == "Telenor Sverige")
    #expect(sweden.safeCarrierName() == nil)
    #expect(try oracle(sweden, "de").safeCarrier == nil)
    let senegal = try PhoneNumber("+221 75 567 79 31")
    #expect(senegal.safeCarrierName() == "Promobile")
  }

  @Test func localeExamples() throws {
    let hant = try DescriptionLocale("zh-hant")
    #expect(hant.language == "zh")
    #expect(hant.script == "Hant")
    #expect(hant.identifier == "zh_Hant")
    #expect(DescriptionLocale(language: "ZH", script: "hant").identifier == "zh_Hant")
    #expect(try DescriptionLocale("pt-BR").region == "BR")
    #expect(try DescriptionLocale("PT-br").language == "pt")
    #expect(try DescriptionLocale("zh_hant_tw").script == "Hant")
    #expect(try DescriptionLocale("es-419").region == "419")
    #expect(DescriptionLocale.english.identifier == "en")
    #expect(try DescriptionLocale("zh-hant-tw").identifier == "zh_Hant_TW")
    #expect("\(try DescriptionLocale("pt-br"))" == "pt_BR")
    #expect(throws: DescribeError.self) { try DescriptionLocale("german") }
  }

  @Test func localeCodableExamples() throws {
    let decoded = try JSONDecoder().decode([DescriptionLocale].self, from: Data(#"["pt-br"]"#.utf8))
    #expect(decoded[0].identifier == "pt_BR")
    let encoded = String(decoding: try JSONEncoder().encode([DescriptionLocale("zh-hant")]), as: UTF8.self)
    #expect(encoded == #"["zh_Hant"]"#)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([DescriptionLocale].self, from: Data(#"["german"]"#.utf8))
    }
  }
}
