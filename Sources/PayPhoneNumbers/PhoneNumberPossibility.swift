/// Whether a number's length is possible, and if not, why: libphonenumber's
/// `ValidationResult`.
public enum PhoneNumberPossibility: String, Sendable, Hashable, CaseIterable {
  /// The length fits a full number.
  case possible = "is_possible"
  /// The length fits only a number dialled within its area (no area code).
  case possibleLocalOnly = "is_possible_local_only"
  /// The country code is not assigned.
  case invalidCountryCode = "invalid_country_code"
  /// Shorter than any number of the region.
  case tooShort = "too_short"
  /// Between the region's lengths, matching none.
  case invalidLength = "invalid_length"
  /// Longer than any number of the region.
  case tooLong = "too_long"

  /// Whether this counts as possible (`possible` or `possibleLocalOnly`).
  public var isPossible: Bool { self == .possible || self == .possibleLocalOnly }
}

#if !hasFeature(Embedded)
  extension PhoneNumberPossibility: Codable {}
#endif
