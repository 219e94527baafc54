/// What a parse learns beyond the number (libphonenumber keeps it with
/// `keep_raw_input`): how the country code was written and the carrier code
/// the national prefix carried. Worked out apart from `parse`, after it
/// succeeded, so that the normal parse path does none of this work.
extension PhoneNumberParser {
  struct Details {
    var countryCodeSource: CountryCodeSource
    /// Nil when none was written (or it was empty).
    var carrierCode: String?
  }

  /// The details of `text`, which `parse(text, region:)` accepted.
  static func details(of text: String, region: RegionCode?) -> Details {
    let fallback = Details(countryCodeSource: .fromDefaultCountry, carrierCode: nil)
    var text = text
    let found = text.withUTF8 { bytes in
      try? withFoldedScalars(bytes) { (scalars) throws(PhoneNumberError) in
        try PhoneNumberText.withNumberForParsing(scalars[...]) { (number) throws(PhoneNumberError) in
          details(ofNumber: number, region: region) ?? fallback
        }
      }
    }
    return found ?? fallback
  }

  private static func details(ofNumber text: PhoneNumberText.Scalars, region: RegionCode?) -> Details? {
    var number = text
    if let found = ExtensionMatcher.findExtension(in: number),
      PhoneNumberText.isViable(number[..<found.start])
    {
      number = number[..<found.start]
    }
    let startsWithPlus = number.first.map(PhoneCharacters.isPlus) ?? false
    let regionMetadata = region.flatMap { PhoneMetadataStore.shared.metadata(for: $0) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(number.count, 1)) { scratch in
      let count = PhoneNumberText.normalizedDigits(number, into: scratch)
      let all = UnsafeBufferPointer(rebasing: scratch[..<count])
      var source: CountryCodeSource
      var extracted: (Int, Digits)
      if startsWithPlus, let (code, length) = store.leadingCountryCode(all),
        count > minimumNationalNumberLength
      {
        source = .fromNumberWithPlusSign
        extracted = (code, .scratch(length..<count))
      } else {
        guard
          let found = try? extractCountryCode(
            startsWithPlus: false, digitCount: count, metadata: regionMetadata, scratch: scratch)
        else { return nil }
        extracted = (found.0, found.1)
        if regionMetadata?.internationalPrefixEnd(all) != nil {
          source = .fromNumberWithIDD
        } else {
          source = found.0 == 0 ? .fromDefaultCountry : .fromNumberWithoutPlusSign
        }
      }
      // The metadata the national prefix is stripped with, as in `parse`.
      var metadata = regionMetadata
      let (code, national) = extracted
      if code != 0 {
        let main = PhoneMetadataStore.shared.mainMetadata(countryCode: code)
        if main !== regionMetadata {
          metadata = region == .nonGeographic && main?.regionCode == .nonGeographic ? nil : main
        }
      }
      guard let metadata else { return Details(countryCodeSource: source, carrierCode: nil) }
      let carrier = national.withBuffer(in: scratch) { digits in metadata.carrierCode(strippedFrom: digits) }
      return Details(countryCodeSource: source, carrierCode: carrier.flatMap { $0.isEmpty ? nil : $0 })
    }
  }
}

extension RegionMetadata {
  /// The carrier code libphonenumber's `maybeStripNationalPrefixAndCarrierCode`
  /// takes from the national prefix of `digits` (the prefix pattern's first
  /// group), when the stripped number is kept: nil when nothing is
  /// stripped, or the stripped number's length rules it out.
  func carrierCode(strippedFrom digits: UnsafeBufferPointer<UInt8>) -> String? {
    guard let strip = nationalPrefixStrip(digits), let match = nationalPrefixForParsing?.prefixMatch(digits)
    else { return nil }
    let strippedLength: Int
    let carrierGroup: Range<Int>?
    switch strip {
    case .suffix(let start):
      strippedLength = digits.count - start
      carrierGroup = match.groupCount > 0 ? match.group(1) : nil
    case .transformed(let stripped):
      strippedLength = stripped.count
      carrierGroup = match.groupCount > 1 ? match.group(1) : nil
    }
    guard keepsStrippedNumber(ofLength: strippedLength) else { return nil }
    return carrierGroup.map { String(decoding: digits[$0], as: UTF8.self) }
  }
}
