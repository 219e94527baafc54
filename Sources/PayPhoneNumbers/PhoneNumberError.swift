public import PayPhoneCore

/// Why a text could not be read as a phone number, or a caller's format
/// rule could not be compiled: the numbers area's one error.
///
/// ``code`` is open: the five parse codes are libphonenumber's five parse
/// error kinds and the CLI contract's codes; a new release may add codes
/// (match with a `default`), never rename one.
///
///     do {
///       _ = try PhoneNumber("+999 123")
///     } catch {
///       error.code            // .invalidCountryCode
///       error.code.rawValue   // "invalid_country_code"
///       "\(error)"            // "invalid_country_code: The country code is not assigned."
///     }
public struct PhoneNumberError: PayPhoneError {
  /// A kind of failure; its raw value is the CLI contract's snake_case code.
  ///
  ///     PhoneNumberError.Code.tooShortNSN.rawValue  // "too_short_nsn"
  public struct Code: PayPhoneErrorCode {
    /// The snake_case code.
    public let rawValue: String

    /// The code spelled `rawValue`.
    ///
    ///     PhoneNumberError.Code(rawValue: "too_long") == .tooLong  // true
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No (or an unassigned) country code, and no usable default region.
    public static let invalidCountryCode = Code(rawValue: "invalid_country_code")
    /// The text does not look like a phone number at all.
    public static let notANumber = Code(rawValue: "not_a_number")
    /// An international prefix was followed by too few digits.
    public static let tooShortAfterIDD = Code(rawValue: "too_short_after_idd")
    /// Fewer than two digits are left for the national number.
    public static let tooShortNSN = Code(rawValue: "too_short_nsn")
    /// The text is longer than 250 characters, or the national number longer than 17 digits.
    public static let tooLong = Code(rawValue: "too_long")
    /// A ``PhoneNumberFormatRule`` pattern uses syntax the digit-pattern
    /// compiler does not support, or is malformed.
    public static let invalidPattern = Code(rawValue: "invalid_pattern")
    /// A ``PhoneNumber`` part that must be digits is not (or is out of range).
    public static let invalidDigits = Code(rawValue: "invalid_digits")
  }

  /// What kind of failure this is.
  public let code: Code
  /// A human sentence saying what was wrong.
  public let message: String

  /// An error of kind `code`, explained by `message`.
  ///
  ///     PhoneNumberError(code: .tooLong, message: "The text is longer than 250 characters.").code.rawValue
  ///     // "too_long"
  public init(code: Code, message: String) {
    self.code = code
    self.message = message
  }
}

#if !hasFeature(Embedded)
  extension PhoneNumberError.Code: Codable {}
#endif
