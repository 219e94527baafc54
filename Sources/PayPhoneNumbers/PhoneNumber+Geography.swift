/// Where a number's area code ends, and whether it belongs to a place:
/// libphonenumber's `getLengthOfGeographicalAreaCode`,
/// `getLengthOfNationalDestinationCode` and `isNumberGeographical`.
extension PhoneNumber {
  /// Whether the number belongs to a place within its country: fixed-line
  /// numbers, and mobile numbers where they carry an area code (Argentina,
  /// Brazil, China, Indonesia, Mexico).
  ///
  ///     try PhoneNumber("+44 20 7946 0958").isGeographical   // true
  ///     try PhoneNumber("+44 7400 123456").isGeographical    // false
  public var isGeographical: Bool {
    PhoneMetadata.isGeographical(type, countryCode: countryCode)
  }

  /// The length of the geographical area code at the start of the national
  /// number, 0 when it has none (non-geographic numbers, closed numbering
  /// plans without a national prefix, Chinese mobiles).
  ///
  ///     let number = try PhoneNumber("+1 650 253 0000")
  ///     number.geographicalAreaCodeLength  // 3: "650"
  ///
  /// Area codes change over time; prefer the whole national number where you can.
  public var geographicalAreaCodeLength: Int {
    guard let region, region != .nonGeographic, let metadata = PhoneMetadataStore.shared.metadata(for: region)
    else { return 0 }
    // Without a national prefix (and no leading zero), a closed plan
    // without area codes, except Mexico.
    if metadata.nationalPrefix == nil && !nationalNumber.hasPrefix("0") && countryCode != 52 { return 0 }
    if type == .mobile && countryCode == 86 { return 0 }
    guard isGeographical else { return 0 }
    return nationalDestinationCodeLength
  }

  /// The length of the national destination code: the first group of the
  /// international format when another group follows (with Argentina's
  /// mobile token 9 counted in), 0 when there is none.
  ///
  ///     try PhoneNumber("+1 800 253 0000").nationalDestinationCodeLength  // 3
  ///     try PhoneNumber("+54 9 11 1234 5678").nationalDestinationCodeLength  // 3: "911"
  public var nationalDestinationCodeLength: Int {
    let international = PhoneNumber(
      uncheckedCountryCode: countryCode, nationalDigits: nationalDigits, extensionDigits: NumberDigits()
    ).formatted(.international)
    // The digit runs after the `+` (libphonenumber splits the format on
    // non-digit runs; every layout ends with a group).
    let groups = Array(international.utf8).split(whereSeparator: { $0 &- 0x30 >= 10 }).map { $0.count }
    guard groups.count > 2 else { return 0 }
    if type == .mobile && countryCode == 54 { return groups[1] + groups[2] }
    return groups[1]
  }
}

extension PhoneMetadata {
  /// Whether numbers of `type` with `countryCode` belong to a place:
  /// ``PhoneNumber/isGeographical`` for a type already known.
  ///
  ///     PhoneMetadata.isGeographical(.mobile, countryCode: 55)  // true
  ///     PhoneMetadata.isGeographical(.mobile, countryCode: 44)  // false
  public static func isGeographical(_ type: PhoneNumberType, countryCode: Int) -> Bool {
    type == .fixedLine || type == .fixedLineOrMobile
      || (type == .mobile && [52, 54, 55, 62, 86].contains(countryCode))
  }
}
