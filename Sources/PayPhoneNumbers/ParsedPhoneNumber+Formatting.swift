internal import PayPhoneText

/// Formats that keep how the number was typed: libphonenumber's
/// `formatInOriginalFormat`, `formatOutOfCountryKeepingAlphaChars`, and
/// the carrier-code and mobile-dialling formats with the parsed carrier code.
extension ParsedPhoneNumber {
  /// The number in the format it was typed in: international after a `+`,
  /// with `region`'s international prefix after an IDD, national (with or
  /// without the national prefix, as typed) otherwise. The text as typed
  /// when the region has no format for the number, or when formatting
  /// would add, drop or change a diallable character. (For a number parsed
  /// without its text, libphonenumber answers `formatted(.national)`.)
  ///
  ///     try ParsedPhoneNumber("+442079460958", region: .gb).formattedInOriginalFormat(from: .gb)
  ///     // "+44 20 7946 0958"
  ///     try ParsedPhoneNumber("2079460958", region: .gb).formattedInOriginalFormat(from: .gb)
  ///     // "20 7946 0958"
  public func formattedInOriginalFormat(from region: RegionCode) -> String {
    let raw = foldedInput
    guard let metadata = PhoneMetadataStore.shared.mainMetadata(countryCode: number.countryCode),
      let rule = number.withNationalDigits({ metadata.chooseFormat(for: .national, $0) })
    else { return raw }
    let formatted = originalFormatAllowingChanges(from: region, rule: rule, metadata: metadata)
    if PhoneNumber.normalizingDiallableCharacters(formatted)
      != PhoneNumber.normalizingDiallableCharacters(raw)
    {
      return raw
    }
    return formatted
  }

  private func originalFormatAllowingChanges(
    from region: RegionCode, rule: NumberFormat, metadata: RegionMetadata
  )
    -> String
  {
    switch countryCodeSource {
    case .fromNumberWithPlusSign: return formatted(.international)
    case .fromNumberWithIDD: return formattedForCalling(from: region)
    case .fromNumberWithoutPlusSign: return String(formatted(.international).dropFirst())
    case .fromDefaultCountry: break
    }
    let national = formatted(.national)
    let numberRegion = PhoneMetadataStore.shared.mainRegion(countryCode: number.countryCode)
    guard let numberRegion,
      let nationalPrefix = PhoneMetadata.nationalPrefix(for: numberRegion, strippingNonDigits: true)
    else { return national }
    if rawInputHasNationalPrefix(nationalPrefix, region: numberRegion) { return national }
    // The rule writes no national prefix before the first group: the
    // national format is as typed.
    guard let prefixRule = rule.nationalPrefixFormattingRule,
      let firstGroup = prefixRule.firstRange(ofText: "$1"),
      firstGroup.lowerBound > prefixRule.startIndex,
      !PhoneNumber.normalizingDigits(String(prefixRule[..<firstGroup.lowerBound])).isEmpty
    else { return national }
    // Typed without the national prefix the format would add: leave it out.
    let text = PhoneNumber.formattedNationalNumber(
      Array(number.nationalNumber.utf8), pattern: rule.pattern, layout: rule.format, format: .national,
      nationalPrefixRule: nil)
    return text + PhoneNumber.extensionSuffix(number.numberExtension, metadata, .national)
  }

  /// Whether the raw input starts with the national prefix, taken as one
  /// only when what follows is a valid number of the region (Japan's
  /// `0777123` is not `0` + `777123`).
  private func rawInputHasNationalPrefix(_ nationalPrefix: String, region: RegionCode) -> Bool {
    let digits = PhoneNumber.normalizingDigits(rawInput)
    guard digits.hasPrefix(nationalPrefix) else { return false }
    let rest = String(digits.dropFirst(nationalPrefix.count))
    return (try? PhoneNumber(rest, region: region))?.isValid ?? false
  }

  /// `number.formatted(format)`, except that a number whose national number
  /// is all zeros is written as typed (with the country code for E.164 when
  /// it was not typed), as libphonenumber does for numbers with their raw input.
  func formatted(_ format: PhoneNumberFormat) -> String {
    guard number.nationalNumber.utf8.allSatisfy({ $0 == UInt8(ascii: "0") }) else {
      return number.formatted(format)
    }
    if format == .e164 && countryCodeSource == .fromDefaultCountry {
      return "+\(number.countryCode)" + foldedInput
    }
    return foldedInput
  }

  /// `number.formattedForCalling(from:)`, with the national and
  /// international formats it falls back to taken from ``formatted(_:)``.
  func formattedForCalling(from region: RegionCode) -> String {
    number.formattedForCalling(from: region, format: formatted)
  }

  /// The national format with the carrier code typed in the number, or
  /// `fallback` when none was (the plain national format when that is
  /// empty too). Without the parsed text there is no preferred code:
  /// ``PhoneNumber/formattedNational(carrierCode:)`` with the fallback.
  ///
  ///     try ParsedPhoneNumber("0 15 11 96123-4567", region: .br)
  ///       .formattedNational(preferredCarrierCodeOr: "21")  // "0 15 (11) 96123-4567"
  public func formattedNational(preferredCarrierCodeOr fallback: String) -> String {
    number.formattedNational(carrierCode: preferredDomesticCarrierCode ?? fallback)
  }

  /// ``PhoneNumber/formattedForMobileDialing(from:withFormatting:)`` with
  /// the carrier code typed in the number (so a Brazilian number typed with
  /// one can be dialled within Brazil).
  ///
  ///     try ParsedPhoneNumber("0 15 11 96123-4567", region: .br)
  ///       .formattedForMobileDialing(from: .br, withFormatting: false)  // "01511961234567"
  public func formattedForMobileDialing(from region: RegionCode, withFormatting: Bool) -> String {
    PhoneNumber.mobileDialing(
      number, from: region, withFormatting: withFormatting, rawInput: foldedInput,
      carrierCode: preferredDomesticCarrierCode,
      format: { number, format in
        ParsedPhoneNumber(number: number, keeping: self).formatted(format)
      })
  }

  /// How to dial the number from `region`, as
  /// ``PhoneNumber/formattedForCalling(from:)``, keeping the letters and
  /// grouping of a vanity number as typed.
  ///
  ///     try ParsedPhoneNumber("1 800 SIX-FLAG", region: .us)
  ///       .formattedForCallingKeepingAlphaCharacters(from: .au)  // "0011 1 800 SIX-FLAG"
  public func formattedForCallingKeepingAlphaCharacters(from region: RegionCode) -> String {
    let store = PhoneMetadataStore.shared
    let countryCode = number.countryCode
    guard store.isKnownCountryCode(countryCode) else { return foldedInput }
    var raw = Self.groupingCharactersAndAlphanumerics(of: foldedInput)
    let national = number.nationalNumber
    if national.utf8.count > 3, let start = raw.firstRange(ofText: national.prefix(3))?.lowerBound {
      raw = String(raw[start...])
    }
    let caller = store.metadata(for: region)
    if countryCode == 1 {
      if store.countryCode(for: region) == 1 { return "1 " + raw }
    } else if let caller, countryCode == caller.countryCode {
      let rule = number.withNationalDigits { caller.chooseFormat(for: .national, $0) }
      guard let rule else { return raw }
      return Self.prefixingFirstDigits(of: raw, rule: rule.nationalPrefixFormattingRule)
    }
    var prefix = ""
    if let caller {
      if let idd = caller.internationalPrefix?.source, PhoneNumber.isSingleInternationalPrefix(idd) {
        prefix = idd
      } else {
        prefix = caller.preferredInternationalPrefix ?? ""
      }
    }
    var stripped = raw
    let scalars = Array(raw.unicodeScalars)
    scalars.withUnsafeBufferPointer { buffer in
      if let found = ExtensionMatcher.findExtension(in: buffer[...]),
        PhoneNumberText.isViable(buffer[..<found.start])
      {
        stripped = String(String.UnicodeScalarView(buffer[..<found.start]))
      }
    }
    guard let metadata = store.mainMetadata(countryCode: countryCode) else { return raw }
    let text = stripped + PhoneNumber.extensionSuffix(number.numberExtension, metadata, .international)
    return prefix.isEmpty ? "+\(countryCode) " + text : "\(prefix) \(countryCode) " + text
  }

  /// The text with only letters (upper-cased), ASCII digits and the
  /// grouping characters kept (dashes as `-`, slashes as `/`, spaces as
  /// ` `, dots as `.`).
  private static func groupingCharactersAndAlphanumerics(of text: String) -> String {
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x30...0x39: output.append(scalar)
      case 0x2D, 0xFF0D, 0x2010...0x2015, 0x2212: output.append("-")
      case 0x2F, 0xFF0F: output.append("/")
      case 0x20, 0x3000, 0x2060: output.append(" ")
      case 0x2E, 0xFF0E: output.append(".")
      default:
        let upper = scalar.properties.uppercaseMapping.unicodeScalars
        if upper.count == 1, let letter = upper.first, PhoneCharacters.isASCIILetter(letter) {
          output.append(letter)
        }
      }
    }
    return String(output)
  }

  /// The national-prefix rule applied to the first run of digits in `text`
  /// (the group the user typed together), the rest kept.
  private static func prefixingFirstDigits(of text: String, rule: String?) -> String {
    guard let rule, !rule.isEmpty else { return text }
    let scalars = Array(text.unicodeScalars)
    guard let start = scalars.firstIndex(where: { $0.value >= 0x30 && $0.value <= 0x39 }) else { return text }
    var end = start
    while end < scalars.count && scalars[end].value >= 0x30 && scalars[end].value <= 0x39 { end += 1 }
    let firstGroup = String(String.UnicodeScalarView(scalars[start..<end]))
    return String(String.UnicodeScalarView(scalars[..<start])) + rule.replacing(every: "$1", with: firstGroup)
      + String(String.UnicodeScalarView(scalars[end...]))
  }

  /// `number` with this parse's raw input and country-code source.
  private init(number: PhoneNumber, keeping other: ParsedPhoneNumber) {
    self.number = number
    rawInput = other.rawInput
    countryCodeSource = other.countryCodeSource
    preferredDomesticCarrierCode = other.preferredDomesticCarrierCode
  }
}
