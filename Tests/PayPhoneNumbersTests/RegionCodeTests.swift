import Foundation
import PayPhoneNumbers
import Testing

/// A region code is an ISO 3166-1 alpha-2 code (two letters, either case)
/// or `001`, libphonenumber's code for non-geographic entities; anything
/// else is refused.
@Suite struct RegionCodeTests {
  @Test(arguments: [("GB", "GB"), ("gb", "GB"), ("Gb", "GB"), ("ax", "AX"), ("AA", "AA"), ("zz", "ZZ")])
  func twoASCIILettersAreACodeInUpperCase(_ row: (String, String)) throws {
    let region = try #require(RegionCode(row.0))
    #expect(region.rawValue == row.1)
    #expect(region.description == row.1)
  }

  @Test func nonGeographicIsZeroZeroOne() {
    #expect(RegionCode("001") == .nonGeographic)
    #expect(RegionCode.nonGeographic.rawValue == "001")
  }

  /// Alpha-3 (`GBR`) and numeric (`826`) codes, other UN M.49 areas
  /// (`419`), letters with a digit, white space, letters outside ASCII
  /// (fullwidth `ＧＢ`, `ÅX`) and the empty string.
  @Test(arguments: [
    "GBR", "826", "419", "000", "01", "1", "G1", "1G", "G", "", " GB", "GB ", "G B", "ＧＢ", "ÅX", "G-",
  ])
  func anyOtherTextIsRefused(_ text: String) {
    #expect(RegionCode(text) == nil)
  }

  @Test func codesOfEitherCaseAreEqualAndHashAlike() {
    #expect(RegionCode("de") == .de)
    #expect(Set([RegionCode("de"), RegionCode("DE"), .de]).count == 1)
    #expect(RegionCode("DE") != RegionCode("ED"))
  }

  @Test func theStaticsAreTheirCodes() {
    let statics: [RegionCode] = [
      .us, .ca, .gb, .de, .fr, .it, .es, .ch, .nl, .br, .ar, .mx, .ru, .cn, .jp, .au,
    ]
    #expect(
      statics.map(\.rawValue) == [
        "US", "CA", "GB", "DE", "FR", "IT", "ES", "CH", "NL", "BR", "AR", "MX", "RU", "CN", "JP", "AU",
      ])
  }

  @Test func everyLetterPairIsACodeOfItsOwn() {
    var codes: Set<String> = []
    for first in UInt8(ascii: "A")...UInt8(ascii: "Z") {
      for second in UInt8(ascii: "a")...UInt8(ascii: "z") {
        let text = String(decoding: [first, second], as: UTF8.self)
        guard let region = RegionCode(text) else {
          Issue.record("\(text) refused")
          continue
        }
        #expect(region.rawValue == text.uppercased())
        codes.insert(region.rawValue)
      }
    }
    #expect(codes.count == 26 * 26)
  }

  @Test func codableAsTheCode() throws {
    #expect(String(decoding: try JSONEncoder().encode([RegionCode("ch")]), as: UTF8.self) == #"["CH"]"#)
    #expect(
      try JSONDecoder().decode([RegionCode].self, from: Data(#"["gb","001"]"#.utf8)) == [.gb, .nonGeographic])
    for invalid in [#"["GBR"]"#, #"[""]"#, #"["G1"]"#] {
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode([RegionCode].self, from: Data(invalid.utf8))
      }
    }
  }

  /// libphonenumber's unknown region, which readers give for a region
  /// field that is no code, has no metadata: such a region answers as any
  /// unsupported one.
  @Test func theUnknownRegionIsZZAndHasNoMetadata() {
    #expect(RegionCode.unknown.rawValue == "ZZ")
    #expect(!PhoneMetadata.supportedRegions.contains(.unknown))
    #expect(PhoneMetadata.countryCode(for: .unknown) == nil)
  }
}
