internal import PayPhoneText

/// What the tables say about a region as a whole: its national prefix, the
/// number types it has, example numbers. libphonenumber's
/// `getNddPrefixForRegion`, `getSupportedTypesForRegion`,
/// `getSupportedTypesForNonGeoEntity`, `getExampleNumber`,
/// `getInvalidExampleNumber` and `getExampleNumberForType`.
extension PhoneMetadata {
  /// The national (trunk) prefix dialled before a national number in
  /// `region` (`0` in the UK, `1` in the US, `8~10`... with a wait for the
  /// tone written `~`, dropped when `strippingNonDigits`); nil when the
  /// region has none or is unsupported.
  ///
  ///     PhoneMetadata.nationalPrefix(for: .gb)  // "0"
  ///     PhoneMetadata.nationalPrefix(for: .it)  // nil
  ///
  /// Do not prefix it yourself: some regions use it for some numbers only.
  /// The national format puts it where it belongs.
  public static func nationalPrefix(for region: RegionCode, strippingNonDigits: Bool = false) -> String? {
    guard let prefix = PhoneMetadataStore.shared.metadata(for: region)?.nationalPrefix, !prefix.isEmpty else {
      return nil
    }
    return strippingNonDigits ? prefix.replacing(every: "~", with: "") : prefix
  }

  /// The number types `region` has numbers of (never
  /// `.fixedLineOrMobile` or `.unknown`); empty for an unsupported region.
  ///
  ///     PhoneMetadata.supportedTypes(for: .gb).contains(.personalNumber)  // true
  public static func supportedTypes(for region: RegionCode) -> Set<PhoneNumberType> {
    guard region != .nonGeographic, let metadata = PhoneMetadataStore.shared.metadata(for: region) else {
      return []
    }
    return supportedTypes(metadata)
  }

  /// The number types of the non-geographic entity with `countryCode`
  /// (+800, +882, ...); empty when there is no such entity.
  ///
  ///     PhoneMetadata.supportedTypes(forNonGeographicCountryCode: 800)  // [.tollFree]
  public static func supportedTypes(forNonGeographicCountryCode countryCode: Int) -> Set<PhoneNumberType> {
    guard let metadata = PhoneMetadataStore.shared.nonGeographicMetadata(countryCode: countryCode) else {
      return []
    }
    return supportedTypes(metadata)
  }

  private static func supportedTypes(_ metadata: RegionMetadata) -> Set<PhoneNumberType> {
    Set(
      PhoneNumberType.allCases.filter { type in
        type != .fixedLineOrMobile && type != .unknown
          && metadata.description(NumberDescription.Kind(type)) != nil
      })
  }

  /// A valid fixed-line number of `region`, nil for an unsupported region
  /// or `001` (see ``exampleNumber(forNonGeographicCountryCode:)``).
  ///
  ///     PhoneMetadata.exampleNumber(for: .ch)?.formatted(.e164)  // "+41212345678"
  public static func exampleNumber(for region: RegionCode) -> PhoneNumber? {
    exampleNumber(for: region, type: .fixedLine)
  }

  /// A number of `region` that is not valid but parses with its country
  /// code (for tests of the invalid case): its fixed-line example, cut
  /// short until invalid. It may be a valid short number. Nil for an
  /// unsupported region or `001`.
  ///
  ///     PhoneMetadata.invalidExampleNumber(for: .gb)?.isValid  // false
  public static func invalidExampleNumber(for region: RegionCode) -> PhoneNumber? {
    guard region != .nonGeographic, let metadata = PhoneMetadataStore.shared.metadata(for: region),
      let example = metadata.description(.fixedLine)?.exampleNumber
    else { return nil }
    var length = example.count - 1
    while length >= PhoneNumberParser.minimumNationalNumberLength {
      if let number = try? PhoneNumber(String(example.prefix(length)), region: region), !number.isValid {
        return number
      }
      length -= 1
    }
    return nil
  }

  /// An example number of `type` from any region, nil when no region or
  /// entity has one. The regions are tried A to Z, then the non-geographic
  /// entities. (libphonenumber's pick among them follows its set order,
  /// so it may name another region's example.)
  ///
  ///     PhoneMetadata.exampleNumber(ofType: .pager)?.formatted(.e164)  // "+12684061234" (Antigua)
  public static func exampleNumber(ofType type: PhoneNumberType) -> PhoneNumber? {
    for region in supportedRegions {
      if let number = exampleNumber(for: region, type: type) { return number }
    }
    let kind = NumberDescription.Kind(type)
    for countryCode in nonGeographicCountryCodes {
      if let example = PhoneMetadataStore.shared.nonGeographicMetadata(countryCode: countryCode)?.description(
        kind)?
        .exampleNumber, let number = try? PhoneNumber("+\(countryCode)" + example)
      {
        return number
      }
    }
    return nil
  }
}
