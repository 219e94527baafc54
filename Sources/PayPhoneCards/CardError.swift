public import PayPhoneCore

/// Why text could not be read as a card number or expiry date, or why a
/// custom ``CardBrandTable`` (or one of its ``IINRange``s) was refused: the
/// cards area's one error.
///
/// ``code`` is open (a new release may add codes; match with a `default`);
/// its raw values are the CLI's error codes. A message never contains a card
/// number's digits.
///
///     do {
///       _ = try CardNumber("4111 1111 x")
///     } catch {
///       error.code     // .invalidCharacter
///       error.message  // "character 'x' (U+0078) at position 11 is not a digit, space, hyphen or dot"
///     }
public struct CardError: PayPhoneError {
  /// A kind of failure; its raw value is the CLI's snake_case code.
  ///
  ///     CardError.Code.invalidMonth.rawValue  // "invalid_month"
  public struct Code: PayPhoneErrorCode {
    /// The snake_case code.
    public let rawValue: String

    /// The code spelled `rawValue`.
    ///
    ///     CardError.Code(rawValue: "empty") == .empty  // true
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A card number: a character that is not a digit (of any script), a
    /// space, a hyphen or a dot.
    public static let invalidCharacter = Code(rawValue: "invalid_character")
    /// A card number with no digits at all.
    public static let empty = Code(rawValue: "empty")
    /// An expiry that has the shape of a date but a month outside 1 to 12.
    public static let invalidMonth = Code(rawValue: "invalid_month")
    /// An expiry that is not one of the accepted spellings.
    public static let invalidFormat = Code(rawValue: "invalid_format")
    /// A table: a prefix that is not 1 to 8 digits, range ends of different
    /// lengths, or a range that runs backwards.
    public static let invalidRange = Code(rawValue: "invalid_range")
    /// A table: a brand listed twice, or a tie-break order that does not
    /// list every brand exactly once.
    public static let invalidOrder = Code(rawValue: "invalid_order")
    /// A table: a brand without prefixes or lengths, a length not longer
    /// than the table's longest prefix, or a non-positive security code or
    /// group size.
    public static let invalidBrand = Code(rawValue: "invalid_brand")
    /// A table with more brands than it holds (64).
    public static let tooManyBrands = Code(rawValue: "too_many_brands")
  }

  /// What kind of failure this is.
  public let code: Code
  /// A sentence for a person, naming the brand or range at fault where
  /// there is one; never holds a card number's digits.
  public let message: String

  /// An error of kind `code`, explained by `message`.
  ///
  ///     CardError(code: .empty, message: "the card number has no digits").code  // .empty
  public init(code: Code, message: String) {
    self.code = code
    self.message = message
  }
}

#if !hasFeature(Embedded)
  extension CardError.Code: Codable {}
#endif
