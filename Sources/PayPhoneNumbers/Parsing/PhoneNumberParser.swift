internal import PayPhoneText

/// libphonenumber's `parse`, step by step, on the compiled tables.
enum PhoneNumberParser {
  /// The longest text accepted, in Unicode scalars.
  static let maximumInputLength = 250
  static let minimumNationalNumberLength = 2
  static let maximumNationalNumberLength = 17

  private static var store: PhoneMetadataStore { .shared }

  /// The number in `text`, settled as `settling` says (`.formatting` for
  /// the public parse).
  static func parse(_ text: String, region: RegionCode?, settling: PhoneNumber.Settling = .none)
    throws(PhoneNumberError)
    -> PhoneNumber
  {
    var source = CountryCodeSource.fromDefaultCountry
    return try parse(text, region: region, source: &source, settling: settling)
  }

  /// ``parse(_:region:)``, also telling where the country code came from
  /// (what the matcher's leniency checks ask).
  static func parse(
    _ text: String, region: RegionCode?, source: inout CountryCodeSource,
    settling: PhoneNumber.Settling = .none
  ) throws(PhoneNumberError) -> PhoneNumber {
    var simpleSource = CountryCodeSource.fromDefaultCountry
    let simple = text.utf8.withContiguousStorageIfAvailable { bytes in
      Result { () throws(PhoneNumberError) in
        try parseSimple(bytes, region: region, source: &simpleSource, settling: settling)
      }
    }
    if let simple, let number = try simple.get() {
      source = simpleSource
      return number
    }
    return try withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: maximumInputLength) {
      (buffer) throws(PhoneNumberError) -> PhoneNumber in
      let count = try scalars(of: text, into: buffer)
      return try parseFolded(
        UnsafeBufferPointer(rebasing: buffer[..<count]), region: region, source: &source, settling: settling)
    }
  }

  /// ``parse(_:region:settling:)`` on valid UTF-8, in the same order:
  /// text the simple path takes is parsed from the bytes (no `String` made
  /// for it), any other decoded and parsed by the general path.
  static func parse(
    utf8: UnsafeBufferPointer<UInt8>, region: RegionCode?, settling: PhoneNumber.Settling
  ) throws(PhoneNumberError) -> PhoneNumber {
    var source = CountryCodeSource.fromDefaultCountry
    if let simple = try parseSimple(utf8, region: region, source: &source, settling: settling) {
      return simple
    }
    return try withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: maximumInputLength) {
      (buffer) throws(PhoneNumberError) -> PhoneNumber in
      // Decoded from the bytes; bytes that are not UTF-8 (which callers do
      // not pass) are parsed as the `String` that repairs them.
      guard let count = try scalars(ofUTF8: utf8, into: buffer) else {
        return try parseGeneral(
          String(decoding: utf8, as: UTF8.self), region: region, source: &source, settling: settling)
      }
      return try parseFolded(
        UnsafeBufferPointer(rebasing: buffer[..<count]), region: region, source: &source, settling: settling)
    }
  }

  /// The parse of text the simple path did not take, as its scalars
  /// folded (`scalars(of:into:)`): by the simple path when folding made
  /// the text simple (digits of other scripts, as ASCII, among the simple
  /// text's punctuation: the general path's steps reduce to the simple
  /// path's on such text, as on any), by the general path otherwise.
  private static func parseFolded(
    _ scalars: UnsafeBufferPointer<Unicode.Scalar>, region: RegionCode?, source: inout CountryCodeSource,
    settling: PhoneNumber.Settling
  ) throws(PhoneNumberError) -> PhoneNumber {
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
        UnsafeBufferPointer(rebasing: bytes[..<scalars.count]), region: region, source: &source,
        settling: settling)
    }
    if let simple { return simple }
    return try parseGeneral(folded: scalars, region: region, source: &source, settling: settling)
  }

  /// The general path, for any text (tests check the simple path against it).
  static func parseGeneral(_ text: String, region: RegionCode?) throws(PhoneNumberError) -> PhoneNumber {
    var source = CountryCodeSource.fromDefaultCountry
    return try parseGeneral(text, region: region, source: &source)
  }

  static func parseGeneral(
    _ text: String, region: RegionCode?, source: inout CountryCodeSource,
    settling: PhoneNumber.Settling = .none
  ) throws(PhoneNumberError) -> PhoneNumber {
    try withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: maximumInputLength) {
      (buffer) throws(PhoneNumberError) -> PhoneNumber in
      let count = try scalars(of: text, into: buffer)
      return try parseGeneral(
        folded: UnsafeBufferPointer(rebasing: buffer[..<count]), region: region, source: &source,
        settling: settling)
    }
  }

  /// The general path on the text's scalars, folded (`scalars(of:into:)`).
  private static func parseGeneral(
    folded scalars: UnsafeBufferPointer<Unicode.Scalar>, region: RegionCode?, source: inout CountryCodeSource,
    settling: PhoneNumber.Settling
  ) throws(PhoneNumberError) -> PhoneNumber {
    try PhoneNumberText.withNumberForParsing(scalars[...]) { (number) throws(PhoneNumberError) in
      try parse(number: number, region: region, source: &source, settling: settling)
    }
  }

  /// The general path for text given as scalars (at most
  /// `maximumInputLength`: the matcher's candidates, already decoded), with
  /// no string made and decoded again: the scalars are folded as
  /// `scalars(of:into:)` folds a string's.
  static func parseGeneral(
    scalars text: UnsafeBufferPointer<Unicode.Scalar>, region: RegionCode?, source: inout CountryCodeSource
  ) throws(PhoneNumberError) -> PhoneNumber {
    guard text.count <= maximumInputLength else {
      throw PhoneNumberError(
        code: .tooLong, message: "The text is longer than \(maximumInputLength) characters.")
    }
    return try withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: maximumInputLength) {
      (buffer) throws(PhoneNumberError) -> PhoneNumber in
      var digits = DigitBlock()
      for index in text.indices {
        let scalar = text[index]
        buffer.initializeElement(at: index, to: scalar.value < 0x80 ? scalar : digits.folded(scalar))
      }
      let scalars = UnsafeBufferPointer(rebasing: buffer[..<text.count])
      return try PhoneNumberText.withNumberForParsing(scalars[...]) {
        (number) throws(PhoneNumberError) in
        try parse(number: number, region: region, source: &source, settling: .none)
      }
    }
  }

  /// Writes the text's scalars into `buffer`, every decimal digit folded to
  /// ASCII (the contract folds digits before interpretation, so letters,
  /// labels and `tel:` parts meet ASCII digits only), and returns their
  /// count.
  ///
  /// - Throws: `tooLong` past `maximumInputLength` scalars.
  static func scalars(of text: String, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>)
    throws(PhoneNumberError) -> Int
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
    var digits = DigitBlock()
    for scalar in text.unicodeScalars {
      guard count < buffer.count else {
        throw PhoneNumberError(
          code: .tooLong, message: "The text is longer than \(maximumInputLength) characters.")
      }
      // ASCII needs no folding (and no call into `DigitProperties`).
      buffer.initializeElement(at: count, to: scalar.value < 0x80 ? scalar : digits.folded(scalar))
      count += 1
    }
    return count
  }

  /// ``scalars(of:into:)`` for text given as UTF-8: the same scalars,
  /// folded the same way, decoded straight from the bytes (no `String`
  /// made and read again). Nil when the bytes are not well-formed UTF-8
  /// (a `String` made of them repairs them; the caller parses that).
  ///
  /// - Throws: `tooLong` past `maximumInputLength` scalars.
  static func scalars(
    ofUTF8 bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>
  ) throws(PhoneNumberError) -> Int? {
    let end = bytes.count
    var index = 0
    var count = 0
    var digits = DigitBlock()
    while index < end {
      guard count < buffer.count else {
        throw PhoneNumberError(
          code: .tooLong, message: "The text is longer than \(maximumInputLength) characters.")
      }
      let lead = bytes[index]
      if lead < 0x80 {
        // ASCII: a byte is a scalar, and no digit to fold.
        buffer.initializeElement(at: count, to: Unicode.Scalar(lead))
        index &+= 1
        count &+= 1
        continue
      }
      // A digit of the block folded last, read from its bytes alone.
      if let (digit, length) = digits.digit(encodedAt: bytes, index) {
        buffer.initializeElement(at: count, to: Unicode.Scalar(0x30 &+ digit))
        index &+= length
        count &+= 1
        continue
      }
      guard let (value, length) = decodeMultibyte(bytes, at: index, lead: lead),
        let scalar = Unicode.Scalar(value)
      else { return nil }
      buffer.initializeElement(at: count, to: digits.folded(scalar))
      index &+= length
      count &+= 1
    }
    return count
  }

  /// The block of ten decimal digits (zero to nine) that the last digit
  /// beyond ASCII folded belonged to: a number's digits are mostly of one
  /// script, so the rest of them fold without asking ICU. Unicode encodes
  /// the decimal digits (general category Nd) only in such blocks, so a
  /// scalar in the block is that digit, as ICU would say.
  struct DigitBlock {
    /// The block's zero; 0 before any digit beyond ASCII (no scalar folded
    /// here is below 0x80, so none falls in that "block").
    private var zero: UInt32 = 0
    /// The UTF-8 of the block's zero, when its ten digits differ only in
    /// their last byte (nearly every block: all but those that cross a
    /// multiple of 64): the bytes before the last, packed first byte
    /// lowest, and their count (0 otherwise).
    private var leadingBytes: UInt32 = 0
    private var leadingCount = 0
    /// The last byte of the zero's UTF-8.
    private var lastOfZero: UInt8 = 0

    /// `scalar` (not ASCII) with a decimal digit replaced by its ASCII
    /// digit, as `DigitProperties.folded` gives it.
    @inline(__always)
    mutating func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
      let offset = scalar.value &- zero
      if offset < 10 { return Unicode.Scalar(UInt8(truncatingIfNeeded: 0x30 &+ offset)) }
      let folded = DigitProperties.folded(scalar)
      // A digit folds to ASCII; anything else stays as it was.
      if folded.value < 0x80 { settle(zero: scalar.value &- (folded.value &- 0x30)) }
      return folded
    }

    /// The block of `zero`, and the UTF-8 its digits share: the encoding
    /// written out, as `decodeMultibyte` reads it.
    private mutating func settle(zero: UInt32) {
      self.zero = zero
      leadingCount = 0
      // The ten digits' last bytes are the zero's and the nine after it
      // (a last byte holds six bits of the scalar).
      guard zero & 0x3F <= 0x3F - 9 else { return }
      lastOfZero = 0x80 | UInt8(truncatingIfNeeded: zero & 0x3F)
      switch zero {
      case 0x80..<0x800:
        leadingBytes = 0xC0 | zero >> 6
        leadingCount = 1
      case 0x800..<0x10000:
        leadingBytes = (0xE0 | zero >> 12) | (0x80 | zero >> 6 & 0x3F) << 8
        leadingCount = 2
      default:
        leadingBytes = (0xF0 | zero >> 18) | (0x80 | zero >> 12 & 0x3F) << 8 | (0x80 | zero >> 6 & 0x3F) << 16
        leadingCount = 3
      }
    }

    /// The value and UTF-8 length of the digit of this block at `index`
    /// of `bytes`, told from the bytes alone; nil for anything else (which
    /// is then decoded). The bytes are those of a digit of the block, so
    /// well-formed.
    @inline(__always)
    func digit(encodedAt bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (UInt8, Int)? {
      guard leadingCount > 0, bytes.count &- index > leadingCount else { return nil }
      for offset in 0..<leadingCount
      where bytes[index &+ offset] != UInt8(truncatingIfNeeded: leadingBytes >> UInt32(8 &* offset)) {
        return nil
      }
      let digit = bytes[index &+ leadingCount] &- lastOfZero
      return digit < 10 ? (digit, leadingCount &+ 1) : nil
    }
  }

  /// The scalar value and length of the well-formed sequence of two to
  /// four bytes starting with `lead` at `index` (Unicode's table of
  /// well-formed UTF-8: no overlong form, no surrogate, nothing past
  /// U+10FFFF); nil for any other. Inlined into the decoding loop, which
  /// meets it for every scalar beyond ASCII.
  @inline(__always)
  private static func decodeMultibyte(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8)
    -> (UInt32, Int)?
  {
    let remaining = bytes.count &- index
    func continuation(_ offset: Int, from low: UInt8 = 0x80, to high: UInt8 = 0xBF) -> UInt32? {
      let byte = bytes[index &+ offset]
      return byte >= low && byte <= high ? UInt32(byte & 0x3F) : nil
    }
    switch lead {
    case 0xC2...0xDF:
      guard remaining >= 2, let second = continuation(1) else { return nil }
      return (UInt32(lead & 0x1F) << 6 | second, 2)
    case 0xE0...0xEF:
      guard remaining >= 3,
        let second = continuation(1, from: lead == 0xE0 ? 0xA0 : 0x80, to: lead == 0xED ? 0x9F : 0xBF),
        let third = continuation(2)
      else { return nil }
      return (UInt32(lead & 0x0F) << 12 | second << 6 | third, 3)
    case 0xF0...0xF4:
      guard remaining >= 4,
        let second = continuation(1, from: lead == 0xF0 ? 0x90 : 0x80, to: lead == 0xF4 ? 0x8F : 0xBF),
        let third = continuation(2), let fourth = continuation(3)
      else { return nil }
      return (UInt32(lead & 0x07) << 18 | second << 12 | third << 6 | fourth, 4)
    default:
      return nil
    }
  }

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

  private static func parse(
    number: PhoneNumberText.Scalars, region: RegionCode?, source: inout CountryCodeSource,
    settling: PhoneNumber.Settling
  )
    throws(PhoneNumberError)
    -> PhoneNumber
  {
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
        extensionDigits: extensionDigits, region: region, source: &source, settling: settling)
    }
  }

  /// The steps after the text, on the number's normalised digits (the first
  /// `digitCount` of `scratch`): the country code, the national prefix, the
  /// number. The number is viable, so it has digits after any pluses.
  static func parse(
    digitCount: Int, in scratch: UnsafeMutableBufferPointer<UInt8>, startsWithPlus: Bool,
    extensionDigits: NumberDigits, region: RegionCode?, source: inout CountryCodeSource,
    settling: PhoneNumber.Settling = .none
  ) throws(PhoneNumberError) -> PhoneNumber {
    // The region's metadata lives as long as the process.
    let lent = store.withMetadata(for: region) { regionMetadata in
      Result { () throws(PhoneNumberError) in
        try parse(
          digitCount: digitCount, in: scratch, startsWithPlus: startsWithPlus,
          extensionDigits: extensionDigits,
          regionMetadata: regionMetadata, region: region, source: &source, settling: settling)
      }
    }
    if let lent { return try lent.get() }
    return try parse(
      digitCount: digitCount, in: scratch, startsWithPlus: startsWithPlus, extensionDigits: extensionDigits,
      regionMetadata: nil, region: region, source: &source, settling: settling)
  }

  /// ``parse(digitCount:in:startsWithPlus:extensionDigits:region:source:settling:)``
  /// for a caller that has looked up the region's metadata already (the
  /// matcher, once per text rather than once per candidate): nothing
  /// settled.
  static func parse(
    digitCount: Int, in scratch: UnsafeMutableBufferPointer<UInt8>, startsWithPlus: Bool,
    extensionDigits: NumberDigits = NumberDigits(), regionMetadata: Unmanaged<RegionMetadata>?,
    region: RegionCode?,
    source: inout CountryCodeSource
  ) throws(PhoneNumberError) -> PhoneNumber {
    guard let regionMetadata else {
      return try parse(
        digitCount: digitCount, in: scratch, startsWithPlus: startsWithPlus, extensionDigits: extensionDigits,
        regionMetadata: nil, region: region, source: &source, settling: .none)
    }
    let lent = regionMetadata._withUnsafeGuaranteedRef { metadata in
      Result { () throws(PhoneNumberError) in
        try parse(
          digitCount: digitCount, in: scratch, startsWithPlus: startsWithPlus,
          extensionDigits: extensionDigits,
          regionMetadata: metadata, region: region, source: &source, settling: .none)
      }
    }
    return try lent.get()
  }

  private static func parse(
    digitCount: Int, in scratch: UnsafeMutableBufferPointer<UInt8>, startsWithPlus: Bool,
    extensionDigits: NumberDigits, regionMetadata: RegionMetadata?, region: RegionCode?,
    source: inout CountryCodeSource, settling: PhoneNumber.Settling
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
      let made = store.withMainMetadata(countryCode: countryCode) {
        main -> Result<PhoneNumber, PhoneNumberError>? in
        let isDefaultRegion =
          regionMetadata.map { $0 === main }
          ?? (region != nil && region == .nonGeographic && main.regionCode == .nonGeographic)
        guard !isDefaultRegion else { return nil }
        return Result { () throws(PhoneNumberError) in
          try nationalDigits.withBuffer(in: scratch) { (digits) throws(PhoneNumberError) in
            try makeNumber(
              countryCode: mainCountryCode, nationalDigits: digits, metadata: main,
              extensionDigits: extensionDigits, settling: settling)
          }
        }
      }
      switch made {
      case .some(.some(let result)): return try result.get()
      case .some(.none): break
      case .none:
        return try nationalDigits.withBuffer(in: scratch) { (digits) throws(PhoneNumberError) in
          try makeNumber(
            countryCode: mainCountryCode, nationalDigits: digits, metadata: nil,
            extensionDigits: extensionDigits, settling: settling)
        }
      }
    }
    return try nationalDigits.withBuffer(in: scratch) { (digits) throws(PhoneNumberError) in
      try makeNumber(
        countryCode: countryCode, nationalDigits: digits, metadata: regionMetadata,
        extensionDigits: extensionDigits, settling: settling)
    }
  }

  /// The last steps: the national prefix stripped where the length allows,
  /// the length limits, the number.
  private static func makeNumber(
    countryCode: Int, nationalDigits: UnsafeBufferPointer<UInt8>, metadata: RegionMetadata?,
    extensionDigits: NumberDigits, settling: PhoneNumber.Settling
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
        countryCode: countryCode, nationalDigits: digits, extensionDigits: extensionDigits, settling: settling
      )
    }
    guard let stripped = metadata?.nationalPrefixStrip(nationalDigits) else {
      return try make(nationalDigits)
    }
    func keepsStripped(_ length: Int) -> Bool {
      switch metadata?.lengthCheck(length) {
      case .tooShort?, .possibleLocalOnly?, .invalidLength?: return false
      default: return true
      }
    }
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
      guard let (code, length) = leadingCountryCode(digits) else {
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

  /// The country code at the start of `digits` (1 to 3 digits, no leading
  /// zero) and its length.
  static func leadingCountryCode(_ digits: UnsafeBufferPointer<UInt8>) -> (code: Int, length: Int)? {
    store.leadingCountryCode(digits)
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
    self = try PhoneNumberParser.parse(text, region: region, settling: .formatting)
  }

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
    self = try PhoneNumberParser.parse(utf8: utf8, region: region, settling: settling)
  }
}
