internal import PayPhoneText

/// A phone number as libphonenumber models it: a country code, the
/// national significant number (as digits, so Italy's leading zero
/// survives) and an optional extension.
///
///     let number = try PhoneNumber("020 7946 0958 ext. 123", region: .gb)
///     number.countryCode       // 44
///     number.nationalNumber    // "2079460958"
///     number.numberExtension   // "123"
///     number.formatted(.e164)  // "+442079460958"
///
/// `==` and hashing compare the three fields above (the region, type and
/// format rule follow from them). `Codable` as one string: the
/// E.164 form, followed by `;ext=` and the extension when there is one.
///
/// A number holds its digits in place, with no reference to a string;
/// ``nationalNumber`` and ``numberExtension`` make their strings when asked.
public struct PhoneNumber: Sendable, Hashable, CustomStringConvertible {
  /// The country code (44 for the UK, 800 for international freephone).
  public let countryCode: Int
  /// The national significant number's digits (at most 17).
  let nationalDigits: NumberDigits
  /// The extension's digits (at most 20), none when there is no extension.
  let extensionDigits: NumberDigits

  /// The national significant number: ASCII digits, leading zeros kept.
  public var nationalNumber: String { nationalDigits.string }
  /// Runs `body` with ``nationalNumber``'s UTF-8, no string made.
  package func withNationalNumber(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    nationalDigits.withUTF8(body)
  }
  /// The extension's ASCII digits, nil when there is none.
  public var numberExtension: String? { extensionDigits.isEmpty ? nil : extensionDigits.string }
  /// Region and type, when worked out as the number was made (the public
  /// initialisers do, so every later question is a read); nil for a
  /// number the parser made for the finder, which often asks neither: its
  /// questions then work them out each time.
  let classification: PhoneNumberClassification?
  /// The national format rule of the number's main metadata (an index in
  /// its `tables.formats`), chosen once for the international, national
  /// and RFC 3966 formats: -1 for none, ``unchosenFormatRule`` when not
  /// chosen yet (each format then chooses it).
  let formatRule: Int16

  /// ``formatRule`` when the rule is chosen as each format is written.
  static let unchosenFormatRule: Int16 = -2

  /// Equal when the country code, national number and extension are
  /// (however the number was made).
  ///
  ///     try PhoneNumber("020 7946 0958", region: .gb) == PhoneNumber("+44 20 7946 0958")  // true
  public static func == (left: PhoneNumber, right: PhoneNumber) -> Bool {
    left.countryCode == right.countryCode && left.nationalDigits == right.nationalDigits
      && left.extensionDigits == right.extensionDigits
  }

  /// Hashes the country code, national number and extension, the fields
  /// `==` compares.
  ///
  ///     Set([try PhoneNumber("+44 20 7946 0958"), try PhoneNumber("020 7946 0958", region: .gb)]).count  // 1
  public func hash(into hasher: inout Hasher) {
    hasher.combine(countryCode)
    hasher.combine(nationalDigits)
    hasher.combine(extensionDigits)
  }

  /// Creates a number from its parts, not parsed: its region, type and
  /// validity are worked out from the tables. The parts are checked: the
  /// country code is 1 to 999 (assigned or not), the national number is 1 to
  /// 17 ASCII digits and the extension, when given, 1 to 20 ASCII digits
  /// (libphonenumber's limits).
  ///
  ///     let number = try PhoneNumber(countryCode: 44, nationalNumber: "2079460958", numberExtension: "123")
  ///     number.formatted(.international)  // "+44 20 7946 0958 x123"
  ///     try PhoneNumber(countryCode: 44, nationalNumber: "20 7946")  // throws .invalidDigits
  ///
  /// - Throws: ``PhoneNumberError`` with code
  ///   ``PhoneNumberError/Code/invalidDigits`` when a part is not as above.
  public init(countryCode: Int, nationalNumber: String, numberExtension: String? = nil)
    throws(PhoneNumberError)
  {
    func isDigits(_ text: String) -> Bool {
      !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
    guard (1...999).contains(countryCode) else {
      throw PhoneNumberError(
        code: .invalidDigits, message: "The country code \(countryCode) is not 1 to 999.")
    }
    guard isDigits(nationalNumber), nationalNumber.utf8.count <= 17 else {
      throw PhoneNumberError(
        code: .invalidDigits, message: "The national number is not 1 to 17 ASCII digits.")
    }
    if let numberExtension, !isDigits(numberExtension) || numberExtension.utf8.count > NumberDigits.capacity {
      throw PhoneNumberError(code: .invalidDigits, message: "The extension is not 1 to 20 ASCII digits.")
    }
    self.init(
      uncheckedCountryCode: countryCode, nationalDigits: NumberDigits(nationalNumber),
      extensionDigits: numberExtension.map { NumberDigits($0) } ?? NumberDigits())
  }

  /// A number from parts the caller has checked (digits from a parsed or
  /// stored number): classified, its format rule chosen as it is written.
  init(uncheckedCountryCode countryCode: Int, nationalDigits: NumberDigits, extensionDigits: NumberDigits) {
    self.countryCode = countryCode
    self.nationalDigits = nationalDigits
    self.extensionDigits = extensionDigits
    classification = nationalDigits.withUTF8 {
      PhoneNumberClassification(countryCode: countryCode, nationalDigits: $0)
    }
    formatRule = Self.unchosenFormatRule
  }

  /// A number from parsed parts: `nationalDigits` are ASCII digits (at
  /// most 17). Region, type and format rule are worked out when asked (the
  /// finder's leniencies ask for few).
  init(countryCode: Int, nationalDigits: UnsafeBufferPointer<UInt8>, extensionDigits: NumberDigits) {
    self.countryCode = countryCode
    self.nationalDigits = NumberDigits(nationalDigits)
    self.extensionDigits = extensionDigits
    classification = nil
    formatRule = Self.unchosenFormatRule
  }

  /// `number` with its region, type and format rule worked out now: the
  /// public parse's, whose callers ask for validity, type and formats.
  init(parsed number: PhoneNumber) {
    countryCode = number.countryCode
    nationalDigits = number.nationalDigits
    extensionDigits = number.extensionDigits
    let countryCode = number.countryCode
    (classification, formatRule) = number.nationalDigits.withUTF8 {
      PhoneMetadataStore.shared.settle(countryCode: countryCode, nationalDigits: $0)
    }
  }

  /// Region and type: as worked out when the number was made, or now.
  var classified: PhoneNumberClassification {
    if let classification { return classification }
    let countryCode = countryCode
    return nationalDigits.withUTF8 { PhoneNumberClassification(countryCode: countryCode, nationalDigits: $0) }
  }

  /// The E.164 form, with `;ext=` and the extension when there is one.
  public var description: String {
    guard let numberExtension else { return e164 }
    return e164 + ";ext=" + numberExtension
  }

  /// Reads exactly the form `description` writes: `+`, a known country
  /// code, the national digits (at most 17), optionally `;ext=` and digits
  /// (at most 20).
  init?(canonical text: String) {
    var main = Substring(text)
    var extensionDigits = NumberDigits()
    if let range = text.firstRange(ofText: ";ext=") {
      main = text[..<range.lowerBound]
      let digits = text[range.upperBound...]
      guard !digits.isEmpty, digits.utf8.count <= NumberDigits.capacity,
        digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      else { return nil }
      extensionDigits = NumberDigits(digits)
    }
    guard main.first == "+" else { return nil }
    let digits = main.dropFirst()
    guard digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    for length in 1...3 where digits.count > length {
      guard let code = Int(digits.prefix(length)), digits.first != "0" else { return nil }
      if PhoneMetadataStore.shared.isKnownCountryCode(code) {
        let national = digits.dropFirst(length)
        guard national.utf8.count <= PhoneNumberParser.maximumNationalNumberLength else { return nil }
        self.init(
          uncheckedCountryCode: code, nationalDigits: NumberDigits(national), extensionDigits: extensionDigits
        )
        return
      }
    }
    return nil
  }
}

#if !hasFeature(Embedded)
  extension PhoneNumber: Codable {
    /// Encodes the number as its ``description``: E.164, with `;ext=` and
    /// the extension when there is one.
    ///
    ///     try JSONEncoder().encode(PhoneNumber("+44 20 7946 0958"))  // "\"+442079460958\""
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(description)
    }

    /// Decodes a number encoded by ``encode(to:)``; any other text is a
    /// `DecodingError`.
    ///
    ///     try JSONDecoder().decode(PhoneNumber.self, from: Data("\"+442079460958\"".utf8))
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let number = PhoneNumber(canonical: text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "not an E.164 phone number: \(text)")
      }
      self = number
    }
  }
#endif
