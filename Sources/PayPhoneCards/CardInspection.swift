/// What a ``CardBrandTable`` says about a card number typed so far.
///
/// Holds no digits, so it is safe to log.
///
///     let inspection = CardBrandTable.standard.inspect(try CardNumber("65"))
///     inspection.brand       // nil: still two candidates
///     inspection.candidates  // [.discover, .elo]
public struct CardInspection: Hashable, Sendable {
  /// The brand, set only when exactly one candidate remains.
  public let brand: CardBrand?
  /// The brands some completion of the digits would be detected as, in the
  /// table's listing order. Empty when no brand starts this way.
  public let candidates: [CardBrand]
  /// How many digits the number has.
  public let digitCount: Int
  /// The Luhn check of the digits as they are.
  public let passesLuhn: Bool
  /// A brand is known and allows this many digits.
  public let isLengthValid: Bool
  /// The length is valid and the Luhn check passes, or the brand does not
  /// require it (UnionPay).
  public let isValid: Bool
  /// Some completion of the digits (the digits themselves included) is
  /// valid: a 16-digit Visa with a bad check digit still is (Visa also
  /// allows 18 and 19 digits); a 16-digit Mastercard with one is not.
  public let isPotentiallyValid: Bool
  /// How to group the number for display: the brand's, else by 4.
  public let grouping: CardGrouping
  /// The brand's security code; nil without a brand.
  public let securityCode: CardSecurityCode?
}
