extension MatchKey {
  /// How a text reads without a region.
  private enum Reading {
    /// No plus: country code 0, all the digits.
    case digits(MatchKey)
    /// Starts with a plus: read as usual.
    case international
    /// Not a phone number.
    case invalid
  }

  /// The number in `text` read with no region and no country code
  /// (libphonenumber's parse without its region check): country code 0 and
  /// all the digits as the national number, none stripped. A text with a
  /// `+` is read as usual. Nil when the text is no phone number.
  init?(writtenWithoutRegion text: String) {
    // Longer text is no phone number: look no further than the limit.
    var scalars: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars {
      guard scalars.count < PhoneNumberParser.maximumInputLength else { return nil }
      scalars.append(scalar)
    }
    let reading = scalars.withUnsafeBufferPointer { buffer -> Reading in
      let reading = try? PhoneNumberText.withNumberForParsing(buffer[...]) {
        (number) throws(PhoneNumberError) -> Reading in
        guard PhoneNumberText.isViable(number) else { return .invalid }
        if let first = number.first, PhoneCharacters.isPlus(first) { return .international }
        return Self.reading(number)
      }
      return reading ?? .invalid
    }
    switch reading {
    case .digits(let key): self = key
    case .international:
      guard let number = try? PhoneNumber(text, region: nil) else { return nil }
      self.init(number)
    case .invalid: return nil
    }
  }

  /// The extension and digits of a viable number without a plus, when
  /// their count is that of a national number.
  private static func reading(_ text: PhoneNumberText.Scalars) -> Reading {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(text.count, 1)) { scratch -> Reading in
      var number = text
      var numberExtension: String?
      if let found = ExtensionMatcher.findExtension(in: number),
        PhoneNumberText.isViable(number[..<found.start])
      {
        let count = PhoneNumberText.normalizedDigits(number[found.digits], into: scratch)
        numberExtension = String(decoding: UnsafeBufferPointer(rebasing: scratch[..<count]), as: UTF8.self)
        number = number[..<found.start]
      }
      let count = PhoneNumberText.normalizedDigits(number, into: scratch)
      let lengths =
        PhoneNumberParser.minimumNationalNumberLength...PhoneNumberParser.maximumNationalNumberLength
      guard lengths.contains(count) else { return .invalid }
      return .digits(
        MatchKey(
          countryCode: 0,
          nationalNumber: String(decoding: UnsafeBufferPointer(rebasing: scratch[..<count]), as: UTF8.self),
          numberExtension: numberExtension))
    }
  }
}
