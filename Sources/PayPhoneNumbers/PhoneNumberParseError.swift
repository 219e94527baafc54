/// Why a text could not be read as a phone number: libphonenumber's five
/// parse error kinds, with stable codes.
///
///     do {
///       _ = try PhoneNumber(parsing: "+999 123", region: nil)
///     } catch {
///       error.code            // .invalidCountryCode
///       error.code.rawValue   // "invalid_country_code"
///     }
public struct PhoneNumberParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure; raw values are the CLI contract's codes.
  public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
    /// No (or an unassigned) country calling code, and no usable default region.
    case invalidCountryCode = "invalid_country_code"
    /// The text does not look like a phone number at all.
    case notANumber = "not_a_number"
    /// An international prefix was followed by too few digits.
    case tooShortAfterIDD = "too_short_after_idd"
    /// Fewer than two digits are left for the national number.
    case tooShortNSN = "too_short_nsn"
    /// The text is longer than 250 characters, or the national number longer than 17 digits.
    case tooLong = "too_long"
  }

  /// What kind of failure this is.
  public let code: Code
  /// A human sentence saying what was wrong.
  public let message: String

  /// An error of kind `code`, explained by `message`.
  ///
  ///     PhoneNumberParseError(.tooLong, "The text is longer than 250 characters.").code.rawValue
  ///     // "too_long"
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code.rawValue): \(message)" }
}
