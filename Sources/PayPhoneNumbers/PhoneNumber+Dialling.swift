/// How a number is dialled: from a mobile phone, from abroad, and what to
/// do with one that is too long. libphonenumber's
/// `formatNumberForMobileDialing`, `canBeInternationallyDialled` and
/// `truncateTooLongNumber`.
extension PhoneNumber {
  /// The number as a mobile phone in `region` dials it: the national or
  /// international format (spaces and dashes kept when `withFormatting`,
  /// else only the diallable characters `0-9 + * #`); empty when it cannot
  /// be dialled from there (a number that only works within its country,
  /// or a Brazilian number called within Brazil without a carrier code).
  /// The extension is left out.
  ///
  ///     let number = try PhoneNumber("+44 20 7946 0958")
  ///     number.formattedForMobileDialing(from: .gb, withFormatting: true)   // "020 7946 0958"
  ///     number.formattedForMobileDialing(from: .us, withFormatting: false)  // "+442079460958"
  public func formattedForMobileDialing(from region: RegionCode, withFormatting: Bool) -> String {
    Self.mobileDialing(
      self, from: region, withFormatting: withFormatting, rawInput: nil, carrierCode: nil,
      format: { $0.formatted($1) })
  }

  /// libphonenumber's `formatNumberForMobileDialing`, for a number parsed
  /// with or without its raw input: `format` is `formatNumber` over it.
  static func mobileDialing(
    _ number: PhoneNumber, from region: RegionCode, withFormatting: Bool, rawInput: String?,
    carrierCode: String?, format: (PhoneNumber, PhoneNumberFormat) -> String
  ) -> String {
    let store = PhoneMetadataStore.shared
    guard store.isKnownCountryCode(number.countryCode) else { return rawInput ?? "" }
    let bare = PhoneNumber(
      uncheckedCountryCode: number.countryCode, nationalDigits: number.nationalDigits,
      extensionDigits: NumberDigits())
    let numberRegion = store.mainRegion(countryCode: number.countryCode)
    let type = bare.type
    var formatted = ""
    if region == numberRegion {
      let isFixedLineOrMobile = type == .fixedLine || type == .mobile || type == .fixedLineOrMobile
      if numberRegion == .br && isFixedLineOrMobile {
        // Brazil's carriers connect such calls only with a carrier code.
        if let carrierCode, !carrierCode.isEmpty {
          formatted = bare.formattedNational(carrierCode: carrierCode)
        }
      } else if number.countryCode == 1 {
        let isShort = store.metadata(for: region)?.lengthCheck(bare.nationalDigits.count) == .tooShort
        formatted = format(bare, bare.canBeInternationallyDialled && !isShort ? .international : .national)
      } else {
        let dialsInternationally =
          numberRegion == .nonGeographic
          || ([RegionCode.mx, "CL", "UZ"].contains(numberRegion) && isFixedLineOrMobile)
        formatted = format(
          bare, dialsInternationally && bare.canBeInternationallyDialled ? .international : .national)
      }
    } else if type != .unknown && bare.canBeInternationallyDialled {
      return format(bare, withFormatting ? .international : .e164)
    }
    return withFormatting ? formatted : Self.normalizingDiallableCharacters(formatted)
  }

  /// Whether the number can be dialled from outside its region: false for
  /// the numbers the region reserves for calls from within (many toll-free
  /// ranges). Numbers of non-geographic entities always can.
  ///
  ///     try PhoneNumber("+61 1800 123 456").canBeInternationallyDialled  // false
  ///     try PhoneNumber("+61 2 1234 5678").canBeInternationallyDialled   // true
  public var canBeInternationallyDialled: Bool {
    guard let region, region != .nonGeographic, let metadata = PhoneMetadataStore.shared.metadata(for: region)
    else { return true }
    return !withNationalDigits { metadata.description(.noInternationalDialling)?.matches($0) ?? false }
  }

  /// The number itself when valid; else the longest valid number made by
  /// dropping digits from the end of the national number, nil when there
  /// is none before the number gets too short. The extension is kept.
  ///
  ///     try PhoneNumber("+44 20 7946 0958 12").truncatedToValidNumber()?.formatted(.e164)
  ///     // "+442079460958"
  public func truncatedToValidNumber() -> PhoneNumber? {
    if isValid { return self }
    var digits = nationalNumber
    while !digits.isEmpty {
      digits.removeLast()
      let candidate = PhoneNumber(
        uncheckedCountryCode: countryCode, nationalDigits: NumberDigits(digits),
        extensionDigits: extensionDigits)
      if candidate.possibility == .tooShort || digits.utf8.allSatisfy({ $0 == UInt8(ascii: "0") }) {
        return nil
      }
      if candidate.isValid { return candidate }
    }
    return nil
  }
}
