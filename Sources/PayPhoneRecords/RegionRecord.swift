package import PayPhone

/// `regions`' record: a supported region (or a non-geographic calling
/// code), its name in a language, its flag, an example number and its
/// input masks.
package struct RegionRecord: Record {
  package static var schema: RecordSchema { .regions }

  package let region: RegionCode
  package let countryCode: Int
  package let name: String?
  package let flag: String?
  package let example: PhoneNumber?
  package let nationalMask: String?
  package let internationalMask: String?

  /// Every region, then every non-geographic calling code, with names in
  /// `locale`'s language.
  package static func all(locale: String) -> [RegionRecord] {
    var records = PhoneMetadata.supportedRegions.map { region in
      let example =
        PhoneMetadata.exampleNumber(for: region, type: .mobile)
        ?? PhoneMetadata.exampleNumber(for: region, type: .fixedLine)
        ?? PhoneNumberType.allCases.lazy.compactMap { PhoneMetadata.exampleNumber(for: region, type: $0) }
        .first
      let masks = example.map(PhoneInputMasks.init(example:))
      return RegionRecord(
        region: region, countryCode: PhoneMetadata.countryCode(for: region) ?? 0,
        name: PhoneMetadata.displayName(of: region, locale: locale), flag: PhoneMetadata.flag(of: region),
        example: example, nationalMask: masks?.national, internationalMask: masks?.international)
    }
    for countryCode in PhoneMetadata.nonGeographicCountryCodes {
      let masks = PhoneMetadata.inputMasks(forNonGeographicCountryCode: countryCode)
      records.append(
        RegionRecord(
          region: .nonGeographic, countryCode: countryCode, name: nil, flag: nil,
          example: PhoneMetadata.exampleNumber(forNonGeographicCountryCode: countryCode),
          nationalMask: masks?.national, internationalMask: masks?.international))
    }
    return records
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    writer.beginRecord()
    writer.field(.ok, true)
    writer.field(.region, region: region)
    writer.field(.countryCode, countryCode)
    writer.field(.regionName, name)
    writer.field(.flag, flag)
    writer.field(.example, example?.formatted(.e164))
    writer.field(.nationalMask, nationalMask)
    writer.field(.internationalMask, internationalMask)
    writer.endRecord()
  }
}
