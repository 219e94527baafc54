import PayPhoneMasks
import PayPhoneNumbers
import Testing

/// Per-region input masks: the layout of each region's example number in
/// libphonenumber's national and international formats, in the masks
/// module's `#` notation.
@Suite struct PhoneInputMasksTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let region: RegionCode
    let national: String
    let international: String
    var testDescription: String { region.rawValue }
  }

  /// Expected masks written from libphonenumber's formatting of each
  /// region's example mobile number (the contract gives the US one):
  /// GB `07400 123456` / `+44 7400 123456`, RU `8 (912) 345-67-89`,
  /// AR `011 15-2345-6789` / `+54 9 11 2345-6789`, and so on.
  static let cases: [Case] = [
    Case(region: "US", national: "(###) ###-####", international: "+1 ###-###-####"),
    Case(region: "GB", national: "0#### ######", international: "+44 #### ######"),
    Case(region: "CH", national: "0## ### ## ##", international: "+41 ## ### ## ##"),
    Case(region: "RU", national: "8 (###) ###-##-##", international: "+7 ### ###-##-##"),
    Case(region: "FR", national: "0# ## ## ## ##", international: "+33 # ## ## ## ##"),
    Case(region: "DE", national: "0#### #######", international: "+49 #### #######"),
    Case(region: "JP", national: "0##-####-####", international: "+81 ##-####-####"),
    Case(region: "BR", national: "(##) #####-####", international: "+55 ## #####-####"),
    // The national format drops the mobile 9 and writes 15: the mask shows
    // the layout, with the 15 literal.
    Case(region: "AR", national: "0## 15-####-####", international: "+54 # ## ####-####"),
  ]

  @Test(arguments: cases)
  func regionMasksFollowTheExampleNumbersFormats(_ expected: Case) throws {
    let masks = try #require(PhoneMetadata.inputMasks(for: expected.region))
    #expect(masks.national == expected.national)
    #expect(masks.international == expected.international)
  }

  @Test func nonGeographicMasksKeepTheCountryCodeLiteral() throws {
    // libphonenumber: +800 1234 5678 internationally, 1234 5678 nationally.
    let masks = try #require(PhoneMetadata.inputMasks(forNonGeographicCountryCode: 800))
    #expect(masks.national == "#### ####")
    #expect(masks.international == "+800 #### ####")
    #expect(masks.example.countryCode == 800)
  }

  @Test func regionsWithoutMetadataHaveNoMasks() {
    #expect(PhoneMetadata.inputMasks(for: "ZZ") == nil)
    #expect(PhoneMetadata.inputMasks(for: .nonGeographic) == nil)
    #expect(PhoneMetadata.inputMasks(forNonGeographicCountryCode: 1) == nil)
  }

  /// Regions whose example's national format drops or adds digits, so the
  /// mask cannot give the formatted example back from its digits: AR (the
  /// mobile 9 dropped, 15 added).
  static let regionsWhereNationalMaskDoesNotRoundTrip: Set<String> = ["AR"]

  /// ShorthandMask(mask) applied to the example's digits gives the
  /// example as libphonenumber formats it, for every region and
  /// non-geographic entity (except the ones listed, which are printed).
  @Test func shorthandMaskOfEachRegionFormatsItsExampleBack() {
    var masks = PhoneMetadata.supportedRegions.compactMap { region in
      PhoneMetadata.inputMasks(for: region).map { (region.rawValue, $0) }
    }
    masks += PhoneMetadata.nonGeographicCountryCodes.compactMap { code in
      PhoneMetadata.inputMasks(forNonGeographicCountryCode: code).map { ("001/+\(code)", $0) }
    }
    var nationalFailures: Set<String> = []
    var internationalFailures: [String] = []
    for (name, mask) in masks {
      let example = mask.example
      let national = ShorthandMask(mask.national).apply(example.nationalNumber).text
      if national != example.formatted(.national) {
        nationalFailures.insert(name)
        print(
          "  national mask \(mask.national) on \(example.nationalNumber): \(national), formatted \(example.formatted(.national))"
        )
      }
      let international = ShorthandMask(mask.international)
      for input in [example.formatted(.e164), example.nationalNumber]
      where international.apply(input).text != example.formatted(.international) {
        internationalFailures.append("\(name): \(mask.international) on \(input)")
      }
    }
    #expect(
      masks.count == PhoneMetadata.supportedRegions.count + PhoneMetadata.nonGeographicCountryCodes.count)
    #expect(nationalFailures == Self.regionsWhereNationalMaskDoesNotRoundTrip)
    #expect(internationalFailures == [])
  }

  @Test func masksOfAnyNumberFollowItsOwnFormat() throws {
    // libphonenumber formats the UK freephone 0800 123 4567 this way.
    let number = try PhoneNumber("+44 800 123 4567")
    let masks = PhoneInputMasks(example: number)
    #expect(masks.national == "0### ### ####")
    #expect(masks.international == "+44 ### ### ####")
  }
}
