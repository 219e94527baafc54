/// How a number is dialled: from another country, from a mobile phone,
/// from abroad, and what to do with one that is too long. libphonenumber's
/// `formatOutOfCountryCallingNumber`, `formatNumberForMobileDialing`,
/// `canBeInternationallyDialled` and `truncateTooLongNumber`.
extension PhoneNumber {
  /// How to dial the number from `region`: libphonenumber's out-of-country
  /// calling format. Within the same country (or NANPA) the national form,
  /// otherwise the caller's international prefix (`00 44 20 7946 0958`
  /// from Germany, `011 44 ...` from the US), or `+` when the caller's
  /// prefix is not a single one.
  ///
  ///     try PhoneNumber("+44 20 7946 0958").formattedForCalling(from: .us)
  ///     // "011 44 20 7946 0958"
  public func formattedForCalling(from region: RegionCode) -> String {
    formattedForCalling(from: region, format: { formatted($0) })
  }

  /// ``formattedForCalling(from:)``, with the national and international
  /// formats it may answer with taken from `format`.
  func formattedForCalling(from region: RegionCode, format: (PhoneNumberFormat) -> String) -> String {
    let store = PhoneMetadataStore.shared
    guard let callerMetadata = store.metadata(for: region) else { return format(.international) }
    guard store.isKnownCountryCode(countryCode) else { return nationalNumber }
    if countryCode == 1 {
      if callerMetadata.countryCode == 1 { return "1 " + format(.national) }
    } else if countryCode == callerMetadata.countryCode {
      return format(.national)
    }
    var prefix = ""
    if let preferred = callerMetadata.preferredInternationalPrefix {
      prefix = preferred
    } else if let idd = callerMetadata.internationalPrefix?.source, Self.isSingleInternationalPrefix(idd) {
      prefix = idd
    }
    guard let number = formatted(.international, withCountryCode: false) else { return nationalNumber }
    return prefix.isEmpty ? "+\(countryCode) " + number : "\(prefix) \(countryCode) " + number
  }

  /// `\d+` optionally followed by a wait-for-tone mark and more digits
  /// (`8~10`): an IDD pattern that is one literal prefix.
  static func isSingleInternationalPrefix(_ pattern: String) -> Bool {
    let parts = pattern.unicodeScalars.split(
      omittingEmptySubsequences: false,
      whereSeparator: { "~\u{2053}\u{223C}\u{FF5E}".unicodeScalars.contains($0) })
    guard parts.count <= 2 else { return false }
    return parts.allSatisfy { part in
      !part.isEmpty && part.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 }
    }
  }

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
