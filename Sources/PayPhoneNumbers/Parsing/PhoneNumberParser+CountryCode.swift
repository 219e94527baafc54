/// The steps after the text, on the number's normalised digits: the
/// country code, the national prefix, the number (libphonenumber's
/// `parseHelper` from `maybeExtractCountryCode` on).
extension PhoneNumberParser {
  /// Digits the parse works on: a range of the scratch buffer, or the new
  /// digits of a national-prefix transform rule (rare).
  enum Digits {
    case scratch(Range<Int>)
    case owned([UInt8])

    func withBuffer<Result, Failure: Error>(
      in scratch: UnsafeMutableBufferPointer<UInt8>,
      _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
      switch self {
      case .scratch(let range): return try body(UnsafeBufferPointer(rebasing: scratch[range]))
      case .owned(let digits):
        return try digits.withUnsafeBufferPointer { (buffer) throws(Failure) in try body(buffer) }
      }
    }
  }

  /// The steps on the number's normalised digits (the first `digitCount`
  /// of `scratch`), with the default region's metadata. The number is
  /// viable, so it has digits after any pluses.
  static func parse(
    digitCount: Int, in scratch: UnsafeMutableBufferPointer<UInt8>, startsWithPlus: Bool,
    extensionDigits: NumberDigits, region: RegionCode?, source: inout CountryCodeSource
  ) throws(PhoneNumberError) -> PhoneNumber {
    // The region's metadata is lent: it lives as long as the process.
    let lent = try store.withMetadata(for: region) { (regionMetadata) throws(PhoneNumberError) in
      try parse(
        digitCount: digitCount, in: scratch, startsWithPlus: startsWithPlus,
        extensionDigits: extensionDigits,
        regionMetadata: regionMetadata, region: region, source: &source)
    }
    if let lent { return lent }
    return try parse(
      digitCount: digitCount, in: scratch, startsWithPlus: startsWithPlus, extensionDigits: extensionDigits,
      regionMetadata: nil, region: region, source: &source)
  }

  private static func parse(
    digitCount: Int, in scratch: UnsafeMutableBufferPointer<UInt8>, startsWithPlus: Bool,
    extensionDigits: NumberDigits, regionMetadata: RegionMetadata?, region: RegionCode?,
    source: inout CountryCodeSource
  ) throws(PhoneNumberError) -> PhoneNumber {
    if regionMetadata == nil && !startsWithPlus {
      throw PhoneNumberError(
        code: .invalidCountryCode,
        message: "The number has no country code and no valid default region was given.")
    }
    var countryCode: Int
    let nationalDigits: Digits
    do throws(PhoneNumberError) {
      (countryCode, nationalDigits, source) = try extractCountryCode(
        startsWithPlus: startsWithPlus, digitCount: digitCount, metadata: regionMetadata, scratch: scratch)
    } catch {
      // Read again as if there were no plus.
      guard error.code == .invalidCountryCode, startsWithPlus else { throw error }
      (countryCode, nationalDigits, source) = try extractCountryCode(
        startsWithPlus: false, digitCount: digitCount, metadata: regionMetadata, scratch: scratch)
      if countryCode == 0 {
        throw PhoneNumberError(
          code: .invalidCountryCode, message: "The digits after the plus sign are no country code.")
      }
    }
    if countryCode == 0 {
      // The national digits are then all the number's digits. A default
      // region exists here: without one, the number started with a plus and
      // so had a country code.
      countryCode = regionMetadata?.countryCode ?? 0
    } else {
      // The country code's main region decides the national prefix, unless
      // it is the default region. Compared by identity (one metadata object
      // per record), or for `001` by code: a non-geographic default region
      // has no metadata here, and keeps none.
      let mainCountryCode = countryCode
      let made = try store.withMainMetadata(countryCode: countryCode) {
        (main) throws(PhoneNumberError) -> PhoneNumber? in
        let isDefaultRegion =
          regionMetadata.map { $0 === main }
          ?? (region != nil && region == .nonGeographic && main.regionCode == .nonGeographic)
        guard !isDefaultRegion else { return nil }
        return try nationalDigits.withBuffer(in: scratch) { (digits) throws(PhoneNumberError) in
          try makeNumber(
            countryCode: mainCountryCode, nationalDigits: digits, metadata: main,
            extensionDigits: extensionDigits)
        }
      }
      switch made {
      case .some(.some(let number)): return number
      case .some(.none): break
      case .none:
        return try nationalDigits.withBuffer(in: scratch) { (digits) throws(PhoneNumberError) in
          try makeNumber(
            countryCode: mainCountryCode, nationalDigits: digits, metadata: nil,
            extensionDigits: extensionDigits)
        }
      }
    }
    return try nationalDigits.withBuffer(in: scratch) { (digits) throws(PhoneNumberError) in
      try makeNumber(
        countryCode: countryCode, nationalDigits: digits, metadata: regionMetadata,
        extensionDigits: extensionDigits)
    }
  }

  /// The last steps: the national prefix stripped where the length allows,
  /// the length limits, the number.
  private static func makeNumber(
    countryCode: Int, nationalDigits: UnsafeBufferPointer<UInt8>, metadata: RegionMetadata?,
    extensionDigits: NumberDigits
  ) throws(PhoneNumberError) -> PhoneNumber {
    guard nationalDigits.count >= minimumNationalNumberLength else {
      throw PhoneNumberError(code: .tooShortNSN, message: "The national number has fewer than two digits.")
    }
    func make(_ digits: UnsafeBufferPointer<UInt8>) throws(PhoneNumberError) -> PhoneNumber {
      guard digits.count >= minimumNationalNumberLength else {
        throw PhoneNumberError(code: .tooShortNSN, message: "The national number has fewer than two digits.")
      }
      guard digits.count <= maximumNationalNumberLength else {
        throw PhoneNumberError(code: .tooLong, message: "The national number has more than 17 digits.")
      }
      return PhoneNumber(
        countryCode: countryCode, nationalDigits: digits, extensionDigits: extensionDigits
      )
    }
    guard let stripped = metadata?.nationalPrefixStrip(nationalDigits) else {
      return try make(nationalDigits)
    }
    func keepsStripped(_ length: Int) -> Bool { metadata?.keepsStrippedNumber(ofLength: length) != false }
    switch stripped {
    case .suffix(let start):
      let suffix = UnsafeBufferPointer(rebasing: nationalDigits[start...])
      return try make(keepsStripped(suffix.count) ? suffix : nationalDigits)
    case .transformed(let digits):
      guard keepsStripped(digits.count) else { return try make(nationalDigits) }
      return try digits.withUnsafeBufferPointer { (buffer) throws(PhoneNumberError) in try make(buffer) }
    }
  }

  /// libphonenumber's `maybeExtractCountryCode` on the number's normalised
  /// digits (the first `digitCount` of `scratch`): the country code written
  /// in the number (after `+` or an international prefix, or the default
  /// region's own code written without one), and the digits after it; a
  /// code of 0 when the number has none, and then all the digits.
  static func extractCountryCode(
    startsWithPlus: Bool, digitCount count: Int, metadata: RegionMetadata?,
    scratch: UnsafeMutableBufferPointer<UInt8>
  ) throws(PhoneNumberError) -> (Int, Digits, CountryCodeSource) {
    var start = 0
    var isInternational = startsWithPlus
    var source = startsWithPlus ? CountryCodeSource.fromNumberWithPlusSign : .fromDefaultCountry
    if !startsWithPlus,
      let afterPrefix = metadata?.internationalPrefixEnd(UnsafeBufferPointer(rebasing: scratch[..<count]))
    {
      start = afterPrefix
      isInternational = true
      source = .fromNumberWithIDD
    }
    let digits = UnsafeBufferPointer(rebasing: scratch[start..<count])
    if isInternational {
      guard digits.count > minimumNationalNumberLength else {
        throw PhoneNumberError(
          code: .tooShortAfterIDD, message: "The international prefix is followed by too few digits.")
      }
      guard let (code, length) = store.leadingCountryCode(digits) else {
        throw PhoneNumberError(
          code: .invalidCountryCode, message: "The country code is not assigned.")
      }
      return (code, .scratch(start + length..<count), source)
    }
    // Not international: `digits` are all the number's digits.
    let allDigits = Digits.scratch(0..<count)
    guard let metadata, let codeLength = countryCodeLength(metadata.countryCode, atStartOf: digits) else {
      return (0, allDigits, .fromDefaultCountry)
    }
    var national = Digits.scratch(codeLength..<count)
    switch metadata.nationalPrefixStrip(UnsafeBufferPointer(rebasing: digits[codeLength...])) {
    case .suffix(let offset)?: national = .scratch(codeLength + offset..<count)
    case .transformed(let transformed)?: national = .owned(transformed)
    case nil: break
    }
    let fullMatches = metadata.matchesGeneralPattern(digits)
    let nationalMatches = national.withBuffer(in: scratch) { metadata.matchesGeneralPattern($0) }
    if (!fullMatches && nationalMatches) || metadata.lengthCheck(digits.count) == .tooLong {
      return (metadata.countryCode, national, .fromNumberWithoutPlusSign)
    }
    return (0, allDigits, .fromDefaultCountry)
  }

  /// The number of digits of `countryCode` when `digits` start with them.
  private static func countryCodeLength(_ countryCode: Int, atStartOf digits: UnsafeBufferPointer<UInt8>)
    -> Int?
  {
    // A country code has one to three digits (the metadata's are 1...999).
    // `digits` are ASCII digits: their first `length` read as a number.
    guard countryCode >= 0 && countryCode < 1000 else { return nil }
    let length = countryCode < 10 ? 1 : countryCode < 100 ? 2 : 3
    guard digits.count >= length else { return nil }
    var value = 0
    for index in 0..<length { value = value &* 10 &+ Int(digits[index] &- UInt8(ascii: "0")) }
    return value == countryCode ? length : nil
  }
}
