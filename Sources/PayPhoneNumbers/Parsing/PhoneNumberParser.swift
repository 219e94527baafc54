/// libphonenumber's `parse` (its `parseHelper`), step by step, on the
/// compiled tables: every entry point decodes the text once, folding its
/// digits (`FoldedScalars`), and takes the simple path or the general one
/// to the same last steps (`parse(digitCount:in:startsWithPlus:...)`).
enum PhoneNumberParser {
  /// The longest text accepted, in Unicode scalars.
  static let maximumInputLength = 250
  static let minimumNationalNumberLength = 2
  static let maximumNationalNumberLength = 17

  static var store: PhoneMetadataStore { .shared }

  /// The number in `text`.
  static func parse(_ text: String, region: RegionCode?) throws(PhoneNumberError) -> PhoneNumber {
    var text = text
    return try text.withUTF8 { bytes in
      Result { () throws(PhoneNumberError) in try parse(utf8: bytes, region: region) }
    }.get()
  }

  /// The number in text given as UTF-8 (bytes that are not well-formed
  /// read as the `String` made of them reads). Simple text
  /// (`parseSimple`) is parsed from the bytes, any other decoded.
  static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, region: RegionCode?) throws(PhoneNumberError)
    -> PhoneNumber
  {
    var source = CountryCodeSource.fromDefaultCountry
    if let simple = try parseSimple(bytes, region: region, source: &source) { return simple }
    return try withFoldedScalars(bytes) { (scalars) throws(PhoneNumberError) in
      try parse(folded: scalars, region: region, source: &source)
    }
  }

  /// The number in text given as its scalars, digits folded
  /// (`FoldedScalars`: the finder's candidates, and text decoded here),
  /// also telling where the country code came from. Parsed by the simple
  /// path when the scalars are simple text (digits of other scripts, as
  /// ASCII, among the simple text's punctuation: the general path's steps
  /// reduce to the simple path's on such text, as on any), by the general
  /// path otherwise.
  static func parse(
    folded scalars: UnsafeBufferPointer<Unicode.Scalar>, region: RegionCode?, source: inout CountryCodeSource
  ) throws(PhoneNumberError) -> PhoneNumber {
    guard scalars.count <= maximumInputLength else { throw tooLong }
    let simple = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumInputLength) {
      (bytes) throws(PhoneNumberError) -> PhoneNumber? in
      // Given up at the first scalar the simple text does not hold (an
      // extension's label, a letter: most text here), before any parse.
      for index in scalars.indices {
        let value = scalars[index].value
        let isSimple = value &- 0x30 < 10 || (value < 64 && simpleNonDigits >> UInt64(value) & 1 != 0)
        guard isSimple else { return nil }
        bytes.initializeElement(at: index, to: UInt8(truncatingIfNeeded: value))
      }
      return try parseSimple(
        UnsafeBufferPointer(rebasing: bytes[..<scalars.count]), region: region, source: &source)
    }
    if let simple { return simple }
    return try parseGeneral(folded: scalars, region: region, source: &source)
  }

  /// The general path, for any text (tests check the simple path against it).
  static func parseGeneral(_ text: String, region: RegionCode?) throws(PhoneNumberError) -> PhoneNumber {
    var source = CountryCodeSource.fromDefaultCountry
    var text = text
    return try text.withUTF8 { bytes in
      Result { () throws(PhoneNumberError) in
        try withFoldedScalars(bytes) { (scalars) throws(PhoneNumberError) in
          try parseGeneral(folded: scalars, region: region, source: &source)
        }
      }
    }.get()
  }

  /// `body` on the scalars of `bytes`, digits folded (`FoldedScalars`).
  ///
  /// - Throws: `tooLong` past `maximumInputLength` scalars, or what `body`
  ///   throws.
  static func withFoldedScalars<Value>(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<Unicode.Scalar>) throws(PhoneNumberError) -> Value
  ) throws(PhoneNumberError) -> Value {
    try withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: maximumInputLength) {
      (buffer) throws(PhoneNumberError) -> Value in
      guard let count = FoldedScalars.fold(bytes, into: buffer) else { throw tooLong }
      return try body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// The error for text past `maximumInputLength` scalars.
  private static var tooLong: PhoneNumberError {
    PhoneNumberError(code: .tooLong, message: "The text is longer than \(maximumInputLength) characters.")
  }

  /// The general path on the text's scalars, folded: the number's part
  /// of the text (`PhoneNumberText`), its extension, its digits.
  private static func parseGeneral(
    folded scalars: UnsafeBufferPointer<Unicode.Scalar>, region: RegionCode?, source: inout CountryCodeSource
  ) throws(PhoneNumberError) -> PhoneNumber {
    try PhoneNumberText.withNumberForParsing(scalars[...]) { (number) throws(PhoneNumberError) in
      try parse(number: number, region: region, source: &source)
    }
  }

  private static func parse(
    number: PhoneNumberText.Scalars, region: RegionCode?, source: inout CountryCodeSource
  ) throws(PhoneNumberError) -> PhoneNumber {
    guard PhoneNumberText.isViable(number) else {
      throw PhoneNumberError(code: .notANumber, message: "The text does not seem to be a phone number.")
    }
    // Normalising gives at most one digit per scalar.
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: number.count) {
      (scratch) throws(PhoneNumberError) -> PhoneNumber in
      var number = number
      var extensionDigits = NumberDigits()
      // A number without a plus and without a valid region is refused
      // after this, by the steps on the digits: nothing here throws, and
      // the extension leaves the number's first scalar as it is, so the
      // error is the same as if the region were checked first.
      if let found = ExtensionMatcher.findExtension(in: number),
        PhoneNumberText.isViable(number[..<found.start])
      {
        let count = PhoneNumberText.normalizedDigits(number[found.digits], into: scratch)
        extensionDigits = NumberDigits(UnsafeBufferPointer(rebasing: scratch[..<count]))
        number = number[..<found.start]
      }
      // The digits after the leading pluses are all the digits: a plus
      // gives none.
      let count = PhoneNumberText.normalizedDigits(number, into: scratch)
      return try parse(
        digitCount: count, in: scratch, startsWithPlus: number.first.map(PhoneCharacters.isPlus) ?? false,
        extensionDigits: extensionDigits, region: region, source: &source)
    }
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
  /// - Throws: `PhoneNumberError` with libphonenumber's error kinds.
  /// - Complexity: O(n) in the length of `text` (at most 250 characters
  ///   are read).
  public init(_ text: String, region: RegionCode? = nil) throws(PhoneNumberError) {
    self.init(parsed: try PhoneNumberParser.parse(text, region: region))
  }

  /// ``init(_:region:)`` on text given as valid UTF-8 (a record reader's):
  /// text the simple parse takes (ASCII digits, spaces, `+-./()`) is
  /// parsed straight from the bytes, with no `String` made for it; any
  /// other text is decoded and parsed as ``init(_:region:)`` parses it. The
  /// same number or error either way.
  package init(utf8: UnsafeBufferPointer<UInt8>, region: RegionCode?) throws(PhoneNumberError) {
    self.init(parsed: try PhoneNumberParser.parse(utf8: utf8, region: region))
  }
}
