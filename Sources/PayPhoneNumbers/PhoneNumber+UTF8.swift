extension PhoneNumber {
  /// ``init(_:region:)`` on text given as valid UTF-8 (a record reader's,
  /// or the UTF-8 the Python interpreter keeps for a str): text the simple
  /// parse takes (ASCII digits, spaces, `+-./()`) is parsed straight from
  /// the bytes, with no `String` made for it (a copy, a UTF-8 check and,
  /// past 15 bytes, an allocation); any other text is decoded and parsed as
  /// ``init(_:region:)`` parses it. The same number or error either way.
  package init(utf8: UnsafeBufferPointer<UInt8>, region: RegionCode?) throws(PhoneNumberError) {
    var source = CountryCodeSource.fromDefaultCountry
    if let simple = PhoneNumberParser.parseSimple(
      utf8, region: region, source: &source, settling: .formatting)
    {
      self = try simple.get()
    } else {
      self = try PhoneNumberParser.parseGeneral(
        String(decoding: utf8, as: UTF8.self), region: region, source: &source, settling: .formatting)
    }
  }
}
