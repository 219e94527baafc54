/// How the country code of a parsed number was written:
/// libphonenumber's `CountryCodeSource`.
///
///     try ParsedPhoneNumber("+44 20 7946 0958", region: .us).countryCodeSource  // .fromNumberWithPlusSign
///     try ParsedPhoneNumber("011 44 20 7946 0958", region: .us).countryCodeSource  // .fromNumberWithIDD
///     try ParsedPhoneNumber("44 20 7946 0958", region: .gb).countryCodeSource  // .fromNumberWithoutPlusSign
///     try ParsedPhoneNumber("020 7946 0958", region: .gb).countryCodeSource  // .fromDefaultCountry
///
/// The raw values are stable snake_case names.
public enum CountryCodeSource: String, Sendable, Hashable, CaseIterable {
  /// After a `+` (`+44 20 ...`).
  case fromNumberWithPlusSign = "from_number_with_plus_sign"
  /// After the default region's international prefix (`011 44 ...` in the US).
  case fromNumberWithIDD = "from_number_with_idd"
  /// The default region's own code, written without `+` (`44 20 ...` in GB).
  case fromNumberWithoutPlusSign = "from_number_without_plus_sign"
  /// Not written: the default region's.
  case fromDefaultCountry = "from_default_country"
}

#if !hasFeature(Embedded)
  extension CountryCodeSource: Codable {}
#endif
