/// Validity, possibility, type and region: libphonenumber's answers.
extension PhoneNumber {
  private var store: PhoneMetadataStore { .shared }

  /// Runs `body` over the national number's ASCII digits.
  func withNationalDigits<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var digits = nationalNumber
    return digits.withUTF8(body)
  }

  /// The region the number belongs to: for calling codes shared by several
  /// regions (+1, +7, +44, +262, ...) the one whose leading digits or
  /// number patterns it matches; `001` for non-geographic entities; nil
  /// when the code is unknown or no sharing region claims the number.
  ///
  ///     try PhoneNumber("+1 416 555 0123").region  // "CA"
  public var region: RegionCode? {
    let regions = store.regions(callingCode: countryCode)
    guard regions.count > 1 else { return regions.first }
    return withNationalDigits { digits in
      regions.first { candidate in
        guard let metadata = store.metadata(for: candidate) else { return false }
        if let leadingDigits = metadata.leadingDigits { return leadingDigits.matchesPrefix(digits) }
        return metadata.numberType(digits) != .unknown
      }
    }
  }

  /// The metadata of the number's own region, as libphonenumber picks it.
  private var regionMetadata: RegionMetadata? {
    store.metadata(callingCode: countryCode, region: region)
  }

  /// Whether the number is valid: it belongs to a region and matches one of
  /// that region's number types, length included.
  ///
  ///     try PhoneNumber("+44 20 7946 0958").isValid  // true
  ///     try PhoneNumber("+44 20 7946 095").isValid   // false
  public var isValid: Bool {
    guard let region, let metadata = store.metadata(callingCode: countryCode, region: region) else {
      return false
    }
    if region != .nonGeographic && store.callingCode(for: region) != countryCode { return false }
    return withNationalDigits { metadata.numberType($0) != .unknown }
  }

  /// Whether the number is valid for `region` in particular.
  public func isValid(for region: RegionCode) -> Bool {
    guard let metadata = store.metadata(callingCode: countryCode, region: region) else { return false }
    if region != .nonGeographic && store.callingCode(for: region) != countryCode { return false }
    return withNationalDigits { metadata.numberType($0) != .unknown }
  }

  /// The number's type (`.unknown` when it matches none of its region's).
  ///
  ///     try PhoneNumber("+44 7400 123456").type  // .mobile
  public var type: PhoneNumberType {
    guard let metadata = regionMetadata else { return .unknown }
    return withNationalDigits { metadata.numberType($0) }
  }

  /// Whether the length is possible for the calling code, and if not, why.
  /// Lengths only: no digit patterns are checked. Shared calling codes use
  /// the main region's lengths, as libphonenumber does.
  public var possibility: PhoneNumberPossibility {
    possibility(for: .unknown)
  }

  /// The possibility of the number as a number of `type`.
  public func possibility(for type: PhoneNumberType) -> PhoneNumberPossibility {
    guard store.isKnownCallingCode(countryCode),
      let metadata = store.metadata(
        callingCode: countryCode, region: store.mainRegion(callingCode: countryCode))
    else { return .invalidCountryCode }
    return metadata.lengthCheck(nationalNumber.utf8.count, type: type)
  }

  /// `possibility.isPossible`.
  public var isPossible: Bool { possibility.isPossible }
}
