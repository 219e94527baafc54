extension PhoneNumber {
  /// ``init(_:region:)`` on text given as valid UTF-8 (a record reader's,
  /// or the UTF-8 the Python interpreter keeps for a str): text the simple
  /// parse takes (ASCII digits, spaces, `+-./()`) is parsed straight from
  /// the bytes, with no `String` made for it (a copy, a UTF-8 check and,
  /// past 15 bytes, an allocation); any other text is decoded and parsed as
  /// ``init(_:region:)`` parses it. The same number or error either way.
  /// `settling` says what is worked out at once: everything by default;
  /// `.classification` for a caller that asks for the type, validity,
  /// region and E.164 form but few other formats (the CLI's CSV columns),
  /// the format rule then chosen only if a format asks for it.
  package init(
    utf8: UnsafeBufferPointer<UInt8>, region: RegionCode?, settling: Settling = .formatting
  ) throws(PhoneNumberError) {
    var source = CountryCodeSource.fromDefaultCountry
    if let simple = PhoneNumberParser.parseSimple(utf8, region: region, source: &source, settling: settling) {
      self = try simple.get()
    } else {
      self = try PhoneNumberParser.parseGeneral(
        String(decoding: utf8, as: UTF8.self), region: region, source: &source, settling: settling)
    }
  }
}
