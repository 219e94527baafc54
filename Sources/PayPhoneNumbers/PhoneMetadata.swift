internal import PayPhoneText

/// What the numbering-plan tables know about regions and country codes
/// (libphonenumber 9.0.43 metadata, compiled into the library).
///
///     PhoneMetadata.countryCode(for: .ch)         // 41
///     PhoneMetadata.regions(forCountryCode: 7)    // ["RU", "KZ"]
///     PhoneMetadata.exampleNumber(for: .gb, type: .mobile)?.formatted(.e164)  // "+447400123456"
///     PhoneMetadata.displayName(of: "US", locale: "ja")  // "アメリカ合衆国"
///     PhoneMetadata.flag(of: "CH")                // "🇨🇭"
public enum PhoneMetadata {
  private static var store: PhoneMetadataStore { .shared }

  /// The 245 regions with metadata, A to Z.
  public static var supportedRegions: [RegionCode] { store.regionCodes }

  /// The country codes of the non-geographic entities (+800, +808, ...).
  public static var nonGeographicCountryCodes: [Int] { store.nonGeographicCountryCodes }

  /// The country code of a supported region, nil otherwise.
  public static func countryCode(for region: RegionCode) -> Int? {
    store.countryCode(for: region)
  }

  /// The regions sharing a country code, main country first; `["001"]` for
  /// a non-geographic entity; empty for an unassigned code.
  public static func regions(forCountryCode countryCode: Int) -> [RegionCode] {
    store.regions(countryCode: countryCode)
  }

  /// The table's example number of a region and type, nil when the region
  /// has none of that type. `.unknown` asks for the general example
  /// (libphonenumber has none), `.fixedLineOrMobile` the fixed-line one.
  public static func exampleNumber(for region: RegionCode, type: PhoneNumberType) -> PhoneNumber? {
    guard region != .nonGeographic, let metadata = store.metadata(for: region),
      let example = metadata.description(NumberDescription.Kind(type))?.exampleNumber
    else { return nil }
    return try? PhoneNumber(example, region: region)
  }

  /// An example number of a non-geographic entity (the first of its
  /// mobile, toll-free, shared-cost, VoIP, voicemail, UAN and premium-rate
  /// examples), as libphonenumber picks it.
  public static func exampleNumber(forNonGeographicCountryCode countryCode: Int) -> PhoneNumber? {
    guard let metadata = store.nonGeographicMetadata(countryCode: countryCode) else { return nil }
    let kinds: [NumberDescription.Kind] = [
      .mobile, .tollFree, .sharedCost, .voip, .voicemail, .uan, .premiumRate,
    ]
    for kind in kinds {
      if let example = metadata.description(kind)?.exampleNumber,
        let number = try? PhoneNumber("+\(countryCode)" + example, region: nil)
      {
        return number
      }
    }
    return nil
  }

  /// The lengths of national numbers of `type` in `region`: the full ones
  /// and those dialable only locally. Empty when the region has no such
  /// numbers.
  ///
  ///     PhoneMetadata.possibleLengths(for: .gb).national    // [7, 9, 10]
  ///     PhoneMetadata.possibleLengths(for: .gb).localOnly   // [4, 5, 6, 8]
  public static func possibleLengths(
    for region: RegionCode, type: PhoneNumberType = .unknown
  ) -> PossibleLengths {
    let metadata = region == .nonGeographic ? nil : store.metadata(for: region)
    guard let metadata, let description = metadata.description(NumberDescription.Kind(type)),
      description.hasPossibleNumberData
    else { return PossibleLengths(national: [], localOnly: []) }
    let national =
      description.possibleLengths.isEmpty
      ? (metadata.generalDescription?.possibleLengths ?? []) : description.possibleLengths
    return PossibleLengths(national: national, localOnly: description.localOnlyLengths)
  }

  /// The national-number lengths ``possibleLengths(for:type:)`` answers.
  ///
  ///     let lengths = PhoneMetadata.possibleLengths(for: .us, type: .fixedLine)
  ///     lengths.national   // [10]
  ///     lengths.localOnly  // [7]
  public struct PossibleLengths: Sendable, Hashable {
    /// The lengths of full national numbers, ascending.
    public let national: [Int]
    /// The lengths of numbers dialable only inside an area, ascending.
    public let localOnly: [Int]

    /// Lengths as given.
    ///
    ///     PhoneMetadata.PossibleLengths(national: [10], localOnly: [7]).national  // [10]
    public init(national: [Int], localOnly: [Int]) {
      self.national = national
      self.localOnly = localOnly
    }
  }

  /// Whether a mobile number keeps its number when moving operator there.
  public static func isMobileNumberPortable(_ region: RegionCode) -> Bool {
    store.metadata(for: region)?.isMobileNumberPortable ?? false
  }

  /// The region's name in `locale` (`en`, `ja`, `pt_BR`, ...), from ICU's
  /// locale data; nil for `001` and for codes ICU does not know, and
  /// always nil in a build without the `ICU` trait (which carries no
  /// locale data).
  public static func displayName(of region: RegionCode, locale: String = "en") -> String? {
    guard region != .nonGeographic else { return nil }
    return RegionNames.name(of: region.rawValue, locale: locale)
  }

  /// The region's flag emoji (two regional-indicator symbols); nil for
  /// `001`.
  public static func flag(of region: RegionCode) -> String? {
    guard let letters = region.letters else { return nil }
    var flag = String.UnicodeScalarView()
    for letter in [letters.first, letters.second] {
      guard let indicator = Unicode.Scalar(0x1F1E6 + UInt32(letter) - 0x41) else { return nil }
      flag.append(indicator)
    }
    return String(flag)
  }
}

extension PhoneMetadata {
  /// Loads and compiles every region's tables now instead of on first use,
  /// so a server pays the cost at start-up rather than on a request.
  public static func loadAll() {
    _ = store.allMetadata()
  }

  /// Whether `nationalNumber` (ASCII digits, no national prefix) is a
  /// number of `type` in `region`: its length is one of the type's and it
  /// matches the type's pattern.
  ///
  ///     PhoneMetadata.isNationalNumber("7400123456", ofType: .mobile, in: .gb)  // true
  ///
  /// - Complexity: one pass over the digits per pattern checked.
  public static func isNationalNumber(
    _ nationalNumber: String, ofType type: PhoneNumberType, in region: RegionCode
  )
    -> Bool
  {
    guard let metadata = store.metadata(for: region) else { return false }
    var digits = nationalNumber
    return digits.withUTF8 { buffer in
      switch type {
      case .fixedLineOrMobile:
        return metadata.description(.fixedLine)?.matches(buffer) == true
          && metadata.description(.mobile)?.matches(buffer) == true
      case .unknown:
        return metadata.numberType(buffer) == .unknown
      default:
        return metadata.description(NumberDescription.Kind(type))?.matches(buffer) == true
      }
    }
  }
}

#if !hasFeature(Embedded)
  extension PhoneMetadata.PossibleLengths: Codable {}
#endif
