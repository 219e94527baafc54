import Testing

@testable import PayPhoneNumbers

/// Data self-checks: the tables load whole, and every example number in
/// them parses, is valid as the type the table declares, and survives a
/// round trip through every format.
@Suite struct PhoneMetadataSelfCheckTests {
  static let exampleTypes: [PhoneNumberType] = [
    .fixedLine, .mobile, .tollFree, .premiumRate, .sharedCost, .voip, .personalNumber, .pager, .uan,
    .voicemail,
  ]

  @Test func everyRecordLoads() {
    let all = PhoneMetadataStore.shared.allMetadata()
    #expect(all.count == 254)
    #expect(all.allSatisfy { $0 != nil })
    #expect(PhoneMetadata.supportedRegions.count == 245)
    #expect(PhoneMetadata.nonGeographicCountryCodes == [800, 808, 870, 878, 881, 882, 883, 888, 979])
  }

  /// The types a number may be classified as when the table lists it under
  /// `declared`: fixed-line and mobile examples may be indistinguishable.
  static func acceptedTypes(_ declared: PhoneNumberType) -> Set<PhoneNumberType> {
    switch declared {
    case .fixedLine: [.fixedLine, .fixedLineOrMobile]
    case .mobile: [.mobile, .fixedLineOrMobile]
    default: [declared]
    }
  }

  @Test(arguments: PhoneMetadata.supportedRegions)
  func exampleNumbersParseValidateAndRoundTrip(region: RegionCode) throws {
    var checked = 0
    for type in Self.exampleTypes {
      guard let number = PhoneMetadata.exampleNumber(for: region, type: type) else { continue }
      checked += 1
      #expect(number.isValid, "\(region) \(type) example \(number) is not valid")
      #expect(number.isValid(for: region))
      #expect(
        Self.acceptedTypes(type).contains(number.type),
        "\(region) \(type) example \(number) is \(number.type)")
      for format in [PhoneNumberFormat.e164, .international, .rfc3966] {
        #expect(try PhoneNumber(number.formatted(format), region: nil) == number, "\(format) of \(number)")
      }
      #expect(try PhoneNumber(number.formatted(.national), region: region) == number, "national of \(number)")
    }
    #expect(checked > 0)
  }

  @Test(arguments: PhoneMetadata.nonGeographicCountryCodes)
  func nonGeographicExamplesParseAndValidate(countryCode: Int) throws {
    let number = try #require(PhoneMetadata.exampleNumber(forNonGeographicCountryCode: countryCode))
    #expect(number.countryCode == countryCode)
    #expect(number.region == .nonGeographic)
    #expect(number.isValid)
    for format in [PhoneNumberFormat.e164, .international, .rfc3966] {
      #expect(try PhoneNumber(number.formatted(format), region: nil) == number)
    }
  }
}
