/// libphonenumber's `parse`, step by step, on the compiled tables.
enum PhoneNumberParser {
  /// The longest text accepted, in Unicode scalars.
  static let maximumInputLength = 250
  static let minimumNationalNumberLength = 2
  static let maximumNationalNumberLength = 17

  private static var store: PhoneMetadataStore { .shared }

  static func parse(_ text: String, region: RegionCode?) throws(PhoneNumberParseError) -> PhoneNumber {
    try withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: maximumInputLength) {
      (buffer) throws(PhoneNumberParseError) -> PhoneNumber in
      let count = try scalars(of: text, into: buffer)
      let scalars = UnsafeBufferPointer(rebasing: buffer[..<count])
      return try PhoneNumberText.withNumberForParsing(scalars[...]) {
        (number) throws(PhoneNumberParseError) in
        try parse(number: number, region: region)
      }
    }
  }

  /// Writes the text's scalars into `buffer` and returns their count.
  ///
  /// - Throws: `tooLong` past `maximumInputLength` scalars.
  private static func scalars(of text: String, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>)
    throws(PhoneNumberParseError) -> Int
  {
    // Most text is ASCII: a byte is a scalar.
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard bytes.count <= buffer.count else { return nil }
      for (index, byte) in bytes.enumerated() {
        guard byte < 0x80 else { return nil }
        buffer.initializeElement(at: index, to: Unicode.Scalar(byte))
      }
      return bytes.count
    }
    if let ascii, let count = ascii { return count }
    var count = 0
    for scalar in text.unicodeScalars {
      guard count < buffer.count else {
        throw PhoneNumberParseError(.tooLong, "The text is longer than \(maximumInputLength) characters.")
      }
      buffer.initializeElement(at: count, to: scalar)
      count += 1
    }
    return count
  }

  private static func parse(number: PhoneNumberText.Scalars, region: RegionCode?)
    throws(PhoneNumberParseError)
    -> PhoneNumber
  {
    var number = number
    guard PhoneNumberText.isViable(number) else {
      throw PhoneNumberParseError(.notANumber, "The text does not seem to be a phone number.")
    }
    let regionMetadata = region.flatMap { store.metadata(for: $0) }
    if regionMetadata == nil && !(number.first.map(PhoneCharacters.isPlus) ?? false) {
      throw PhoneNumberParseError(
        .invalidCountryCode, "The number has no country calling code and no valid default region was given.")
    }

    var numberExtension: String?
    if let found = ExtensionMatcher.findExtension(in: number),
      PhoneNumberText.isViable(number[..<found.start])
    {
      numberExtension = String(
        decoding: PhoneNumberText.normalizedDigits(number[found.digits]), as: UTF8.self)
      number = number[..<found.start]
    }

    var metadata = regionMetadata
    var countryCode: Int
    var nationalDigits: [UInt8]
    do throws(PhoneNumberParseError) {
      (countryCode, nationalDigits) = try extractCountryCode(number, metadata: regionMetadata)
    } catch {
      let pluses = number.prefix(while: PhoneCharacters.isPlus)
      guard error.code == .invalidCountryCode, !pluses.isEmpty else { throw error }
      (countryCode, nationalDigits) = try extractCountryCode(
        number[pluses.endIndex...], metadata: regionMetadata)
      if countryCode == 0 {
        throw PhoneNumberParseError(
          .invalidCountryCode, "The digits after the plus sign are no country calling code.")
      }
    }

    if countryCode != 0 {
      let numberRegion = store.mainRegion(callingCode: countryCode)
      if numberRegion != region {
        metadata = store.metadata(callingCode: countryCode, region: numberRegion)
      }
    } else {
      nationalDigits += PhoneNumberText.normalizedDigits(number)
      // A default region exists here: without one, the number started with
      // a plus and so had a country code.
      countryCode = regionMetadata?.callingCode ?? 0
    }
    guard nationalDigits.count >= minimumNationalNumberLength else {
      throw PhoneNumberParseError(.tooShortNSN, "The national number has fewer than two digits.")
    }
    if let metadata, let stripped = metadata.strippingNationalPrefix(nationalDigits) {
      switch metadata.lengthCheck(stripped.count) {
      case .tooShort, .possibleLocalOnly, .invalidLength: break
      default: nationalDigits = stripped
      }
    }
    guard nationalDigits.count >= minimumNationalNumberLength else {
      throw PhoneNumberParseError(.tooShortNSN, "The national number has fewer than two digits.")
    }
    guard nationalDigits.count <= maximumNationalNumberLength else {
      throw PhoneNumberParseError(.tooLong, "The national number has more than 17 digits.")
    }
    return PhoneNumber(
      countryCode: countryCode, nationalNumber: String(decoding: nationalDigits, as: UTF8.self),
      numberExtension: numberExtension)
  }

  /// libphonenumber's `maybeExtractCountryCode`: the calling code written in
  /// the number (after `+` or an international prefix, or the default
  /// region's own code written without one), and the digits after it; a
  /// code of 0 when the number has none.
  private static func extractCountryCode(
    _ number: PhoneNumberText.Scalars, metadata: RegionMetadata?
  ) throws(PhoneNumberParseError) -> (Int, [UInt8]) {
    guard !number.isEmpty else { return (0, []) }
    let pluses = number.prefix(while: PhoneCharacters.isPlus)
    var digits: [UInt8]
    var isInternational = false
    if !pluses.isEmpty {
      digits = PhoneNumberText.normalizedDigits(number[pluses.endIndex...])
      isInternational = true
    } else {
      digits = PhoneNumberText.normalizedDigits(number)
      if let idd = metadata?.internationalPrefix, let afterPrefix = strippingInternationalPrefix(digits, idd)
      {
        digits = afterPrefix
        isInternational = true
      }
    }
    if isInternational {
      guard digits.count > minimumNationalNumberLength else {
        throw PhoneNumberParseError(
          .tooShortAfterIDD, "The international prefix is followed by too few digits.")
      }
      guard let (code, length) = leadingCallingCode(digits) else {
        throw PhoneNumberParseError(.invalidCountryCode, "The country calling code is not assigned.")
      }
      return (code, Array(digits[length...]))
    }
    guard let metadata else { return (0, []) }
    let codeDigits = Array(String(metadata.callingCode).utf8)
    guard digits.starts(with: codeDigits) else { return (0, []) }
    var national = Array(digits[codeDigits.count...])
    if let stripped = metadata.strippingNationalPrefix(national) { national = stripped }
    let fullMatches = digits.withUnsafeBufferPointer { metadata.matchesGeneralPattern($0) }
    let nationalMatches = national.withUnsafeBufferPointer { metadata.matchesGeneralPattern($0) }
    if (!fullMatches && nationalMatches) || metadata.lengthCheck(digits.count) == .tooLong {
      return (metadata.callingCode, national)
    }
    return (0, [])
  }

  /// The digits after an international prefix, or nil when the number does
  /// not start with one (a prefix followed by `0` does not count: no calling
  /// code starts with 0).
  private static func strippingInternationalPrefix(_ digits: [UInt8], _ idd: DigitPattern) -> [UInt8]? {
    guard let match = digits.withUnsafeBufferPointer({ idd.prefixMatch($0) }) else { return nil }
    if match.end < digits.count && digits[match.end] == UInt8(ascii: "0") { return nil }
    return Array(digits[match.end...])
  }

  /// The calling code at the start of `digits` (1 to 3 digits, no leading
  /// zero) and its length.
  static func leadingCallingCode(_ digits: [UInt8]) -> (code: Int, length: Int)? {
    guard let first = digits.first, first != UInt8(ascii: "0") else { return nil }
    var code = 0
    for length in 1...min(3, digits.count) {
      code = code * 10 + Int(digits[length - 1] - 0x30)
      if store.isKnownCallingCode(code) { return (code, length) }
    }
    return nil
  }
}

extension PhoneNumber {
  /// Parses a phone number as a person would type it.
  ///
  /// Accepts spaces and punctuation, `+` or the region's international
  /// prefix, national prefixes and carrier codes, extensions (`ext. 123`,
  /// `x123`, `#123`, `;ext=123`), `tel:` URIs, vanity letters
  /// (`1-800-FLOWERS`), the digits of any script, and a number inside
  /// surrounding text. A number without `+` or an international prefix is
  /// read in `region`.
  ///
  ///     let number = try PhoneNumber("020 7946 0958", region: .gb)
  ///     number.formatted(.e164)  // "+442079460958"
  ///
  /// - Throws: `PhoneNumberParseError` with libphonenumber's error kinds.
  /// - Complexity: O(n) in the length of `text` (at most 250 characters
  ///   are read).
  public init(_ text: String, region: RegionCode? = nil) throws(PhoneNumberParseError) {
    self = try PhoneNumberParser.parse(text, region: region)
  }
}
