/// Short numbers — emergency numbers, service codes and short codes such as
/// 112, 911, 116 000 or 33 3 — as libphonenumber's `ShortNumberInfo` sees
/// them (short-number metadata of libphonenumber 9.0.43).
///
/// `PhoneNumber` validity is about numbers diallable from anywhere, so
/// `try PhoneNumber("112", region: .de).isValid` is `false` by design; the
/// calls here answer for the region the number is dialled in.
///
///     let number = try PhoneNumber("112", region: .de)
///     ShortNumbers.isValid(number, in: .de)                 // true
///     ShortNumbers.expectedCost(of: number, in: .de)        // .tollFree
///     ShortNumbers.isEmergencyNumber("112", in: .de)        // true
///     ShortNumbers.connectsToEmergencyNumber("1123", in: .de)  // true (extra digits after 112)
///     ShortNumbers.exampleNumber(for: .fr)                  // "15"
public enum ShortNumbers {
  private static var store: ShortNumberMetadataStore { .shared }

  /// The regions with short-number metadata, A to Z.
  ///
  ///     ShortNumbers.supportedRegions.contains(.de)  // true
  public static var supportedRegions: [RegionCode] { store.regionCodes }

  /// Whether the number's country code is that of `region` (short numbers
  /// are dialled only within their region).
  ///
  /// Every region with short-number metadata has main metadata, so this is
  /// libphonenumber's check that the region is among the country code's.
  private static func countryCodeMatches(_ number: PhoneNumber, _ region: RegionCode) -> Bool {
    PhoneMetadataStore.shared.countryCode(for: region) == number.countryCode
  }

  /// Whether the number has a length a short number dialled in `region`
  /// can have (lengths only; more lenient than ``isValid(_:in:)``).
  ///
  ///     ShortNumbers.isPossible(try PhoneNumber("123456", region: .fr), in: .fr)  // true
  public static func isPossible(_ number: PhoneNumber, in region: RegionCode) -> Bool {
    guard countryCodeMatches(number, region), let metadata = store.metadata(for: region) else { return false }
    return metadata.isPossibleLength(number.nationalDigits.count)
  }

  /// Whether the number has a possible short-number length in any region
  /// of its country code.
  ///
  ///     ShortNumbers.isPossible(try PhoneNumber("+33 1234"))  // true
  public static func isPossible(_ number: PhoneNumber) -> Bool {
    let length = number.nationalDigits.count
    return PhoneMetadataStore.shared.regions(countryCode: number.countryCode).contains { region in
      store.metadata(for: region)?.isPossibleLength(length) ?? false
    }
  }

  /// Whether the number matches a short number (any service, emergency or
  /// short code) of `region`, where it is dialled.
  ///
  ///     ShortNumbers.isValid(try PhoneNumber("1010", region: .fr), in: .fr)  // true
  public static func isValid(_ number: PhoneNumber, in region: RegionCode) -> Bool {
    guard countryCodeMatches(number, region), let metadata = store.metadata(for: region) else { return false }
    return number.withNationalDigits { digits in
      metadata.matches(digits, .general) && metadata.matches(digits, .shortCode)
    }
  }

  /// Whether the number is a valid short number in a region of its country
  /// code (the first whose short codes it matches, for a shared code).
  ///
  ///     ShortNumbers.isValid(try PhoneNumber("+33 1010"))  // true
  public static func isValid(_ number: PhoneNumber) -> Bool {
    let regions = PhoneMetadataStore.shared.regions(countryCode: number.countryCode)
    guard let region = region(of: number, among: regions) else { return false }
    return regions.count > 1 || isValid(number, in: region)
  }

  /// libphonenumber's `getRegionCodeForShortNumberFromRegionList`: the only
  /// region, or the first whose short codes the number matches.
  private static func region(of number: PhoneNumber, among regions: [RegionCode]) -> RegionCode? {
    guard regions.count > 1 else { return regions.first }
    return number.withNationalDigits { digits in
      regions.first { region in store.metadata(for: region)?.matches(digits, .shortCode) ?? false }
    }
  }

  /// What calling the number in `region` is expected to cost. Says nothing
  /// about validity (an invalid number may fall in any category); an
  /// emergency number is toll free.
  ///
  ///     ShortNumbers.expectedCost(of: try PhoneNumber("116000", region: .fr), in: .fr)  // .tollFree
  ///     ShortNumbers.expectedCost(of: try PhoneNumber("3665", region: .fr), in: .fr)    // .premiumRate
  public static func expectedCost(of number: PhoneNumber, in region: RegionCode) -> ShortNumberCost {
    guard countryCodeMatches(number, region), let metadata = store.metadata(for: region) else {
      return .unknown
    }
    return number.withNationalDigits { digits in
      guard metadata.isPossibleLength(digits.count) else { return .unknown }
      if metadata.matches(digits, .premiumRate) { return .premiumRate }
      if metadata.matches(digits, .standardRate) { return .standardRate }
      if metadata.matches(digits, .tollFree) { return .tollFree }
      if metadata.description(.emergency)?.pattern?.matchesEntirely(digits) == true { return .tollFree }
      return .unknown
    }
  }

  /// The expected cost in the regions of the number's country code: for a
  /// shared code the highest in the order premium rate, unknown, standard
  /// rate, toll free (unknown ranks above standard: it may be premium).
  /// Prefer ``expectedCost(of:in:)`` when the region dialled from is known.
  ///
  ///     ShortNumbers.expectedCost(of: try PhoneNumber("+33 3665"))  // .premiumRate (+1 911: .unknown, by one NANPA region)
  public static func expectedCost(of number: PhoneNumber) -> ShortNumberCost {
    let regions = PhoneMetadataStore.shared.regions(countryCode: number.countryCode)
    guard let first = regions.first else { return .unknown }
    guard regions.count > 1 else { return expectedCost(of: number, in: first) }
    var cost = ShortNumberCost.tollFree
    for region in regions {
      switch expectedCost(of: number, in: region) {
      case .premiumRate: return .premiumRate
      case .unknown: return .unknown
      case .standardRate: cost = .standardRate
      case .tollFree: break
      }
    }
    return cost
  }

  /// Whether the text, exactly as dialled in `region`, is one of the
  /// region's emergency numbers (formatting allowed, extra digits not).
  /// Text starting with `+` never is. Implies
  /// ``connectsToEmergencyNumber(_:in:)``.
  ///
  ///     ShortNumbers.isEmergencyNumber("1-1-2", in: .de)  // true
  ///     ShortNumbers.isEmergencyNumber("+112", in: .de)   // false
  public static func isEmergencyNumber(_ text: String, in region: RegionCode) -> Bool {
    matchesEmergencyNumber(text, region: region, allowingExtraDigits: false)
  }

  /// Whether dialling the text in `region` may reach an emergency service:
  /// an emergency number, or one followed by more digits (many networks
  /// connect `1120` as `112`) — except in Brazil, Chile and Nicaragua,
  /// where only the exact number connects.
  ///
  ///     ShortNumbers.connectsToEmergencyNumber("9116", in: .us)  // true
  ///     ShortNumbers.connectsToEmergencyNumber("1900", in: .br)  // false (190 is, exactly)
  public static func connectsToEmergencyNumber(_ text: String, in region: RegionCode) -> Bool {
    matchesEmergencyNumber(text, region: region, allowingExtraDigits: true)
  }

  /// The regions whose emergency numbers connect only when dialled exactly.
  private static let exactEmergencyRegions: Set<RegionCode> = ["BR", "CL", "NI"]

  private static func matchesEmergencyNumber(_ text: String, region: RegionCode, allowingExtraDigits: Bool)
    -> Bool
  {
    guard let pattern = store.metadata(for: region)?.description(.emergency)?.pattern else { return false }
    let count = text.unicodeScalars.count
    return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: max(count, 1)) { scalars in
      _ = scalars.initialize(fromContentsOf: text.unicodeScalars)
      let number = PhoneNumberText.possibleNumber(in: UnsafeBufferPointer(rebasing: scalars[..<count])[...])
      if let first = number.first, PhoneCharacters.isPlus(first) { return false }
      // Digits only: letters and everything else are dropped.
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(number.count, 1)) { digits in
        let length = digits.initialize(
          fromContentsOf: number.lazy.compactMap(PhoneCharacters.digitValue).map { 0x30 + $0 })
        let typed = UnsafeBufferPointer(rebasing: digits[..<length])
        if allowingExtraDigits && !exactEmergencyRegions.contains(region) {
          return pattern.matchesPrefix(typed)
        }
        return pattern.matchesEntirely(typed)
      }
    }
  }

  /// Whether the number, assumed a valid short number, is carrier-specific
  /// in `region`: it may reach another service, or none, depending on the
  /// caller's carrier. False when the country code is not the region's.
  ///
  ///     ShortNumbers.isCarrierSpecific(try PhoneNumber("33669", region: .us), in: .us)  // true
  public static func isCarrierSpecific(_ number: PhoneNumber, in region: RegionCode) -> Bool {
    guard countryCodeMatches(number, region), let metadata = store.metadata(for: region) else { return false }
    return number.withNationalDigits { metadata.matches($0, .carrierSpecific) }
  }

  /// Whether the number, assumed a valid short number, is carrier-specific
  /// in the region of its country code it belongs to.
  ///
  ///     ShortNumbers.isCarrierSpecific(try PhoneNumber("+1 33669"))  // true
  public static func isCarrierSpecific(_ number: PhoneNumber) -> Bool {
    let regions = PhoneMetadataStore.shared.regions(countryCode: number.countryCode)
    guard let metadata = store.metadata(for: region(of: number, among: regions)) else { return false }
    return number.withNationalDigits { metadata.matches($0, .carrierSpecific) }
  }

  /// Whether the number, assumed a valid short number, is mainly for
  /// sending or receiving text messages (SMS or MMS) in `region`. False
  /// when the country code is not the region's.
  ///
  ///     ShortNumbers.isSMSService(try PhoneNumber("3330", region: .de), in: .de)  // true
  public static func isSMSService(_ number: PhoneNumber, in region: RegionCode) -> Bool {
    guard countryCodeMatches(number, region), let metadata = store.metadata(for: region) else { return false }
    return number.withNationalDigits { metadata.matches($0, .smsServices) }
  }

  /// A valid short number of `region` from the tables, nil when there is
  /// none.
  ///
  ///     ShortNumbers.exampleNumber(for: .de)  // "110"
  public static func exampleNumber(for region: RegionCode) -> String? {
    store.metadata(for: region)?.description(.shortCode)?.exampleNumber
  }

  /// A short number of `region` with the given cost, nil when the tables
  /// have none (always for `.unknown`).
  ///
  ///     ShortNumbers.exampleNumber(for: .fr, cost: .premiumRate)  // "1000"
  public static func exampleNumber(for region: RegionCode, cost: ShortNumberCost) -> String? {
    let kind: ShortNumberMetadata.Kind
    switch cost {
    case .tollFree: kind = .tollFree
    case .standardRate: kind = .standardRate
    case .premiumRate: kind = .premiumRate
    case .unknown: return nil
    }
    return store.metadata(for: region)?.description(kind)?.exampleNumber
  }
}
