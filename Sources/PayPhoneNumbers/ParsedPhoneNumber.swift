internal import PayPhoneText

/// A phone number together with how it was typed: libphonenumber's parse
/// with `keep_raw_input`. The extra facts let formatting keep the user's
/// own way of writing the number (``formattedInOriginalFormat(from:)``) and
/// dial with the carrier the user chose.
///
///     let parsed = try ParsedPhoneNumber("0 15 11 96123-4567", region: .br)
///     parsed.number.formatted(.e164)            // "+5511961234567"
///     parsed.countryCodeSource                  // .fromDefaultCountry
///     parsed.preferredDomesticCarrierCode       // "15"
///
/// Parsing this way costs a second pass over the text; `PhoneNumber(_:region:)`
/// does not pay for it.
///
/// Digits of any script in the text are read as ASCII digits (as everywhere
/// in PayPhone), and the formats below that return the text as typed return
/// it with its digits folded to ASCII.
///
/// `==` and hashing compare all four fields. `Codable` as an object of the
/// four (the number as its E.164 string with `;ext=`).
public struct ParsedPhoneNumber: Sendable, Hashable {
  /// The number, exactly as `PhoneNumber(_:region:)` parses the text.
  public let number: PhoneNumber
  /// The text as it was given.
  public let rawInput: String
  /// How the country code was written.
  public let countryCodeSource: CountryCodeSource
  /// The carrier selection code typed after the national prefix (Brazil's
  /// `0 15 ...`, Colombia's `03 ...`), nil when there was none.
  public let preferredDomesticCarrierCode: String?

  /// Parses `text` as `PhoneNumber(_:region:)` does, keeping how it was typed.
  ///
  ///     try ParsedPhoneNumber("011 44 20 7946 0958", region: .us).countryCodeSource
  ///     // .fromNumberWithIDD
  ///
  /// - Throws: `PhoneNumberError`, as `PhoneNumber(_:region:)`.
  public init(_ text: String, region: RegionCode? = nil) throws(PhoneNumberError) {
    number = try PhoneNumber(text, region: region)
    rawInput = text
    let details = PhoneNumberParser.details(of: text, region: region)
    countryCodeSource = details.countryCodeSource
    preferredDomesticCarrierCode = details.carrierCode
  }

  /// The raw input with its digits folded to ASCII: what the formats read.
  var foldedInput: String { DigitFolding.fold(rawInput) }
}

#if !hasFeature(Embedded)
  extension ParsedPhoneNumber: Codable {}
#endif
