/// How far two phone numbers are the same: libphonenumber's `MatchType`.
/// Raw values are the CLI contract's codes.
///
///     let number = try PhoneNumber("+44 20 7946 0958")
///     number.match("020 7946 0958")           // .nationalSignificantNumber
///     number.match("020 7946 0958").rawValue  // "nsn_match"
///     number.match("+44 20 7946 0958")        // .exact
public enum PhoneNumberMatchType: String, Sendable, Hashable, CaseIterable {
  /// The same country code, national number (Italy's leading zero
  /// included) and extension.
  case exact = "exact_match"
  /// The same national number and extension; at least one of the two has
  /// no country code of its own (it was written without one).
  case nationalSignificantNumber = "nsn_match"
  /// One national number ends with the other (`+1 345 657 1234` and
  /// `657 1234`), or they are the same and only one has an extension.
  case shortNationalSignificantNumber = "short_nsn_match"
  /// Different numbers.
  case noMatch = "no_match"
  /// One of the texts is not a phone number.
  case notANumber = "not_a_number"

  /// Whether the numbers match in some way (exact, NSN or short NSN).
  ///
  ///     PhoneNumberMatchType.shortNationalSignificantNumber.isMatch  // true
  public var isMatch: Bool {
    self == .exact || self == .nationalSignificantNumber || self == .shortNationalSignificantNumber
  }
}

#if !hasFeature(Embedded)
  extension PhoneNumberMatchType: Codable {}
#endif
